import { ErrorCode, type ErrorCodeValue } from "@hcoins/domain/codes";
import type { Language } from "@hcoins/domain/languages";
import type { TableViews } from "@hcoins/server-kit/database";
import type { FastifyBaseLogger } from "fastify";
import type { Counter, CounterFactory, CounterResult } from "../../counters.ts";
import { AppError, validationError } from "../../errors.ts";
import { maskedNumber } from "../../masked-number.ts";
import { metrics } from "../../metrics.ts";
import { newSmsCode, safeEqual, sha256 } from "../../secrets.ts";
import type { FiguresService } from "../figures/service.ts";
import type { SmsDelivery, SmsDeliveryRepository } from "./delivery-repository.ts";
import type { SmsLimitSourceRepository } from "./limit-sources.ts";
import { type LimitInForce, limitsView } from "./limits-in-force.ts";
import { isMobileNumber } from "./mobile-number.ts";
import { networkBlock } from "./network-block.ts";
import type { NumberAndPurpose, SmsCodeRepository } from "./repository.ts";
import { renderSmsText, type SmsPurpose, type SmsSender } from "./sender.ts";

const HOUR = 3600;

/** The hash binds a code to its number and purpose, so a code is worthless anywhere else. */
const codeHash = (key: NumberAndPurpose, code: string) =>
  sha256(`${key.prefix}:${key.phone}:${key.purpose}:${code}`);

export interface SmsCodeConfig {
  codeTtlSeconds: number;
  maxAttempts: number;
  /** How long a verified registration code can still be used to register. */
  verifiedTtlSeconds: number;
  resendSeconds: number;
  numberHourlyLimit: number;
  clientHourlyLimit: number;
  /** Sends per number per hour from one client address: below numberHourlyLimit, so one stranger cannot spend it all. */
  numberClientHourlyLimit: number;
  /** Sends per hour for the whole deployment (SMS cost money); 80 % of it logs a warning. */
  totalHourlyLimit: number;
  /**
   * The percentage of totalHourlyLimit that registration codes cannot spend: kept for members'
   * reset and redeeming codes, so strangers registering cannot close the reset path for everyone.
   */
  reservedSharePercent: number;
  /** Sends per hour from one network block (IPv4 /24, IPv6 /64), every address in it together. */
  networkHourlyLimit: number;
  /** Redeeming codes per member's number per hour: an allowance of their own, beside the number's. */
  redeemHourlyLimit: number;
  /** Reset codes per hour asked from a device the member logged in on (a valid device cookie). */
  deviceHourlyLimit: number;
  /** How long a code record is kept after its expiry (member exports show them), in days. */
  codeRetentionDays: number;
  /** How long the log of SMS handed to the sender is kept (customer service reads it), in days. */
  logRetentionDays: number;
  /**
   * The SMS text per purpose and language; `{code}` is replaced by the code. A redeeming code
   * says what it is for, so a member who did not ask to redeem knows someone is trying.
   */
  templates: Record<SmsPurpose, Record<Language, string>>;
}

/** One limit a send is counted against, and the error that refuses it. */
interface SendLimit {
  counter: Counter;
  key: string;
  refusal: ErrorCodeValue;
  /** What the warning says when the limit first trips in its hour; null where it trips in everyday use or logs its own (the budget). */
  logged: { message: string; fields: Record<string, unknown> } | null;
  /** Only looked at, not counted: the budget for a reset code that is not sent (a non-member's). */
  peekOnly?: boolean;
}

/** The warning when registrations have spent their share of the hourly budget. */
export const OPEN_SHARE_SPENT =
  "SMS open share spent: registration codes refused until the window ends, members' reset and redeeming codes use the reserved share (SMS_RESERVED_SHARE_PERCENT)";

/** The share of the hourly SMS budget at which operators are warned. */
const BUDGET_WARNING_SHARE = 0.8;

/**
 * SMS codes: 6 CSPRNG digits, stored hashed, valid SMS_CODE_TTL_SECONDS, void after
 * SMS_CODE_MAX_ATTEMPTS wrong tries; sends go only to mobile numbers and are throttled per
 * number+purpose (resend), per number from one client address and per number (registration and
 * reset codes, every address), per client address, per network block and for the whole
 * deployment per hour, in shared counters. Two kinds of code have an allowance of their own
 * instead of the number's, which strangers can spend: redeeming codes (asked with the member's
 * session) and reset codes asked from a device the member logged in on (trustedDevice). And
 * registration codes may spend only the open share of the budget, not the reserved one.
 */
export class SmsCodeService {
  private readonly resend: Counter;
  private readonly perNumberClient: Counter;
  private readonly perNumber: Counter;
  private readonly perRedeem: Counter;
  private readonly perDevice: Counter;
  private readonly perClient: Counter;
  private readonly perNetwork: Counter;
  private readonly openShare: Counter;
  private readonly total: Counter;

  constructor(
    private readonly repo: SmsCodeRepository,
    private readonly deliveries: SmsDeliveryRepository,
    private readonly sources: SmsLimitSourceRepository,
    private readonly figures: FiguresService,
    private readonly sender: SmsSender,
    counters: CounterFactory,
    private readonly config: SmsCodeConfig,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {
    this.resend = counters.counter("sms-resend", 1, config.resendSeconds);
    this.perNumberClient = counters.counter("sms-number-client", config.numberClientHourlyLimit, HOUR);
    this.perNumber = counters.counter("sms-number", config.numberHourlyLimit, HOUR);
    this.perRedeem = counters.counter("sms-redeem", config.redeemHourlyLimit, HOUR);
    this.perDevice = counters.counter("sms-device", config.deviceHourlyLimit, HOUR);
    this.perClient = counters.counter("sms-client", config.clientHourlyLimit, HOUR);
    this.perNetwork = counters.counter("sms-network", config.networkHourlyLimit, HOUR);
    const reserved = Math.floor((config.totalHourlyLimit * config.reservedSharePercent) / 100);
    this.openShare = counters.counter("sms-open-share", config.totalHourlyLimit - reserved, HOUR);
    this.total = counters.counter("sms-total", config.totalHourlyLimit, HOUR);
  }

  /**
   * Counts a send against every limit, then (when `deliver`) stores and sends a new code.
   * With deliver=false (forgot-password for a non-member) nothing is sent, but the answer
   * and the limits are the same, so the call does not reveal who is a member; the budget is only
   * looked at then (nothing is spent on it, and it refuses alike once spent).
   * A refused call is no send: it gives back what it took from the limits before the one that
   * refused it, so a stranger's refused calls neither hold the number's resend wait nor spend
   * its allowance, and the member can still get a code from their own address.
   * `trustedDevice` (a reset asked with a valid device cookie for the number) counts on that
   * device's allowance and resend wait instead of the number's.
   */
  async send(
    key: NumberAndPurpose,
    language: Language,
    clientAddress: string,
    deliver: boolean,
    trustedDevice?: string,
  ): Promise<{ resend_after_seconds: number; expires_in_seconds: number }> {
    // Before any count: a landline never costs an SMS, nor a share of anyone's limits.
    if (!isMobileNumber(key.prefix, key.phone)) {
      throw validationError([{ field: "mobile_phone", rule: "mobileNotMobile" }]);
    }
    const limits = this.limitsOf(key, clientAddress, deliver, trustedDevice);
    await this.noteSources(key, clientAddress, trustedDevice);
    for (const [i, limit] of limits.entries()) {
      const { counter, key: counterKey, refusal, logged } = limit;
      const result = limit.peekOnly ? await this.budgetLeft() : await counter.consume(counterKey);
      if (counter === this.total && !limit.peekOnly) this.reportBudget(result);
      if (!result.allowed) {
        await this.refund(limits.slice(0, i));
        if (result.tripped && logged) this.log.warn(logged.fields, logged.message);
        throw new AppError(refusal, { retry_after_seconds: result.retryAfterSeconds });
      }
    }
    if (deliver) {
      try {
        await this.deliver(key, language);
      } catch (error) {
        // Nothing went out (as far as we know): the send is not counted, so the member may ask again at once.
        await this.refund(limits);
        throw error;
      }
    }
    return {
      resend_after_seconds: this.config.resendSeconds,
      expires_in_seconds: this.config.codeTtlSeconds,
    };
  }

  /**
   * Remembers who asked for this number (its address, and the device a reset is counted on) for
   * as long as the counts keyed by them last, so an operator's reset can find them.
   */
  private async noteSources(key: NumberAndPurpose, clientAddress: string, trustedDevice?: string) {
    const device = key.purpose === "reset" ? trustedDevice : undefined;
    await this.sources.note(
      key.prefix,
      key.phone,
      [
        { kind: "address", source: clientAddress },
        ...(device ? [{ kind: "device" as const, source: device }] : []),
      ],
      this.now() + HOUR * 1000,
    );
  }

  /** The limits one send counts against, in order: the budget last, so other refusals do not spend it. */
  private limitsOf(
    key: NumberAndPurpose,
    clientAddress: string,
    deliver: boolean,
    trustedDevice: string | undefined,
  ): SendLimit[] {
    const numberKey = `${key.prefix}-${key.phone}`;
    const number = maskedNumber(key.prefix, key.phone);
    const device = key.purpose === "reset" ? trustedDevice : undefined;
    const network = networkBlock(clientAddress);
    const resend: SendLimit = {
      counter: this.resend,
      key: device ? `${numberKey}:${key.purpose}:${device}` : `${numberKey}:${key.purpose}`,
      refusal: ErrorCode.smsTooSoon,
      logged: null,
    };
    const own: SendLimit[] =
      key.purpose === "redeem"
        ? [
            {
              counter: this.perRedeem,
              key: numberKey,
              refusal: ErrorCode.smsTooMany,
              logged: {
                message: "SMS limit reached for one member's redeeming codes (SMS_REDEEM_HOURLY_LIMIT)",
                fields: { limit: "sms-redeem", number },
              },
            },
          ]
        : device
          ? [
              {
                counter: this.perDevice,
                key: `${numberKey}:${device}`,
                refusal: ErrorCode.smsTooMany,
                logged: {
                  message: "SMS limit reached for one member's device (SMS_DEVICE_HOURLY_LIMIT)",
                  fields: { limit: "sms-device", number },
                },
              },
            ]
          : [
              {
                counter: this.perNumberClient,
                key: `${numberKey}@${clientAddress}`,
                refusal: ErrorCode.smsTooMany,
                logged: {
                  message:
                    "SMS limit reached for one number from one address (SMS_NUMBER_CLIENT_HOURLY_LIMIT)",
                  fields: { limit: "sms-number-client", number, client: clientAddress },
                },
              },
              {
                counter: this.perNumber,
                key: numberKey,
                refusal: ErrorCode.smsTooMany,
                logged: {
                  message: "SMS limit reached for one number (SMS_NUMBER_HOURLY_LIMIT)",
                  fields: { limit: "sms-number", number },
                },
              },
            ];
    // With no reserved share the open share is the budget itself, which says so on its own.
    const openShare: SendLimit[] =
      key.purpose === "register" && this.openShare.points < this.config.totalHourlyLimit
        ? [
            {
              counter: this.openShare,
              key: "deployment",
              refusal: ErrorCode.smsBudgetReached,
              logged: {
                message: OPEN_SHARE_SPENT,
                fields: {
                  limit: "sms-open-share",
                  openShare: this.openShare.points,
                  totalLimit: this.config.totalHourlyLimit,
                },
              },
            },
          ]
        : [];
    return [
      resend,
      ...own,
      {
        counter: this.perClient,
        key: clientAddress,
        refusal: ErrorCode.smsTooMany,
        logged: {
          message: "SMS limit reached for one address (SMS_CLIENT_HOURLY_LIMIT)",
          fields: { limit: "sms-client", client: clientAddress },
        },
      },
      {
        counter: this.perNetwork,
        key: network,
        refusal: ErrorCode.smsTooMany,
        logged: {
          message: "SMS limit reached for one network (SMS_PER_NETWORK_HOURLY_LIMIT)",
          fields: { limit: "sms-network", network, client: clientAddress },
        },
      },
      ...openShare,
      {
        counter: this.total,
        key: "deployment",
        refusal: ErrorCode.smsBudgetReached,
        logged: null,
        peekOnly: !deliver,
      },
    ];
  }

  /** The budget as a send that is not made sees it: refused once spent, nothing taken. */
  private async budgetLeft(): Promise<CounterResult> {
    const count = await this.total.peek("deployment");
    const spent = count !== null && count.consumed >= this.total.points;
    return {
      allowed: !spent,
      remaining: count?.remaining ?? this.total.points,
      retryAfterSeconds: count?.retryAfterSeconds ?? HOUR,
      tripped: false,
      consumed: count?.consumed ?? 0,
    };
  }

  /** Gives back one point on each limit; a refund that fails is logged, not answered (the call's own answer stands). */
  private async refund(limits: SendLimit[]): Promise<void> {
    const counted = limits.filter(({ peekOnly }) => !peekOnly);
    const refunds = await Promise.allSettled(counted.map(({ counter, key }) => counter.refund(key)));
    for (const refund of refunds) {
      if (refund.status === "rejected") this.log.warn({ err: refund.reason }, "SMS limit not refunded");
    }
  }

  /**
   * One line an operator can alert on, once per hour window whichever instance sends: the send that
   * reaches 80 % of SMS_TOTAL_HOURLY_LIMIT (warn), and the first one the budget refuses (error).
   * A failed send gives its point back, so a gateway outage at that very moment may repeat a line.
   */
  private reportBudget({ consumed, retryAfterSeconds }: CounterResult): void {
    const limit = this.config.totalHourlyLimit;
    const fields = {
      smsSentThisHour: Math.min(consumed, limit),
      limit,
      windowEndsInSeconds: retryAfterSeconds,
    };
    if (consumed === Math.ceil(limit * BUDGET_WARNING_SHARE)) {
      this.log.warn(fields, "SMS hourly budget 80% used (SMS_TOTAL_HOURLY_LIMIT)");
    } else if (consumed === limit + 1) {
      this.log.error(
        fields,
        "SMS hourly budget spent: codes refused until the window ends (SMS_TOTAL_HOURLY_LIMIT)",
      );
    }
  }

  /**
   * Stores a new code for the number and purpose, then hands it to the sender; a sender failure is
   * a 5030. Either way the attempt goes in the delivery log and the day's figures.
   */
  private async deliver(key: NumberAndPurpose, language: Language): Promise<void> {
    const code = newSmsCode();
    const now = this.now();
    await this.repo.replace(key, codeHash(key, code), now, now + this.config.codeTtlSeconds * 1000);
    try {
      await this.sender.send({
        mobile_phone_prefix: key.prefix,
        mobile_phone: key.phone,
        purpose: key.purpose,
        language,
        code,
        text: renderSmsText(this.config.templates[key.purpose], language, code),
      });
    } catch (error) {
      metrics.smsFailed(key.purpose);
      this.log.error({ err: error, purpose: key.purpose }, "SMS send failed");
      await this.logDelivery(key, false, now);
      throw new AppError(ErrorCode.serviceUnavailable);
    }
    metrics.smsSent(key.purpose);
    await this.logDelivery(key, true, now);
  }

  /**
   * Records an attempt (never the code). A log write that fails is logged and passed over: the
   * code went out, or the member is answered the sender's failure, not the log's.
   */
  private async logDelivery(key: NumberAndPurpose, delivered: boolean, now: number): Promise<void> {
    try {
      await this.deliveries.record({
        mobile_phone_prefix: key.prefix,
        mobile_phone: key.phone,
        purpose: key.purpose,
        delivered: delivered ? 1 : 0,
        created_at: now,
      });
    } catch (error) {
      this.log.warn({ err: error, purpose: key.purpose }, "SMS delivery not logged");
    }
    await this.figures.count(delivered ? "sms.sent" : "sms.failed");
  }

  /**
   * Checks a code and marks it verified; repeating it with the right code is fine.
   * Wrong, expired, used up or unknown: 4201. Returns the code's row id.
   */
  async verify(key: NumberAndPurpose, code: string): Promise<number> {
    const row = await this.repo.current(key);
    const now = this.now();
    const live =
      row &&
      row.consumed_at === null &&
      (row.verified_at !== null ? this.verifiedStillValid(row.verified_at, now) : row.expires_at > now);
    if (!row || !live || !(await this.repo.takeAttempt(row.id, this.config.maxAttempts))) {
      throw new AppError(ErrorCode.smsCodeInvalid);
    }
    if (!safeEqual(row.code_hash, codeHash(key, code))) throw new AppError(ErrorCode.smsCodeInvalid);
    await this.repo.markVerified(row.id, now);
    return row.id;
  }

  /** A code that register-token-status verified, still within its 30 minutes, not consumed and not void. */
  async isVerified(key: NumberAndPurpose, code: string, trx?: TableViews): Promise<number | null> {
    const row = await this.repo.current(key, trx);
    if (!row || row.verified_at === null || row.consumed_at !== null) return null;
    if (!this.verifiedStillValid(row.verified_at, this.now())) return null;
    if (row.attempts >= this.config.maxAttempts) return null;
    return safeEqual(row.code_hash, codeHash(key, code)) ? row.id : null;
  }

  /**
   * isVerified for a code presented by a client (CheckPhone, register-with-mobile): a wrong code
   * counts as a wrong try, taken before the comparison like verify(), so the 30 minutes of a
   * verified code are no window for guessing. Not inside a transaction, so the try sticks.
   */
  async checkVerified(key: NumberAndPurpose, code: string): Promise<number | null> {
    const row = await this.repo.current(key);
    if (!row || row.verified_at === null || row.consumed_at !== null) return null;
    if (!this.verifiedStillValid(row.verified_at, this.now())) return null;
    if (!(await this.repo.takeAttempt(row.id, this.config.maxAttempts))) return null;
    if (!safeEqual(row.code_hash, codeHash(key, code))) return null;
    await this.repo.markVerified(row.id, this.now());
    return row.id;
  }

  /** Uses up a verified code inside the caller's transaction; 4201 when it is not (or no longer) usable. */
  async consumeVerified(key: NumberAndPurpose, code: string, trx: TableViews): Promise<void> {
    const id = await this.isVerified(key, code, trx);
    if (id === null || !(await this.repo.consume(id, this.now(), trx))) {
      throw new AppError(ErrorCode.smsCodeInvalid);
    }
  }

  /**
   * A proof given once (the step-up of a redemption): verify() and use the code up at once, so
   * that two requests with one code cannot both pass. Wrong, expired, void or used: 4201.
   * Returns the code's id, for restore().
   */
  async useCode(key: NumberAndPurpose, code: string): Promise<number> {
    const id = await this.verify(key, code);
    if (!(await this.repo.consume(id, this.now()))) throw new AppError(ErrorCode.smsCodeInvalid);
    return id;
  }

  /**
   * Makes a code useCode() took usable again (until its verified time runs out), when what it
   * was to prove did not happen: the member retries without waiting for another SMS.
   */
  async restore(id: number): Promise<void> {
    await this.repo.unconsume(id);
  }

  private verifiedStillValid(verifiedAt: number, now: number): boolean {
    return verifiedAt + this.config.verifiedTtlSeconds * 1000 > now;
  }

  /**
   * An operator's reset: every count that holds this number back starts afresh, the number's hourly
   * allowance, its redeeming codes', the resend waits of each purpose, and the share of it of every
   * address and device that asked for it lately. The limits of an address or network on every number
   * and the deployment's budget stay: they are not this number's, and clearing them would hand
   * whoever spent them (a stranger, often) a fresh allowance for every number.
   */
  async resetAllowance(prefix: string, phone: string): Promise<void> {
    const numberKey = `${prefix}-${phone}`;
    const sources = await this.sources.of(prefix, phone, this.now());
    const purposes: SmsPurpose[] = ["register", "reset", "redeem"];
    await Promise.all([
      this.perNumber.reset(numberKey),
      this.perRedeem.reset(numberKey),
      ...purposes.map((purpose) => this.resend.reset(`${numberKey}:${purpose}`)),
      ...sources.flatMap(({ kind, source }) =>
        kind === "address"
          ? [this.perNumberClient.reset(`${numberKey}@${source}`)]
          : [
              this.perDevice.reset(`${numberKey}:${source}`),
              this.resend.reset(`${numberKey}:reset:${source}`),
            ],
      ),
    ]);
  }

  /**
   * Every limit a code for this number is counted against now, with its use: the number's own
   * (always), and those of the addresses and devices that asked for it within the hour, where
   * they have a count.
   */
  async limitsInForce(prefix: string, phone: string): Promise<LimitInForce[]> {
    const numberKey = `${prefix}-${phone}`;
    const sources = await this.sources.of(prefix, phone, this.now());
    const addresses = sources.filter(({ kind }) => kind === "address").map(({ source }) => source);
    const devices = sources.filter(({ kind }) => kind === "device").map(({ source }) => source);
    const purposes: SmsPurpose[] = ["register", "reset", "redeem"];
    return limitsView(this.now(), [
      ...purposes.map((purpose) => ({
        limit: "resend" as const,
        purpose,
        counter: this.resend,
        key: `${numberKey}:${purpose}`,
        cleared: true,
        always: false,
      })),
      ...devices.map((device) => ({
        limit: "resend" as const,
        purpose: "reset" as const,
        device,
        counter: this.resend,
        key: `${numberKey}:reset:${device}`,
        cleared: true,
        always: false,
      })),
      { limit: "number", counter: this.perNumber, key: numberKey, cleared: true, always: true },
      { limit: "redeem", counter: this.perRedeem, key: numberKey, cleared: true, always: true },
      ...addresses.map((address) => ({
        limit: "numberAddress" as const,
        source: address,
        counter: this.perNumberClient,
        key: `${numberKey}@${address}`,
        cleared: true,
        always: false,
      })),
      ...devices.map((device) => ({
        limit: "device" as const,
        device,
        counter: this.perDevice,
        key: `${numberKey}:${device}`,
        cleared: true,
        always: false,
      })),
      ...addresses.map((address) => ({
        limit: "address" as const,
        source: address,
        counter: this.perClient,
        key: address,
        cleared: false,
        always: false,
      })),
      // An address that is not an IP address (an operator asking from the console) is its own network.
      ...[...new Set(addresses.map(networkBlock))]
        .filter((network) => !addresses.includes(network))
        .map((network) => ({
          limit: "network" as const,
          source: network,
          counter: this.perNetwork,
          key: network,
          cleared: false,
          always: false,
        })),
      { limit: "budget", counter: this.total, key: "deployment", cleared: false, always: true },
    ]);
  }

  /** The addresses and devices remembered for a number's limits, for a data access request. */
  limitSourcesOf(prefix: string, phone: string) {
    return this.sources.allOf(prefix, phone);
  }

  /** Forgets the addresses and devices whose counts have all ended; returns how many. */
  purgeEndedLimitSources(now: number): Promise<number> {
    return this.sources.deleteExpired(now);
  }

  /** Every code record of a number, for a data access request. */
  codesOf(prefix: string, phone: string) {
    return this.repo.codesOf(prefix, phone);
  }

  /**
   * Deletes the code records whose expiry passed more than SMS_CODE_RETENTION_DAYS ago; returns
   * how many. None is still usable: a verified code lasts SMS_VERIFIED_TTL_SECONDS from its
   * verification, before its expiry, so it is over by expiry + that, which the cut-off also waits
   * for. The send limits and the resend wait are counters, not these rows, so no limit resets.
   */
  purgeOldCodes(now: number): Promise<number> {
    const keptMs = Math.max(
      this.config.codeRetentionDays * 86_400_000,
      this.config.verifiedTtlSeconds * 1000,
    );
    return this.repo.deleteCodesExpiredBefore(now - keptMs);
  }

  /**
   * Deletes every code record of a number in the caller's transaction (erasure), and the addresses
   * and devices remembered for its limits; returns how many code records.
   */
  async eraseCodesOf(prefix: string, phone: string, trx: TableViews): Promise<number> {
    await this.sources.deleteOf(prefix, phone, trx);
    return this.repo.deleteCodesOf(prefix, phone, trx);
  }

  /** The SMS last handed to the sender for a number, newest first (customer service's view; no code). */
  async recentDeliveries(prefix: string, phone: string, limit: number) {
    return (await this.deliveries.of(prefix, phone, limit)).map(deliveryView);
  }

  /** Every logged SMS of a number, for a data access request. */
  deliveriesOf(prefix: string, phone: string) {
    return this.deliveries.of(prefix, phone, null);
  }

  /** Deletes the delivery log's rows older than SMS_LOG_RETENTION_DAYS; returns how many. */
  purgeOldDeliveries(now: number): Promise<number> {
    return this.deliveries.deleteBefore(now - this.config.logRetentionDays * 86_400_000);
  }

  /** Deletes a number's delivery log in the caller's transaction (erasure); returns how many. */
  eraseDeliveriesOf(prefix: string, phone: string, trx: TableViews): Promise<number> {
    return this.deliveries.deleteOf(prefix, phone, trx);
  }
}

const deliveryView = (row: SmsDelivery) => ({
  sent_at: new Date(row.created_at).toISOString(),
  purpose: row.purpose,
  delivered: row.delivered === 1,
});
