import { randomInt } from "node:crypto";
import type { CampaignDefinition } from "@hcoins/domain/campaign-rules";
import type { ExpiryPolicy } from "@hcoins/domain/ledger-rules";
import type { MissionDefinition } from "@hcoins/domain/mission-rules";
import type { SegmentCondition, SegmentDefinition } from "@hcoins/domain/segment-rules";
import type { TableViews } from "@hcoins/server-kit/database";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type {
  AccountsResult,
  AccountsWithoutProfileFactsResult,
  BalanceResult,
  BirthMonthResult,
  BonusDays,
  CampaignDryRunResult,
  CampaignResult,
  CampaignsResult,
  CoinFiguresBreakdownResult,
  CoinFiguresResult,
  CreateAccountResult,
  ExpiryPolicyResult,
  ExpiryPreviewResult,
  ExpiryRunResult,
  GoodwillResult,
  LedgerCheckResult,
  LedgerResult,
  LinkResult,
  MemberMissionsResult,
  MissionResult,
  MissionsResult,
  ProfileFacts,
  ProfileFactsResult,
  RedemptionResult,
  ReferralListResult,
  ReferralSettingsResult,
  ReferralView,
  RewardResult,
  RewardsResult,
  SchemeAccount,
  SegmentResult,
  SegmentsResult,
  StoreResult,
  StoresResult,
  SuspensionResult,
  TillAccountResult,
  TillKeyCreateResult,
  TillKeyResult,
  TillKeysResult,
  TransactionResult,
  VoucherCancelResult,
  VoucherResult,
  VouchersResult,
  VoucherUseResult,
} from "./api-schemas.ts";
import { Bulkhead } from "./bulkhead.ts";
import { Campaigns } from "./campaigns.ts";
import type { CoinSchemeSettings } from "./config.ts";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import { expiryPolicyResult, nextExpiryRun, previewExpiry, runExpiry, setExpiryPolicy } from "./expiry.ts";
import { coinFigures } from "./figures.ts";
import { coinFiguresBreakdown } from "./figures-breakdown.ts";
import { type GoodwillInput, GoodwillVouchers } from "./goodwill.ts";
import type { Holder, HolderAccount, HolderAnonymiseResult, HolderExport } from "./holders.ts";
import { type AdjustmentInput, LedgerWrites, type PurchaseInput, type RefundInput } from "./ledger-writes.ts";
import type { LowStockObserver } from "./low-stock-alerts.ts";
import { LiveMissions } from "./mission-stamps.ts";
import { Missions } from "./missions.ts";
import { plainEntry, postDebit } from "./postings.ts";
import { accountsWithoutProfileFacts, setProfileFacts } from "./profile-facts.ts";
import { type RedeemInput, Redemptions } from "./redemptions.ts";
import {
  listReferrals,
  type ReferralRecord,
  type ReferralSettings,
  recordReferral,
  referralSettingsResult,
  setReferralSettings,
} from "./referrals.ts";
import { CoinSchemeRepository, type LedgerFilter } from "./repository.ts";
import { type RewardFields, Rewards } from "./rewards.ts";
import { inProcessCounters, type SchemeCounters } from "./scheme-counters.ts";
import { Segments } from "./segments.ts";
import { SoldOutRewards } from "./sold-out-rewards.ts";
import type { AccountRow, CoinSchemeTables } from "./tables.ts";
import type { AccountTierResult, TierLadderResult, TierRequalifyResult } from "./tier-schemas.ts";
import {
  accountTierResult,
  runTierRequalification,
  setAccountTier,
  setTierLadder,
  type TierInput,
  type TierRules,
  tierHistoryOf,
  tierLadderResult,
} from "./tiers.ts";
import { TillKeys } from "./till-keys.ts";
import { TillLimits } from "./till-limits.ts";
import { accountView, entryView, iso, rewardTitle } from "./views.ts";
import { type TillVoucherInput, Vouchers } from "./vouchers.ts";

/** A receipt number is one purchase and its refunds: more than a few accounts would be a test receipt. */
/** The ledger's reason of an erasure's forfeit; the operator's own reason is in the member server's audit log. */
const FORFEIT_REASON = "Member's personal data erased: balance forfeited";
const RECEIPT_ACCOUNTS_MAX = 20;
const MEMBER_NO_ATTEMPTS = 5;
/** How many expiry dates a balance shows. */
const EXPIRING_GROUPS = 5;

/** "HC" and ten random digits: not guessable from a neighbour's number. */
const newMemberNo = () =>
  `HC${String(randomInt(0, 100_000)).padStart(5, "0")}${String(randomInt(0, 100_000)).padStart(5, "0")}`;

/**
 * The H Coins scheme: accounts by mobile number, the link to a programme member,
 * earning at the till, refunds, balances and the ledger. It knows members only by
 * the reference the member server links (the member number the QR code carries).
 *
 * Accounts and links are single statements guarded by unique constraints, so concurrent
 * calls (two creates for one number, two links) settle in the database and the loser
 * re-reads what the winner wrote; the ledger's writes are ledger-writes.ts's, the catalogue
 * rewards.ts's, redemptions and cancellations redemptions.ts's, vouchers vouchers.ts's.
 */
export class CoinSchemeService {
  private readonly writes: LedgerWrites;
  private readonly catalogue: Rewards;
  private readonly redemptions: Redemptions;
  private readonly voucherBook: Vouchers;
  private readonly keys: TillKeys;
  private readonly goodwill: GoodwillVouchers;
  private readonly campaignBook: Campaigns;
  private readonly segmentBook: Segments;
  private readonly missionBook: Missions;

  /** What one till key may ask in a minute (routes.ts, routes/till.ts). */
  readonly tillLimits: TillLimits;

  constructor(
    private readonly repository: CoinSchemeRepository,
    settings: CoinSchemeSettings,
    private readonly now: () => number,
    counters: SchemeCounters,
    /** Hears a reward's stock crossing its low-stock threshold (low-stock-alerts.ts). */
    lowStock?: LowStockObserver,
  ) {
    // One copy of the live missions per instance: the till reads it, the operators' changes drop it.
    const liveMissions = new LiveMissions();
    this.writes = new LedgerWrites(repository, settings, now, counters, liveMissions);
    this.tillLimits = new TillLimits(counters, settings.limits, now);
    // One bulkhead and one memory of sold-out rewards per service: the embedded scheme and the standalone one make one each.
    const soldOut = new SoldOutRewards();
    this.catalogue = new Rewards(repository, now, soldOut, lowStock);
    this.redemptions = new Redemptions(
      repository,
      now,
      new Bulkhead(settings.redemptions),
      soldOut,
      lowStock,
    );
    this.voucherBook = new Vouchers(repository, now);
    this.segmentBook = new Segments(repository, now);
    this.keys = new TillKeys(repository, now);
    this.goodwill = new GoodwillVouchers(repository, now, soldOut, lowStock);
    this.campaignBook = new Campaigns(repository, now);
    this.missionBook = new Missions(repository, now, liveMissions);
  }

  // ---- accounts --------------------------------------------------------------

  async accountByPhone(prefix: string, phone: string): Promise<SchemeAccount | null> {
    const row = await this.repository.accountByPhone(prefix, phone);
    return row ? accountView(row) : null;
  }

  async accountByMemberNo(hcoinsMemberNo: string): Promise<SchemeAccount | null> {
    const row = await this.repository.accountByMemberNo(hcoinsMemberNo);
    return row ? accountView(row) : null;
  }

  async accountByMemberRef(memberRef: string): Promise<SchemeAccount | null> {
    const row = await this.repository.accountByMemberRef(memberRef);
    return row ? accountView(row) : null;
  }

  /**
   * The number's account, created unlinked when there is none. With a member ref the
   * account is also linked to it (in the same insert for a new account), so a create
   * for a member is one step that either fully happens or not at all.
   */
  async createAccount(input: {
    prefix: string;
    phone: string;
    memberRef?: string | undefined;
    /** The member's birth month, recorded with the link when the account has none. */
    birthMonth?: number | null | undefined;
    client: string;
  }): Promise<CreateAccountResult> {
    const { prefix, phone, memberRef, client } = input;
    const birthMonth = memberRef === undefined ? null : (input.birthMonth ?? null);
    let existing = await this.repository.accountByPhone(prefix, phone);
    for (let attempt = 1; !existing; attempt += 1) {
      if (memberRef !== undefined) {
        // Read after the number: a concurrent create may have just made this very account.
        const linkedAccount = await this.repository.accountByMemberRef(memberRef);
        if (
          linkedAccount &&
          (linkedAccount.mobile_phone_prefix !== prefix || linkedAccount.mobile_phone !== phone)
        ) {
          throw new SchemeError(SchemeErrorCode.memberLinkedToAnotherAccount);
        }
        if (linkedAccount) {
          existing = linkedAccount;
          break;
        }
      }
      const at = this.now();
      try {
        const row = await this.repository.insertAccount({
          hcoins_memberno: newMemberNo(),
          mobile_phone_prefix: prefix,
          mobile_phone: phone,
          linked_member_ref: memberRef ?? null,
          linked_at: memberRef === undefined ? null : at,
          linked_by: memberRef === undefined ? null : client,
          birth_month: birthMonth,
          created_by: client,
          created_at: at,
        });
        return { account: accountView(row), created: true, linked_now: memberRef !== undefined };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Lost a race for the number (then link what the winner made) or the member ref (the loop's
        // next check says which account has it), or drew a member number already taken (draw again).
        existing = await this.repository.accountByPhone(prefix, phone);
        if (!existing && attempt >= MEMBER_NO_ATTEMPTS) throw error;
      }
    }
    if (memberRef === undefined) return { account: accountView(existing), created: false, linked_now: false };
    const linked = await this.link(existing.hcoins_memberno, memberRef, client, birthMonth);
    return { account: linked.account, created: false, linked_now: linked.linked_now };
  }

  /**
   * Links an account to a programme member. Idempotent: linking again to the same
   * member changes nothing; an account linked to someone else, or a member linked to
   * another account, is a conflict (6010, 6011). The member's birth month, when given, is
   * recorded if the account has none.
   */
  async link(
    hcoinsMemberNo: string,
    memberRef: string,
    client: string,
    birthMonth: number | null = null,
  ): Promise<LinkResult> {
    let account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    let updated = 0;
    if (account.linked_member_ref !== memberRef) {
      if (account.linked_member_ref !== null)
        throw new SchemeError(SchemeErrorCode.accountLinkedToAnotherMember);
      await this.refuseRefLinkedElsewhere(memberRef, account.id);
      try {
        updated = await this.repository.linkAccount(account.id, { memberRef, at: this.now(), client });
      } catch (error) {
        // The unique member ref: a concurrent call linked this member to another account.
        if (isUniqueViolation(error)) throw new SchemeError(SchemeErrorCode.memberLinkedToAnotherAccount);
        throw error;
      }
      account = (await this.repository.accountByMemberNo(hcoinsMemberNo)) as AccountRow;
      if (account.linked_member_ref !== memberRef)
        throw new SchemeError(SchemeErrorCode.accountLinkedToAnotherMember);
    }
    // Only once the account is this member's: the month is theirs.
    if (birthMonth !== null && account.birth_month === null) {
      await this.repository.setBirthMonth(account.id, birthMonth);
      account = { ...account, birth_month: birthMonth };
    }
    return { account: accountView(account), linked_now: updated > 0 };
  }

  /**
   * Records the member's birth month (1-12) from the member server's profile, once: the
   * birthday bonus follows it. The same month again changes nothing; another is refused
   * (6013), as the member server locks it once set.
   */
  async setBirthMonth(hcoinsMemberNo: string, month: number): Promise<BirthMonthResult> {
    const account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    const changed = (await this.repository.setBirthMonth(account.id, month)) > 0;
    const after = changed ? month : ((await this.repository.accountById(account.id))?.birth_month ?? null);
    if (after !== month) throw new SchemeError(SchemeErrorCode.birthMonthLocked);
    return { hcoins_memberno: hcoinsMemberNo, birth_month: month, changed };
  }

  /**
   * An operator's correction of the member's birth month, past the once-only rule of
   * setBirthMonth: the birthday bonus follows the corrected month from now on.
   */
  async correctBirthMonth(hcoinsMemberNo: string, month: number): Promise<BirthMonthResult> {
    const account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    await this.repository.correctBirthMonth(account.id, month);
    return { hcoins_memberno: hcoinsMemberNo, birth_month: month, changed: account.birth_month !== month };
  }

  /** The member's profile facts, for segments (profile-facts.ts); 6004, 6034 not this member's account. */
  setProfileFacts(
    hcoinsMemberNo: string,
    memberRef: string,
    facts: ProfileFacts,
  ): Promise<ProfileFactsResult> {
    return setProfileFacts(this.repository, hcoinsMemberNo, memberRef, facts, this.now());
  }

  /** Linked accounts whose profile facts were never sent, `limit` from after `after` (an H Coins number). */
  accountsWithoutProfileFacts(
    after: string | null,
    limit: number,
  ): Promise<AccountsWithoutProfileFactsResult> {
    return accountsWithoutProfileFacts(this.repository, after, limit);
  }

  /**
   * The account's mobile number follows the member's number change, so a lookup by number (the
   * link check, the till's number entry) finds it under the new one. 6010 when another account
   * holds the new number (the two are not merged).
   */
  async changePhone(hcoinsMemberNo: string, prefix: string, phone: string): Promise<SchemeAccount> {
    const account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    const holder = await this.repository.accountByPhone(prefix, phone);
    if (holder && holder.id !== account.id)
      throw new SchemeError(SchemeErrorCode.accountLinkedToAnotherMember);
    await this.repository.setPhone(account.id, prefix, phone);
    return (await this.accountByMemberNo(hcoinsMemberNo)) as SchemeAccount;
  }

  // ---- earning, refunds and adjustments (ledger-writes.ts) ---------------------------

  purchase(input: PurchaseInput): Promise<TransactionResult> {
    return this.writes.purchase(input);
  }

  refund(input: RefundInput): Promise<TransactionResult> {
    return this.writes.refund(input);
  }

  adjust(input: AdjustmentInput): Promise<TransactionResult> {
    return this.writes.adjust(input);
  }

  tillAccount(qrText: string): Promise<TillAccountResult> {
    return this.writes.tillAccount(qrText);
  }

  /**
   * Newest first (or oldest, `order`), `limit` entries from `offset` of those the filter matches,
   * with their count and the titles of the rewards they name.
   */
  async ledger(
    hcoinsMemberNo: string,
    page: { limit?: number | undefined; offset?: number | undefined } & LedgerFilter = {},
  ): Promise<LedgerResult> {
    const account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    const { limit = 50, offset = 0, ...filter } = page;
    const rows = await this.repository.ledgerPage(account.id, filter, limit, offset);
    const rewardIds = [...new Set(rows.flatMap((row) => (row.reward_id === null ? [] : [row.reward_id])))];
    const rewards = await this.repository.rewards.rewardsByIds(rewardIds);
    const view = accountView(account);
    const lines = await this.repository.campaigns.linesOf(rows.map((row) => row.id));
    return {
      account: view,
      balance: view.balance,
      entries: rows.map((row) => entryView(row, account, lines.get(row.id))),
      total: await this.repository.entryCount(account.id, filter),
      rewards: rewards.map((reward) => ({ id: reward.id, title: rewardTitle(reward) })),
    };
  }

  /** The accounts whose ledger holds the receipt number at any store (a receipt dispute), at most 20. */
  async accountsWithReceipt(receiptNo: string): Promise<AccountsResult> {
    const rows = await this.repository.accountsWithReceipt(receiptNo, RECEIPT_ACCOUNTS_MAX);
    return { accounts: rows.map(accountView) };
  }

  /** The balance and the coins that expire soonest, summed by expiry date. */
  /**
   * Suspends the account (the member server's operator disabled its member) or resumes it. While
   * suspended, tills may not earn on it nor take its vouchers (6033); refunds of earlier purchases
   * still go through (the money goes back to the customer, and its coins must follow it).
   */
  async setSuspended(
    hcoinsMemberNo: string,
    suspended: boolean,
    operator: string,
  ): Promise<SuspensionResult> {
    const account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    const changed = await this.repository.setSuspended(
      account.id,
      suspended ? { at: this.now(), by: operator } : null,
    );
    const after = (await this.repository.accountById(account.id)) as AccountRow;
    return { account: accountView(after), changed };
  }

  async balance(hcoinsMemberNo: string): Promise<BalanceResult> {
    const account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    const expiring = await this.repository.expiringCoins(account.id, EXPIRING_GROUPS);
    return {
      hcoins_memberno: account.hcoins_memberno,
      balance: account.balance,
      expiring: expiring.map((group) => ({ expires_at: iso(group.expiresAt), coins: group.coins })),
      as_of: iso(this.now()),
    };
  }

  // ---- rewards, redemptions and vouchers ------------------------------------------

  rewards(filter: { activeOnly: boolean; memberRef?: string | undefined }): Promise<RewardsResult> {
    return this.catalogue.list(filter);
  }

  reward(id: number, memberRef?: string): Promise<RewardResult> {
    return this.catalogue.get(id, memberRef);
  }

  createReward(fields: RewardFields): Promise<RewardResult> {
    return this.catalogue.create(fields);
  }

  replaceReward(id: number, fields: RewardFields): Promise<RewardResult> {
    return this.catalogue.replace(id, fields);
  }

  changeStock(id: number, change: number): Promise<RewardResult> {
    return this.catalogue.changeStock(id, change);
  }

  redeem(input: RedeemInput): Promise<RedemptionResult> {
    return this.redemptions.redeem(input);
  }

  cancelVoucher(input: {
    code: string;
    operator: string;
    reason: string;
    client: string;
  }): Promise<VoucherCancelResult> {
    return this.redemptions.cancel(input);
  }

  /** A reward given by an operator without coins (goodwill.ts). */
  goodwillVoucher(input: GoodwillInput): Promise<GoodwillResult> {
    return this.goodwill.issue(input);
  }

  // ---- referrals (referrals.ts) ------------------------------------------------------

  referralSettings(): Promise<ReferralSettingsResult> {
    return referralSettingsResult(this.repository);
  }

  setReferralSettings(settings: ReferralSettings, operator: string): Promise<ReferralSettingsResult> {
    return setReferralSettings(this.repository, settings, operator, this.now());
  }

  /** Once per referred account; the member server's outbox sends it again until it is answered. */
  async recordReferral(record: ReferralRecord): Promise<ReferralView> {
    try {
      return await this.repository.inTransaction((repository) =>
        recordReferral(repository, record, this.now()),
      );
    } catch (error) {
      // Two deliveries at once: the loser answers the winner's row.
      if (!isUniqueViolation(error)) throw error;
      return recordReferral(this.repository, record, this.now());
    }
  }

  referrals(
    filter: { state?: ReferralView["state"] | undefined; hcoinsMemberNo?: string | undefined },
    limit: number,
    offset: number,
  ): Promise<ReferralListResult> {
    return listReferrals(this.repository, filter, limit, offset);
  }

  vouchers(hcoinsMemberNo: string): Promise<VouchersResult> {
    return this.voucherBook.ofAccount(hcoinsMemberNo);
  }

  voucher(code: string): Promise<VoucherResult> {
    return this.voucherBook.byCode(code);
  }

  checkVoucherAtTill(input: TillVoucherInput): Promise<VoucherResult> {
    return this.voucherBook.check(input);
  }

  useVoucherAtTill(input: TillVoucherInput): Promise<VoucherUseResult> {
    return this.voucherBook.use(input);
  }

  /** Every account's balance row against its ledger, and every purchase and refund against its lines; the programme's proof that they agree. */
  async checkLedger(): Promise<LedgerCheckResult> {
    return {
      accounts: await this.repository.accountCount(),
      disagreements: await this.repository.ledgerDisagreements(),
      unbalanced_entries: await this.repository.campaigns.unbalancedEntries(20),
    };
  }

  /** Each Hong Kong day's coins earned, redeemed, expired… and the liability (figures.ts). */
  figures(from: string, to: string): Promise<CoinFiguresResult> {
    return coinFigures(this.repository, from, to);
  }

  /** The range's coins per store and per reward (figures-breakdown.ts). */
  figuresBreakdown(from: string, to: string): Promise<CoinFiguresBreakdownResult> {
    return coinFiguresBreakdown(this.repository, from, to);
  }

  // ---- expiry (expiry.ts) ---------------------------------------------------------

  expiryPolicy(): Promise<ExpiryPolicyResult> {
    return expiryPolicyResult(this.repository);
  }

  /** Applies to coins credited from now on; coins earned before keep the expiry they were given. */
  setExpiryPolicy(policy: ExpiryPolicy, by: string): Promise<ExpiryPolicyResult> {
    return setExpiryPolicy(this.repository, policy, by, this.now());
  }

  /** What the next expiry run (or the one at `at`) would expire. */
  previewExpiry(at: number = nextExpiryRun(this.now())): Promise<ExpiryPreviewResult> {
    return previewExpiry(this.repository, at);
  }

  runExpiry(): Promise<ExpiryRunResult> {
    return runExpiry(this.repository, this.now());
  }

  // ---- tiers (tiers.ts) -----------------------------------------------------------

  tierLadder(): Promise<TierLadderResult> {
    return tierLadderResult(this.repository);
  }

  setTierLadder(input: { rules: TierRules; tiers: TierInput[] }, by: string): Promise<TierLadderResult> {
    return setTierLadder(this.repository, input, by, this.now());
  }

  async accountTier(hcoinsMemberNo: string): Promise<AccountTierResult> {
    const account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    return accountTierResult(this.repository, account, this.now());
  }

  async setAccountTier(hcoinsMemberNo: string, code: string, operator: string): Promise<AccountTierResult> {
    const account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    return setAccountTier(this.repository, account, code, operator, this.now());
  }

  /** The daily requalification: upgrades anyone whose spend reaches a higher tier, reviews those due. */
  requalifyTiers(): Promise<TierRequalifyResult> {
    return runTierRequalification(this.repository, this.now());
  }

  // ---- data protection (holders.ts) ----------------------------------------------

  /** Everything held about a member and their number: their accounts with every ledger entry. */
  async holderData(holder: Holder): Promise<HolderExport> {
    const accounts: HolderAccount[] = [];
    for (const row of await this.repository.holderAccounts(holder)) {
      const entries = await this.repository.ledgerOf(row.id);
      const lines = await this.repository.campaigns.linesOf(entries.map((entry) => entry.id));
      const { id: _id, ...account } = row;
      accounts.push({
        ...account,
        linked_at: row.linked_at === null ? null : iso(row.linked_at),
        profile_facts_at: row.profile_facts_at === null ? null : iso(row.profile_facts_at),
        created_at: iso(row.created_at),
        balance: row.balance,
        transactions: entries.map(({ account_id: _account, entry_key: _key, ...entry }) => ({
          ...entry,
          expires_at: entry.expires_at === null ? null : iso(entry.expires_at),
          created_at: iso(entry.created_at),
          lines: lines.get(entry.id) ?? [],
        })),
        vouchers: [...(await this.repository.rewards.vouchersOf(row.id))]
          .reverse()
          .map(({ id: _voucher, account_id: _account, ...voucher }) => ({
            ...voucher,
            store_codes: JSON.parse(voucher.store_codes) as string[],
            issued_at: iso(voucher.issued_at),
            valid_until: iso(voucher.valid_until),
            used_at: voucher.used_at === null ? null : iso(voucher.used_at),
            cancelled_at: voucher.cancelled_at === null ? null : iso(voucher.cancelled_at),
          })),
        tier_history: await tierHistoryOf(this.repository, row.id),
        missions: (await this.repository.missions.cardsOfAccount(row.id)).map(({ card, stamps }) => ({
          mission_id: card.mission_id,
          period_key: card.period_key,
          stamps: card.stamps,
          completed_at: card.completed_at === null ? null : iso(card.completed_at),
          voucher_code: card.voucher_code,
          updated_at: iso(card.updated_at),
          stamped_by: stamps.map((stamp) => ({ entry_id: stamp.entry_id, brand_code: stamp.brand_code })),
        })),
      });
    }
    return { accounts };
  }

  /**
   * Erases the holder's accounts, in one transaction: each one's coins are forfeited (a `forfeit`
   * entry debits the whole balance, so the programme no longer owes them), then it loses the
   * number and the member link, so the member's QR code earns nothing more. The ledger stays,
   * amounts and dates; the balance is still the sum of its entries. A balance below zero (coins
   * spent before a refund) is left as it is. Idempotent: a second call finds nothing left.
   */
  eraseHolder(holder: Holder, by: { operator: string; client: string }): Promise<HolderAnonymiseResult> {
    return this.repository.inTransaction(async (repository) => {
      const accounts: HolderAnonymiseResult["accounts"] = [];
      for (const row of await repository.holderAccounts(holder)) {
        const locked = await repository.lockAccount(row.id);
        const forfeited = Math.max(0, locked.balance);
        if (forfeited > 0) {
          const entry = plainEntry({
            kind: "forfeit",
            entry_key: null,
            actor_type: "operator",
            actor: by.operator,
            client: by.client,
            reason: FORFEIT_REASON,
            coins: -forfeited,
          });
          await postDebit(repository, locked, entry, this.now());
        }
        await repository.anonymiseAccount(row.id);
        accounts.push({
          hcoins_memberno: row.hcoins_memberno,
          balance: locked.balance - forfeited,
          forfeited,
          transactions: await repository.entryCount(row.id),
        });
      }
      return { accounts };
    });
  }

  // ---- stores and bonus days ------------------------------------------------------

  /**
   * Registers a store code (tills earn only at registered stores) with its partner-property
   * flag and brand, or changes them; a brand left out (undefined) stays as it was. The member
   * server's store registry writes every store here.
   */
  async setStore(storeCode: string, partner: boolean, brandCode?: string | null): Promise<StoreResult> {
    const before = await this.repository.store(storeCode);
    const flag = partner ? 1 : 0;
    const brand = brandCode === undefined ? (before?.brand_code ?? null) : brandCode;
    const changed = before?.partner_property !== flag || before.brand_code !== brand;
    if (changed) await this.repository.setStore(storeCode, flag, brand, this.now());
    return { store_code: storeCode, partner_property: partner, brand_code: brand, changed };
  }

  async stores(): Promise<StoresResult> {
    const rows = await this.repository.stores();
    return {
      stores: rows.map((row) => ({
        store_code: row.store_code,
        partner_property: row.partner_property === 1,
        brand_code: row.brand_code,
        updated_at: iso(row.updated_at),
      })),
    };
  }

  /** The birthday multiplier now and the bonus days, read from the programme rules' campaigns (campaigns.ts). */
  bonusDays(): Promise<BonusDays> {
    return this.campaignBook.bonusDays();
  }

  // ---- till keys operators make (till-keys.ts) -------------------------------------

  tillKeys(): Promise<TillKeysResult> {
    return this.keys.list();
  }

  /** The key is in this answer only. */
  createTillKey(input: {
    name: string;
    stores: readonly string[];
    by: string;
  }): Promise<TillKeyCreateResult> {
    return this.keys.create(input);
  }

  setTillKeyStores(id: number, stores: readonly string[]): Promise<TillKeyResult> {
    return this.keys.setStores(id, stores);
  }

  revokeTillKey(id: number, by: string): Promise<TillKeyResult> {
    return this.keys.revoke(id, by);
  }

  /** The live stored till key a presented key is, as an API client; null when it is none. */
  tillKeyClient(presented: string) {
    return this.keys.authenticate(presented);
  }

  // ---- campaigns (campaigns.ts) -------------------------------------------------------

  campaigns(): Promise<CampaignsResult> {
    return this.campaignBook.list();
  }

  campaign(id: number): Promise<CampaignResult> {
    return this.campaignBook.one(id);
  }

  createCampaign(definition: CampaignDefinition, operator: string): Promise<CampaignResult> {
    return this.campaignBook.create(definition, operator);
  }

  updateCampaign(id: number, definition: CampaignDefinition, operator: string): Promise<CampaignResult> {
    return this.campaignBook.update(id, definition, operator);
  }

  dryRunCampaign(definition: CampaignDefinition, days: number): Promise<CampaignDryRunResult> {
    return this.campaignBook.dryRun(definition, days);
  }

  activateCampaign(id: number, operator: string, approver: string): Promise<CampaignResult> {
    return this.campaignBook.activate(id, operator, approver);
  }

  pauseCampaign(id: number, operator: string): Promise<CampaignResult> {
    return this.campaignBook.pause(id, operator);
  }

  endCampaign(id: number, operator: string): Promise<CampaignResult> {
    return this.campaignBook.end(id, operator);
  }

  // ---- e-stamp missions (missions.ts) -------------------------------------------------

  missions(): Promise<MissionsResult> {
    return this.missionBook.list();
  }

  mission(id: number): Promise<MissionResult> {
    return this.missionBook.one(id);
  }

  createMission(definition: MissionDefinition, operator: string): Promise<MissionResult> {
    return this.missionBook.create(definition, operator);
  }

  updateMission(id: number, definition: MissionDefinition, operator: string): Promise<MissionResult> {
    return this.missionBook.update(id, definition, operator);
  }

  activateMission(id: number, operator: string, approver: string): Promise<MissionResult> {
    return this.missionBook.activate(id, operator, approver);
  }

  pauseMission(id: number, operator: string): Promise<MissionResult> {
    return this.missionBook.pause(id, operator);
  }

  endMission(id: number, operator: string): Promise<MissionResult> {
    return this.missionBook.end(id, operator);
  }

  memberMissions(hcoinsMemberNo: string): Promise<MemberMissionsResult> {
    return this.missionBook.ofMember(hcoinsMemberNo);
  }

  // ---- segments (segments.ts) ---------------------------------------------------------

  segments(): Promise<SegmentsResult> {
    return this.segmentBook.list();
  }

  segment(id: number): Promise<SegmentResult> {
    return this.segmentBook.one(id);
  }

  createSegment(definition: SegmentDefinition, operator: string): Promise<SegmentResult> {
    return this.segmentBook.create(definition, operator);
  }

  updateSegment(id: number, definition: SegmentDefinition, operator: string): Promise<SegmentResult> {
    return this.segmentBook.update(id, definition, operator);
  }

  removeSegment(id: number): Promise<void> {
    return this.segmentBook.remove(id);
  }

  countSegment(conditions: SegmentCondition[]): Promise<{ members: number }> {
    return this.segmentBook.count(conditions);
  }

  // ---- internals ------------------------------------------------------------------

  /** A member may hold one account: refuses a ref linked to an account other than `exceptId`. */
  private async refuseRefLinkedElsewhere(memberRef: string, exceptId: number | null) {
    const other = await this.repository.accountByMemberRef(memberRef);
    if (other && other.id !== exceptId) throw new SchemeError(SchemeErrorCode.memberLinkedToAnotherAccount);
  }
}

/**
 * The scheme on a database handle (its own, or the member server's when embedded): its tables only.
 * Its per-till counts are `counters` (shared by the embedding's instances), else this process's.
 */
export function createCoinSchemeService(
  database: TableViews,
  settings: CoinSchemeSettings,
  now: () => number,
  counters: SchemeCounters = inProcessCounters(now),
  lowStock?: LowStockObserver,
) {
  return new CoinSchemeService(
    new CoinSchemeRepository(database.tables<CoinSchemeTables>()),
    settings,
    now,
    counters,
    lowStock,
  );
}
