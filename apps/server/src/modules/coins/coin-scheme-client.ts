import type {
  AccountsResult,
  AccountsWithoutProfileFactsResult,
  AccountTierResult,
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
  GoodwillResult,
  Holder,
  HolderAnonymiseResult,
  HolderExport,
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
  ReferralResult,
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
  TierLadderResult,
  TillKeyCreateResult,
  TillKeyResult,
  TillKeysResult,
  TransactionResult,
  VoucherCancelResult,
  VoucherResult,
  VouchersResult,
} from "@hcoins/coin-scheme/contract";
import type { CampaignDefinition } from "@hcoins/domain/campaign-rules";
import type { LocalizedText } from "@hcoins/domain/languages";
import type { LedgerKind } from "@hcoins/domain/ledger-kinds";
import type { ExpiryPolicy } from "@hcoins/domain/ledger-rules";
import type { MissionDefinition } from "@hcoins/domain/mission-rules";
import type { SegmentCondition, SegmentDefinition } from "@hcoins/domain/segment-rules";
import type { TierReview, TierWindow } from "@hcoins/domain/tier-rules";

/**
 * The member server's way to the H Coins scheme: the embedded scheme (default) or
 * the scheme's HTTP API (COIN_SCHEME_URL). Both answer the scheme API's wire shapes
 * and fail with one of the two errors below, so the caller cannot tell them apart.
 */
export interface CoinSchemeClient {
  readonly kind: "embedded" | "http";
  findAccountByPhone(prefix: string, phone: string): Promise<SchemeAccount | null>;
  /** Idempotent; with a member ref the account is linked to that member (and their birth month recorded). */
  createAccount(input: AccountToCreate): Promise<CreateAccountResult>;
  /** Idempotent for the same member; records the birth month when the account has none. */
  linkAccount(hcoinsMemberNo: string, memberRef: string, birthMonth: number | null): Promise<LinkResult>;
  /** Once: the same month again changes nothing, another is refused (6013). */
  setBirthMonth(hcoinsMemberNo: string, month: number): Promise<BirthMonthResult>;
  /** An operator's correction: the month changes even when one was recorded. */
  correctBirthMonth(hcoinsMemberNo: string, month: number): Promise<BirthMonthResult>;
  /**
   * The member's profile facts that segments ask about, replacing what the account held. 6004 no
   * such account; 6034 the account is not linked to `memberRef` (another member's, or erased).
   */
  setProfileFacts(
    hcoinsMemberNo: string,
    memberRef: string,
    facts: ProfileFacts,
  ): Promise<ProfileFactsResult>;
  /** Up to `limit` linked accounts whose profile facts were never sent, in H Coins number order after `after`. */
  accountsWithoutProfileFacts(
    after: string | null,
    limit: number,
  ): Promise<AccountsWithoutProfileFactsResult>;
  /** The account follows the member's new number; 6010 when another account holds it. */
  changePhone(hcoinsMemberNo: string, prefix: string, phone: string): Promise<SchemeAccount>;
  /** Newest first (or `order`): `limit` entries (default 50) from `offset` (default 0) of those the filters match, with their total. */
  ledger(hcoinsMemberNo: string, page?: LedgerPage): Promise<LedgerResult>;
  /** The accounts whose ledger holds the receipt number exactly (any store), at most 20. */
  accountsWithReceipt(receiptNo: string): Promise<AccountsResult>;
  /** The balance and the coins expiring soonest. */
  balance(hcoinsMemberNo: string): Promise<BalanceResult>;
  /** The catalogue in its order; with `memberRef` each reward says how many that member holds. */
  rewards(filter: { activeOnly: boolean; memberRef?: string }): Promise<RewardsResult>;
  /** One reward (active or not); 6020 when there is none. */
  reward(id: number, memberRef?: string): Promise<RewardResult>;
  /** Creates a reward (no id) or replaces its fields (id); stock changes go through changeStock. */
  saveReward(reward: RewardInput, id?: number): Promise<RewardResult>;
  /** Adds (delta > 0) or removes units; never below zero (4000 `stockNegative`). */
  changeStock(id: number, delta: number): Promise<RewardResult>;
  /**
   * Spends the reward's coins and one unit of stock, issuing a voucher, in one transaction.
   * Happens once per (account, key): sent again it answers the first with `duplicate: true`.
   * 6018 not enough coins, 6020 no such reward, 6021 inactive or outside its window, 6022 out
   * of stock, 6023 the member's limit reached.
   */
  redeem(redemption: Redemption): Promise<RedemptionResult>;
  /** The account's vouchers, newest first. */
  vouchers(hcoinsMemberNo: string): Promise<VouchersResult>;
  /** 6024 when there is none. */
  voucher(code: string): Promise<VoucherResult>;
  /** An operator's cancellation: coins and stock back; 6025 used, 6027 cancelled already. */
  cancelVoucher(code: string, operator: string, reason: string): Promise<VoucherCancelResult>;
  /**
   * A reward given by an operator without coins: stock and per-member limit as a redemption,
   * once per (account, key). 6033 suspended, 6020-6023 as a redemption.
   */
  goodwillVoucher(goodwill: Goodwill): Promise<GoodwillResult>;
  /**
   * Records that the referred member's linked account was referred by the referrer's (once per
   * referred account; again from another referrer 6061, 6003 no account linked to the referred).
   */
  recordReferral(referral: ReferralRecordInput): Promise<ReferralResult>;
  referralSettings(): Promise<ReferralSettingsResult>;
  /** 6060 a reward the catalogue does not have. */
  setReferralSettings(settings: ReferralSettingsInput, operator: string): Promise<ReferralSettingsResult>;
  /** Newest first; `hcoinsMemberNo` keeps those the account made or was referred by. */
  referrals(filter: ReferralFilter, page: { limit: number; offset: number }): Promise<ReferralListResult>;
  /** Suspends (the member disabled) or resumes the account; idempotent. 6004 no such account. */
  setSuspended(hcoinsMemberNo: string, suspended: boolean, operator: string): Promise<SuspensionResult>;
  /** An operator's credit (coins > 0) or debit with a reason; happens once. */
  adjust(adjustment: Adjustment): Promise<TransactionResult>;
  /** Registers the store code with the scheme, or changes its partner flag or brand (undefined keeps it). */
  setStore(storeCode: string, partner: boolean, brandCode?: string | null): Promise<StoreResult>;
  stores(): Promise<StoresResult>;
  expiryPolicy(): Promise<ExpiryPolicyResult>;
  setExpiryPolicy(policy: ExpiryPolicy, operator: string): Promise<ExpiryPolicyResult>;
  /** Dry run: what the next expiry run (or the one at `at`, unix ms) would expire. */
  previewExpiry(at?: number): Promise<ExpiryPreviewResult>;
  /** Every balance row against its ledger. */
  checkLedger(): Promise<LedgerCheckResult>;
  /** Per Hong Kong day from `from` to `to` (YYYY-MM-DD, both included): coins moved, and the liability. */
  figures(from: string, to: string): Promise<CoinFiguresResult>;
  /** The same range's coins per store code (null: entries no till made) and redemptions per reward id. */
  figuresBreakdown(from: string, to: string): Promise<CoinFiguresBreakdownResult>;
  /** The birthday multiplier now and the holidays, as the programme rules' campaigns make them (read only). */
  bonusDays(): Promise<BonusDays>;
  /** The till keys operators made, live and revoked (never a key itself). */
  tillKeys(): Promise<TillKeysResult>;
  /** A till key bound to registered stores; the key is in this answer only. 6014 unknown store, 6029 name taken. */
  createTillKey(name: string, stores: readonly string[], operator: string): Promise<TillKeyCreateResult>;
  /** 6030 no such key, 6031 revoked, 6014 unknown store. */
  setTillKeyStores(id: number, stores: readonly string[]): Promise<TillKeyResult>;
  /** Refused from its next call on; 6030 no such key, 6031 revoked already. */
  revokeTillKey(id: number, operator: string): Promise<TillKeyResult>;
  /** Campaigns (the scheme's campaigns.ts), newest first. */
  campaigns(): Promise<CampaignsResult>;
  /** 6040 no such campaign. */
  campaign(id: number): Promise<CampaignResult>;
  /** A draft; `operator` names who wrote it. */
  createCampaign(definition: CampaignDefinition, operator: string): Promise<CampaignResult>;
  /** A draft or paused one only (6041). */
  updateCampaign(id: number, definition: CampaignDefinition, operator: string): Promise<CampaignResult>;
  /** What the definition alone would have issued over the last `days` days of purchases. */
  dryRunCampaign(definition: CampaignDefinition, days: number): Promise<CampaignDryRunResult>;
  /** 6042 the approver is the operator or the author; 6041 ended. */
  activateCampaign(id: number, operator: string, approver: string): Promise<CampaignResult>;
  /** 6041 not active. */
  pauseCampaign(id: number, operator: string): Promise<CampaignResult>;
  /** 6041 ended already. */
  endCampaign(id: number, operator: string): Promise<CampaignResult>;
  /** E-stamp missions (the scheme's missions.ts), newest first. */
  missions(): Promise<MissionsResult>;
  /** 6080 no such mission. */
  mission(id: number): Promise<MissionResult>;
  /** A draft; 6083 its reward is not in the catalogue. */
  createMission(definition: MissionDefinition, operator: string): Promise<MissionResult>;
  /** A draft or paused one only (6081). */
  updateMission(id: number, definition: MissionDefinition, operator: string): Promise<MissionResult>;
  /** 6082 the approver is the operator or the author; 6081 ended. */
  activateMission(id: number, operator: string, approver: string): Promise<MissionResult>;
  /** 6081 not active. */
  pauseMission(id: number, operator: string): Promise<MissionResult>;
  /** 6081 ended already. */
  endMission(id: number, operator: string): Promise<MissionResult>;
  /** The account's live missions with its stamps in the current period; 6004 no such account. */
  memberMissions(hcoinsMemberNo: string): Promise<MemberMissionsResult>;
  /** Segments (the scheme's segments.ts), newest first, each with its members now. */
  segments(): Promise<SegmentsResult>;
  /** 6070 no such segment. */
  segment(id: number): Promise<SegmentResult>;
  createSegment(definition: SegmentDefinition, operator: string): Promise<SegmentResult>;
  /** 6070 no such segment. */
  updateSegment(id: number, definition: SegmentDefinition, operator: string): Promise<SegmentResult>;
  /** 6070 no such segment; 6071 a campaign not ended or an active reward names it. */
  removeSegment(id: number): Promise<void>;
  /** How many accounts meet the conditions now, saved or not. */
  countSegment(conditions: SegmentCondition[]): Promise<{ members: number }>;
  /** The tier ladder, lowest threshold first, with its window and review rule. */
  tierLadder(): Promise<TierLadderResult>;
  /** Replaces the ladder and its settings; 4000 repeated code or threshold, 6050 unknown reward, 6051 a held tier left out. */
  setTierLadder(ladder: TierLadderInput, operator: string): Promise<TierLadderResult>;
  /** The account's tier, its window's spend, the next tier and what it still needs, its review date and history. */
  accountTier(hcoinsMemberNo: string): Promise<AccountTierResult>;
  /** An operator puts the account in a tier; 6052 when the ladder has no such tier. */
  setAccountTier(hcoinsMemberNo: string, tierCode: string, operator: string): Promise<AccountTierResult>;
  /** Data protection (the scheme's holders.ts): everything held about a member and their number. */
  holderData(holder: Holder): Promise<HolderExport>;
  /**
   * Forfeits the coins of the member's accounts (a `forfeit` entry naming `operator`, who erased)
   * and anonymises them, in one transaction of the scheme; their ledgers stay. Idempotent.
   */
  eraseHolder(holder: Holder, operator: string): Promise<HolderAnonymiseResult>;
}

/** A page of an account's ledger and its filters; `from` and `to` are unix ms, both included. */
export interface LedgerPage {
  limit?: number;
  offset?: number;
  kind?: LedgerKind | undefined;
  from?: number | undefined;
  to?: number | undefined;
  storeCode?: string | undefined;
  /** Part of the receipt number, any case. */
  receiptNo?: string | undefined;
  order?: "newest" | "oldest";
}

export interface AccountToCreate {
  prefix: string;
  phone: string;
  memberRef?: string;
  birthMonth?: number | null;
}

export interface Redemption {
  hcoinsMemberNo: string;
  rewardId: number;
  /** The client's idempotency key (1-100 characters). */
  key: string;
}

/** A referral as the member server tells it: member references, and keyed hashes it made. */
export interface ReferralRecordInput {
  referrerMemberRef: string;
  referredMemberRef: string;
  phoneHash: string | null;
  deviceHash: string | null;
}

/** The operators' referral settings (amount in cents). */
export interface ReferralSettingsInput {
  active: boolean;
  referrerRewardId: number;
  referredRewardId: number;
  minNetCents: number;
  capPerReferrer: number | null;
}

export interface ReferralFilter {
  state?: ReferralView["state"] | undefined;
  hcoinsMemberNo?: string | undefined;
}

export interface Goodwill {
  hcoinsMemberNo: string;
  rewardId: number;
  /** The operator who gave it (their email). */
  operator: string;
  /** The client's idempotency key (1-100 characters). */
  key: string;
}

/** A reward as an operator writes it (api-schemas.ts rewardSchema without what the scheme keeps). */
export interface RewardInput {
  kind: "evoucher" | "product";
  coins: number;
  /** Creating only: the first stock. */
  stock?: number;
  /** HKD cents; evoucher only. */
  valueCents: number | null;
  storeCodes: string[];
  title: LocalizedText;
  description: LocalizedText;
  terms: LocalizedText;
  imageUrl: string | null;
  /** Unix ms; null = open. */
  startsAt: number | null;
  endsAt: number | null;
  perMemberLimit: number | null;
  /** Units at or below which the reward is low on stock; null or absent = no alert. */
  lowStockThreshold?: number | null | undefined;
  voucherValidDays: number;
  active: boolean;
  sortOrder: number;
  /** Only this segment's members see and redeem it; null or absent = everyone's. */
  segmentId?: number | null | undefined;
}

export interface Adjustment {
  hcoinsMemberNo: string;
  coins: number;
  reason: string;
  operator: string;
  allowNegative: boolean;
  /** With a key it happens once (the scheme keeps `adjustment:<client>:<key>`); 1-100 characters. */
  key?: string;
}

export type UnavailableReason = "timeout" | "unreachable" | "failed";

/** The scheme could not be asked or did not answer sensibly: a timeout, no connection, a 5xx, garbage. */
export class CoinSchemeUnavailableError extends Error {
  constructor(
    readonly reason: UnavailableReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`coin scheme ${reason}: ${message}`, options);
  }
}

/** A field the scheme's 4000 named, with the rule it broke (its wire name, e.g. `title.tc`). */
export interface SchemeFieldError {
  field: string;
  rule: string;
}

/** The scheme answered and refused: its `error_code` (the scheme's errors.ts), e.g. 6010 linked to another member. */
export class CoinSchemeRefusedError extends Error {
  constructor(
    readonly errorCode: number,
    message: string,
    /** A 4000's fields and rules; empty for other refusals. */
    readonly fieldErrors: SchemeFieldError[] = [],
    /** The refusal's payload (the embedded scheme's details): what else it names, e.g. 6071's `campaign_ids`. */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(`coin scheme refused (${errorCode}): ${message}`);
  }
}

/** The `errors` of a refusal's payload (or the embedded scheme's details), those that are well formed. */
export function fieldErrorsOf(payload: unknown): SchemeFieldError[] {
  const errors = (payload as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (each): each is SchemeFieldError => typeof each?.field === "string" && typeof each?.rule === "string",
  );
}

/** A tier ladder to set: amounts in cents, multipliers in hundredths (150 = ×1.5). */
export interface TierLadderInput {
  window: TierWindow;
  review: TierReview;
  tiers: {
    code: string;
    name: LocalizedText;
    benefits: LocalizedText;
    qualifyingCents: number;
    multiplier: number;
    rewardId: number | null;
  }[];
}
