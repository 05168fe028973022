import { migrateCoinScheme } from "@hcoins/coin-scheme/embedded";
import { CAMPAIGN_ACTIVATE_KIND } from "@hcoins/domain/api/console-campaigns";
import { MISSION_ACTIVATE_KIND } from "@hcoins/domain/api/console-missions";
import { type DatabaseHandle, openDatabase } from "@hcoins/server-kit/database";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { Config } from "./config.ts";
import { createCounterFactory } from "./counters.ts";
import { requireMemberDatabase } from "./db/existing-database.ts";
import { migrateMemberDatabase } from "./db/migrate.ts";
import { AuditRepository } from "./modules/audit/repository.ts";
import { AuditService } from "./modules/audit/service.ts";
import { DeviceCookies } from "./modules/auth/device-cookie.ts";
import { setPasswordHashConcurrency } from "./modules/auth/passwords.ts";
import { AuthRepository } from "./modules/auth/repository.ts";
import { AuthService } from "./modules/auth/service.ts";
import { CampaignService } from "./modules/campaigns/service.ts";
import { CmsEditor } from "./modules/cms/editor.ts";
import { CmsRepository } from "./modules/cms/repository.ts";
import { CmsService } from "./modules/cms/service.ts";
import { ADJUSTMENT_KIND, CoinAdjustmentService } from "./modules/coin-controls/adjustments.ts";
import { ApprovalService } from "./modules/coin-controls/approvals.ts";
import { BULK_ADJUSTMENT_KIND, BulkAdjustmentService } from "./modules/coin-controls/bulk-adjustments.ts";
import { CoinControlService } from "./modules/coin-controls/controls.ts";
import { DailyTotals } from "./modules/coin-controls/daily-totals.ts";
import { CoinControlRepository } from "./modules/coin-controls/repository.ts";
import { createCoinServices } from "./modules/coins/create-coin-services.ts";
import { ConsoleActionKeys } from "./modules/console-action-keys/console-action-keys.ts";
import { DataProtectionService } from "./modules/data-protection/service.ts";
import { FiguresBreakdownReport } from "./modules/figures/breakdown.ts";
import { FiguresReport } from "./modules/figures/report.ts";
import { DailyCountRepository } from "./modules/figures/repository.ts";
import { FiguresService } from "./modules/figures/service.ts";
import { MediaRepository } from "./modules/media/repository.ts";
import { MediaService } from "./modules/media/service.ts";
import { MemberCoinsService } from "./modules/member-coins/service.ts";
import { RedeemStepUp } from "./modules/member-coins/step-up.ts";
import { BIRTH_MONTH_KIND, BirthMonthCorrections } from "./modules/member-records/birth-month-approvals.ts";
import { MemberRecordRepository } from "./modules/member-records/repository.ts";
import { MemberRecordService } from "./modules/member-records/service.ts";
import { MemberFinder } from "./modules/member-support/member-finder.ts";
import { MemberLedgerService } from "./modules/member-support/member-ledger.ts";
import { MemberSupportService } from "./modules/member-support/service.ts";
import { LookupBudget } from "./modules/members/lookup-budget.ts";
import { MemberDirectory } from "./modules/members/member-directory.ts";
import { MemberRepository } from "./modules/members/repository.ts";
import { MemberService } from "./modules/members/service.ts";
import { MissionService } from "./modules/missions/service.ts";
import { OperatorLifecycle } from "./modules/operators/lifecycle.ts";
import { OperatorRepository } from "./modules/operators/repository.ts";
import { OperatorService } from "./modules/operators/service.ts";
import { OperatorSessions } from "./modules/operators/sessions.ts";
import { ProfileFactsService } from "./modules/profile-facts/service.ts";
import { ProgrammeService } from "./modules/programme/service.ts";
import { ReferralProgramme } from "./modules/referrals/referral-programme.ts";
import { ReferralRepository } from "./modules/referrals/repository.ts";
import { ReferralService } from "./modules/referrals/service.ts";
import { RegistrationService } from "./modules/registration/service.ts";
import { SchemeOutboxRepository } from "./modules/scheme-outbox/repository.ts";
import { SchemeOutbox } from "./modules/scheme-outbox/service.ts";
import { SegmentService } from "./modules/segments/service.ts";
import { SettingsRepository } from "./modules/settings/repository.ts";
import { SettingsService } from "./modules/settings/service.ts";
import { ConsoleSmsSender } from "./modules/sms/console-sender.ts";
import { SmsDeliveryRepository } from "./modules/sms/delivery-repository.ts";
import { HttpSmsSender } from "./modules/sms/http-sender.ts";
import { SmsLimitSourceRepository } from "./modules/sms/limit-sources.ts";
import { SmsCodeRepository } from "./modules/sms/repository.ts";
import { SmsCodeService } from "./modules/sms/service.ts";
import { StoreRepository } from "./modules/stores/repository.ts";
import { StoreService } from "./modules/stores/service.ts";
import { StoreEditor } from "./modules/stores/store-editor.ts";
import { SubscriptionService } from "./modules/subscriptions/service.ts";
import { GOODWILL_KIND, GoodwillVouchers } from "./modules/vouchers/goodwill-approvals.ts";
import { VoucherSupportService } from "./modules/vouchers/voucher-support.ts";

/**
 * Every domain service, wired once; routes and the admin CLI receive this object. Each
 * service gets its repository (its tables), the services it calls, and its slice of the
 * configuration, cut here and nowhere else; a service whose work spans modules also gets
 * `database.transaction` and passes the transaction down.
 */
export function createServices(
  config: Config,
  database: DatabaseHandle,
  redis: Redis | undefined,
  log: FastifyBaseLogger,
  now: () => number,
) {
  const { transaction } = database;
  setPasswordHashConcurrency(config.PASSWORD_HASH_CONCURRENCY);
  const counters = createCounterFactory(redis, config.REDIS_KEY_PREFIX, now);
  const smsSender =
    config.SMS_PROVIDER === "http"
      ? new HttpSmsSender({
          url: config.SMS_HTTP_URL as string,
          username: config.SMS_HTTP_USERNAME,
          password: config.SMS_HTTP_PASSWORD,
          sender: config.SMS_HTTP_SENDER,
          timeoutMs: config.SMS_HTTP_TIMEOUT_MS,
        })
      : new ConsoleSmsSender(log, now);
  const settings = new SettingsService(new SettingsRepository(database));
  const audit = new AuditService(
    new AuditRepository(database),
    { retentionDays: config.AUDIT_RETENTION_DAYS },
    now,
  );
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const members = new MemberService(
    new MemberRepository(database),
    transaction,
    { accessTokenTtlDays: config.ACCESS_TOKEN_TTL_DAYS },
    now,
  );
  const lookupBudget = new LookupBudget(
    counters,
    { perMinute: config.LOOKUP_CLIENT_MINUTE_LIMIT, perDay: config.LOOKUP_CLIENT_DAILY_LIMIT },
    log,
  );
  const figures = new FiguresService(new DailyCountRepository(database), log, now);
  const codeTexts = { en: config.SMS_TEMPLATE_EN, tc: config.SMS_TEMPLATE_TC, sc: config.SMS_TEMPLATE_SC };
  const sms = new SmsCodeService(
    new SmsCodeRepository(database),
    new SmsDeliveryRepository(database),
    new SmsLimitSourceRepository(database),
    figures,
    smsSender,
    counters,
    {
      codeTtlSeconds: config.SMS_CODE_TTL_SECONDS,
      maxAttempts: config.SMS_CODE_MAX_ATTEMPTS,
      verifiedTtlSeconds: config.SMS_VERIFIED_TTL_SECONDS,
      resendSeconds: config.SMS_RESEND_SECONDS,
      numberHourlyLimit: config.SMS_NUMBER_HOURLY_LIMIT,
      clientHourlyLimit: config.SMS_CLIENT_HOURLY_LIMIT,
      numberClientHourlyLimit: config.SMS_NUMBER_CLIENT_HOURLY_LIMIT,
      totalHourlyLimit: config.SMS_TOTAL_HOURLY_LIMIT,
      reservedSharePercent: config.SMS_RESERVED_SHARE_PERCENT,
      networkHourlyLimit: config.SMS_PER_NETWORK_HOURLY_LIMIT,
      redeemHourlyLimit: config.SMS_REDEEM_HOURLY_LIMIT,
      deviceHourlyLimit: config.SMS_DEVICE_HOURLY_LIMIT,
      codeRetentionDays: config.SMS_CODE_RETENTION_DAYS,
      logRetentionDays: config.SMS_LOG_RETENTION_DAYS,
      templates: {
        register: codeTexts,
        reset: codeTexts,
        redeem: {
          en: config.SMS_REDEEM_TEMPLATE_EN,
          tc: config.SMS_REDEEM_TEMPLATE_TC,
          sc: config.SMS_REDEEM_TEMPLATE_SC,
        },
      },
    },
    log,
    now,
  );
  const auth = new AuthService(
    new AuthRepository(database),
    members,
    sms,
    transaction,
    counters,
    {
      loginMaxFailures: config.LOGIN_MAX_FAILURES,
      loginNumberMaxFailures: config.LOGIN_NUMBER_MAX_FAILURES,
      loginClientMaxFailures: config.LOGIN_CLIENT_MAX_FAILURES,
      deviceLoginMaxFailures: config.DEVICE_LOGIN_MAX_FAILURES,
      changePasswordMaxFailures: config.CHANGE_PASSWORD_MAX_FAILURES,
      redeemPasswordMaxFailures: config.REDEEM_PASSWORD_MAX_FAILURES,
      loginLockSeconds: config.LOGIN_LOCK_SECONDS,
      resetTokenTtlSeconds: config.RESET_TOKEN_TTL_SECONDS,
      signatureLoginSecret: config.SIGNATURE_LOGIN_SECRET,
      signatureLoginWindowSeconds: config.SIGNATURE_LOGIN_WINDOW_SECONDS,
    },
    audit,
    figures,
    log,
    now,
    new DeviceCookies(settings, { lifetimeDays: config.DEVICE_COOKIE_DAYS }, now),
  );
  const subscriptions = new SubscriptionService(
    members,
    settings,
    {
      linkTtlDays: config.UNSUBSCRIBE_LINK_TTL_DAYS,
      publicUrl,
    },
    now,
  );
  const { coinScheme, coinSchemeClient, coins } = createCoinServices(
    config.coinScheme
      ? { embedded: config.coinScheme.settings }
      : {
          external: {
            url: config.COIN_SCHEME_URL as string,
            apiKey: config.COIN_SCHEME_API_KEY as string,
            timeoutMs: config.COIN_SCHEME_TIMEOUT_MS,
          },
        },
    database,
    members,
    log,
    now,
    counters,
  );
  const schemeOutbox = new SchemeOutbox(new SchemeOutboxRepository(database), coinSchemeClient, log, now);
  const referrals = new ReferralService(
    new ReferralRepository(database),
    members,
    settings,
    schemeOutbox,
    transaction,
    log,
    now,
    coinSchemeClient,
    coins,
  );
  coins.onLinked((member) => referrals.accountLinked(member));
  const profileFacts = new ProfileFactsService(
    members,
    coins,
    schemeOutbox,
    coinSchemeClient,
    transaction,
    log,
  );
  members.onChange((before, after, trx) => profileFacts.changed(before, after, trx));
  coins.onLinked((member) => profileFacts.linked(member));
  const registration = new RegistrationService(
    members,
    sms,
    figures,
    transaction,
    { registerStoreCode: config.REGISTER_STORE_CODE },
    referrals,
  );
  const memberRecords = new MemberRecordService(
    members,
    sms,
    coinSchemeClient,
    audit,
    new MemberRecordRepository(database),
    transaction,
    log,
    now,
    schemeOutbox,
  );
  const dataProtection = new DataProtectionService(
    members,
    auth,
    sms,
    coinSchemeClient,
    audit,
    transaction,
    now,
    memberRecords,
    schemeOutbox,
    referrals,
  );
  const media = new MediaService(new MediaRepository(database), { maxBytes: config.MEDIA_MAX_BYTES }, now);
  const cmsRepository = new CmsRepository(database);
  const cms = new CmsService(cmsRepository, transaction, media, now);
  const cmsEditor = new CmsEditor(cmsRepository, transaction, media, audit, now);
  const storeRepository = new StoreRepository(database);
  const stores = new StoreService(storeRepository, transaction, media, coinSchemeClient, schemeOutbox, now);
  const storeEditor = new StoreEditor(storeRepository, transaction, media, audit, now);
  const memberCoins = new MemberCoinsService(
    coinSchemeClient,
    coins,
    stores,
    new RedeemStepUp(auth, sms),
    log,
    now,
  );
  const operatorRepository = new OperatorRepository(database);
  const operators = new OperatorService(
    operatorRepository,
    new OperatorSessions(
      operatorRepository,
      { idleMinutes: config.CONSOLE_IDLE_MINUTES, lifetimeHours: 12 },
      now,
    ),
    audit,
    counters,
    {
      publicUrl,
      invitationTtlHours: 72,
      emailMaxFailures: config.OPERATOR_SIGN_IN_MAX_FAILURES,
      emailCeiling: config.OPERATOR_SIGN_IN_EMAIL_MAX_FAILURES,
      clientMaxFailures: config.OPERATOR_SIGN_IN_CLIENT_MAX_FAILURES,
      lockSeconds: config.OPERATOR_LOCK_SECONDS,
    },
    log,
    now,
  );
  const coinControlRepository = new CoinControlRepository(database);
  const coinControls = new CoinControlService(settings, audit);
  const dailyTotals = new DailyTotals(coinControlRepository, log, now);
  const approvals = new ApprovalService(
    coinControlRepository,
    audit,
    { expiryHours: config.APPROVAL_EXPIRY_HOURS },
    log,
    now,
  );
  const coinAdjustments = new CoinAdjustmentService(
    coinControlRepository,
    coinControls,
    dailyTotals,
    approvals,
    members,
    coinSchemeClient,
    audit,
    log,
    now,
  );
  const operatorLifecycle = new OperatorLifecycle(operatorRepository, operators, operators.sessions, audit);
  const memberSupport = new MemberSupportService(members, auth, sms, coinSchemeClient, audit, log);
  const memberLedger = new MemberLedgerService(members, coinSchemeClient, stores, coinAdjustments, log);
  const memberFinder = new MemberFinder(members, new MemberDirectory(database), coinSchemeClient, log);
  const programme = new ProgrammeService(coinSchemeClient, audit, stores, now);
  const referralProgramme = new ReferralProgramme(coinSchemeClient, audit);
  const campaigns = new CampaignService(coinSchemeClient, audit, approvals, database);
  const missions = new MissionService(coinSchemeClient, audit, approvals, database);
  const segments = new SegmentService(coinSchemeClient, audit);
  const consoleActionKeys = new ConsoleActionKeys(database, now);
  const voucherSupport = new VoucherSupportService(members, coinSchemeClient, audit, consoleActionKeys, log);
  const goodwillVouchers = new GoodwillVouchers(
    voucherSupport,
    coinControls,
    approvals,
    consoleActionKeys,
    database,
  );
  const birthMonthCorrections = new BirthMonthCorrections(members, memberRecords, approvals, database);
  const bulkAdjustments = new BulkAdjustmentService(
    coinControls,
    dailyTotals,
    approvals,
    members,
    coinSchemeClient,
    consoleActionKeys,
    audit,
    database,
    log,
  );
  // The approvals queue's kinds (coin-controls/approvals.ts ApprovalKind): one line each.
  approvals.register(ADJUSTMENT_KIND, coinAdjustments.approvalKind());
  approvals.register(GOODWILL_KIND, goodwillVouchers.approvalKind());
  approvals.register(BIRTH_MONTH_KIND, birthMonthCorrections.approvalKind());
  approvals.register(BULK_ADJUSTMENT_KIND, bulkAdjustments.approvalKind());
  approvals.register(CAMPAIGN_ACTIVATE_KIND, campaigns.approvalKind());
  approvals.register(MISSION_ACTIVATE_KIND, missions.approvalKind());
  const figuresReport = new FiguresReport(figures, coinSchemeClient, log, now);
  const figuresBreakdown = new FiguresBreakdownReport(coinSchemeClient, stores, now);
  return {
    /** The whole configuration, for the routes and the command line; services hold their slices. */
    config,
    /**
     * The one connection: what the embedded scheme, the first start's seed transaction and the
     * tests build on. Modules reach their tables only through their repositories.
     */
    database,
    /** The clock, unix milliseconds (tests move it). */
    now,
    smsSender,
    settings,
    members,
    lookupBudget,
    sms,
    auth,
    registration,
    referrals,
    subscriptions,
    coinScheme,
    coinSchemeClient,
    /** What the scheme must hear of the member server's changes (its job delivers; tests drain it). */
    schemeOutbox,
    /** The profile facts the scheme keeps for segments, and their backfill job. */
    profileFacts,
    coins,
    memberCoins,
    dataProtection,
    media,
    cms,
    cmsEditor,
    storeEditor,
    stores,
    audit,
    operators,
    operatorLifecycle,
    memberSupport,
    memberLedger,
    memberFinder,
    coinControls,
    dailyTotals,
    approvals,
    coinAdjustments,
    bulkAdjustments,
    consoleActionKeys,
    memberRecords,
    voucherSupport,
    goodwillVouchers,
    birthMonthCorrections,
    programme,
    referralProgramme,
    campaigns,
    missions,
    segments,
    figures,
    figuresReport,
    figuresBreakdown,
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * The services over the configured database, opened and migrated (the embedded scheme's
 * tables too), for the admin command line: no Redis, since no command touches the shared
 * counters. The database must already hold the member server's tables unless `createDatabase`
 * (a ConfigError otherwise, and nothing is created: db/existing-database.ts). `close` closes it.
 */
export async function openServices(
  config: Config,
  log: FastifyBaseLogger,
  { createDatabase = false }: { createDatabase?: boolean } = {},
): Promise<{ services: Services; close: () => Promise<void> }> {
  await requireMemberDatabase(config.DATABASE_URL, { create: createDatabase });
  const database = openDatabase(config.DATABASE_URL);
  try {
    await migrateMemberDatabase(database);
    if (config.coinScheme) await migrateCoinScheme(database, config.coinScheme.settings);
  } catch (error) {
    await database.close();
    throw error;
  }
  return { services: createServices(config, database, undefined, log, Date.now), close: database.close };
}
