import type { CampaignStatus } from "@hcoins/domain/campaign-rules";
import type { EarnLineKind } from "@hcoins/domain/earn-lines";
import type { LedgerKind } from "@hcoins/domain/ledger-kinds";
import type { MissionStatus } from "@hcoins/domain/mission-rules";
import type { RewardKind } from "@hcoins/domain/reward-rules";
import type { Generated, Selectable } from "kysely";

/**
 * The H Coins scheme's tables (migrations/). The scheme is a system of its own: it reads
 * and writes only these, never the member server's tables, even on a database it shares
 * with the member server. Times are unix milliseconds, amounts integer cents, multipliers
 * integer hundredths (200 = ×2). Type aliases, not interfaces: Kysely's $extendTables takes
 * a table map with an index signature, which only a type alias has implicitly.
 */
export type CoinSchemeTables = {
  hcoin_accounts: HcoinAccountsTable;
  hcoin_ledger: HcoinLedgerTable;
  hcoin_stores: HcoinStoresTable;
  hcoin_settings: HcoinSettingsTable;
  hcoin_rewards: HcoinRewardsTable;
  hcoin_vouchers: HcoinVouchersTable;
  hcoin_till_keys: HcoinTillKeysTable;
  hcoin_campaigns: HcoinCampaignsTable;
  hcoin_earn_lines: HcoinEarnLinesTable;
  hcoin_tiers: HcoinTiersTable;
  hcoin_account_tiers: HcoinAccountTiersTable;
  hcoin_tier_history: HcoinTierHistoryTable;
  hcoin_segments: HcoinSegmentsTable;
  hcoin_referrals: HcoinReferralsTable;
  hcoin_missions: HcoinMissionsTable;
  hcoin_mission_progress: HcoinMissionProgressTable;
  hcoin_mission_stamps: HcoinMissionStampsTable;
};

export type HcoinAccountsTable = {
  id: Generated<number>;
  /** "HC" and ten digits; what the member server stores as external_customer_id. */
  hcoins_memberno: string;
  mobile_phone_prefix: string;
  mobile_phone: string;
  /** The programme member this account is linked to (member_no, or id where there is none); null = unlinked. */
  linked_member_ref: string | null;
  linked_at: number | null;
  /** API client that made the link. */
  linked_by: string | null;
  /** The member's birth month (1-12) from the member server's profile; the birthday bonus follows it. Set once. */
  birth_month: number | null;
  /** The sum of the ledger's `coins`, kept in the same transaction as every entry (ledger-check proves it). */
  balance: Generated<number>;
  /** While set, tills may not earn on the account nor take its vouchers (the member was disabled). */
  suspended_at: number | null;
  /** The operator who suspended it, as the relaying client named them. */
  suspended_by: string | null;
  /*
   * The member's profile facts as the member server last sent them (profile-facts.ts), for
   * segments; null where the member gave none, and all null before the first sending.
   */
  /** Region of residence (profile-options.ts code). */
  region: string | null;
  /** District of residence, one of the region's. */
  district: string | null;
  /** The age range the member chose (profile-options.ts AGE_RANGES). */
  age_range: string | null;
  /** Direct-marketing consent per channel: 1 agreed, 0 not. */
  consent_email: number | null;
  consent_sms: number | null;
  consent_phone: number | null;
  /** When the member server last sent the facts; null: it never has. */
  profile_facts_at: number | null;
  created_by: string;
  created_at: number;
};

/** The ledger-kinds.ts list: a till's purchase and refund, adjustment, expiry, redemption, cancellation, forfeit. */
export type EntryKind = LedgerKind;

/**
 * Who made an entry: a till key, a full-scope API client (the member server), an operator
 * (a person named by the client that relayed the adjustment), or the expiry job.
 */
export type ActorType = "till" | "client" | "operator" | "expiry";

export type HcoinLedgerTable = {
  id: Generated<number>;
  account_id: number;
  kind: EntryKind;
  /**
   * What makes the entry happen once: `purchase:<store>:<receipt>`, `refund:<store>:<receipt>:<refund_no>`
   * (`refund-sized:<store>:<length of receipt>:<receipt>:<refund_no>` when the receipt number holds a colon),
   * `adjustment:<client>:<key>`, `expiry:<credit entry id>`, `redemption:<account id>:<key>`,
   * `cancellation:<voucher id>`; null when the caller gave no key.
   */
  entry_key: string | null;
  store_code: string | null;
  receipt_no: string | null;
  /** A refund's own number at the till (its idempotency key), when the till sends one. */
  refund_no: string | null;
  actor_type: ActorType;
  /** The till's or client's name, the operator's name, or "expiry". */
  actor: string;
  /** The API client the entry came through ("scheduler" for expiry). */
  client: string;
  reason: string;
  /** Purchase: the receipt's amounts; refund: the amounts returned (positive). Zero otherwise. */
  net_cents: number;
  electronic_cents: number;
  partner_store: number;
  birthday_multiplier: number;
  holiday_multiplier: number;
  /** Negative on a refund, as is every debit's `coins`. */
  base_coins: number;
  birthday_bonus: number;
  holiday_bonus: number;
  coins: number;
  /** A credit's coins not yet spent, reversed or expired; debits take them soonest-expiring first. */
  remaining: number;
  /** When a credit's remaining coins expire (the policy in force when it was made); null = never. */
  expires_at: number | null;
  qr_unix_seconds: number | null;
  /** The reward a redemption or cancellation is about; null otherwise. */
  reward_id: number | null;
  /** The (normalised) code of the voucher it issued or cancelled; null otherwise. */
  voucher_code: string | null;
  created_at: number;
};

/** The store registry: every store code a till may earn at, and its partner-property flag. */
export type HcoinStoresTable = {
  store_code: string;
  partner_property: number;
  /** The member server's brand code of the store (migration 0013); null until it is sent. */
  brand_code: string | null;
  updated_at: number;
};

/** The operator's settings of the scheme (the expiry policy). */
export type HcoinSettingsTable = {
  key: string;
  value: string;
  updated_by: string;
  updated_at: number;
};

export type { RewardKind };

/** The catalogue: what coins can be redeemed for (api-schemas.ts rewardSchema). */
export type HcoinRewardsTable = {
  id: Generated<number>;
  kind: RewardKind;
  coins: number;
  /** Units left; only ever changed by one conditional statement (never below 0). */
  stock: number;
  /** An e-gift voucher's face value; null for a product. */
  value_cents: number | null;
  /** JSON array of store codes; [] = every store of the scheme. */
  store_codes: string;
  title_en: string;
  title_tc: string;
  title_sc: string;
  description_en: string;
  description_tc: string;
  description_sc: string;
  terms_en: string;
  terms_tc: string;
  terms_sc: string;
  image_url: string | null;
  starts_at: number | null;
  ends_at: number | null;
  per_member_limit: number | null;
  voucher_valid_days: number;
  active: number;
  sort_order: number;
  created_at: number;
  updated_at: number;
  /** Units at or below which the reward is low on stock; null = no alert (low-stock-alerts.ts). */
  low_stock_threshold: number | null;
  /** When the low-stock alert last fired; null = armed (it fires at the next crossing). */
  low_stock_alerted_at: number | null;
  /** The segment whose members alone may redeem it (reward-segments.ts); null = everyone's. */
  segment_id: number | null;
};

/** Stored states; "expired" is an issued voucher past valid_until, worked out when read. */
export type VoucherStatus = "issued" | "used" | "cancelled";

export type HcoinVouchersTable = {
  id: Generated<number>;
  /** Normalised (vouchers.ts): 16 Crockford base-32 characters, no hyphens. */
  code: string;
  reward_id: number;
  account_id: number;
  /** The redemption entry that paid for it. */
  entry_id: number;
  coins: number;
  /** The reward's value and stores when it was issued. */
  value_cents: number | null;
  store_codes: string;
  status: VoucherStatus;
  issued_at: number;
  /** The last instant it may be used (the end of a Hong Kong day). */
  valid_until: number;
  used_at: number | null;
  used_store_code: string | null;
  used_receipt_no: string | null;
  /** The till (API client) that used it. */
  used_by: string | null;
  /** A goodwill voucher (an operator gave it, no coins spent): the reward's coins then; null when redeemed. */
  goodwill_coins: number | null;
  cancelled_at: number | null;
  /** The operator who cancelled it. */
  cancelled_by: string | null;
  cancel_reason: string | null;
};

/** A till key an operator made (till-keys.ts); the key itself is never kept. */
export type HcoinTillKeysTable = {
  id: Generated<number>;
  /** The till's name, as the ledger records it (client and actor); unique among live keys. */
  name: string;
  /** SHA-256 of the key, lower-case hex. */
  key_hash: string;
  /** JSON array of store codes, never empty. */
  store_codes: string;
  created_at: number;
  /** The operator who made it, as the relaying client named them. */
  created_by: string;
  stores_changed_at: number | null;
  revoked_at: number | null;
  revoked_by: string | null;
  /** When it last opened a call, to the minute (written at most once a minute). */
  last_used_at: number | null;
};

/** A rung of the operator's tier ladder (tiers.ts). */
export type HcoinTiersTable = {
  id: Generated<number>;
  /** The operator's short name for it (`gold`); accounts and the history name the tier by it. */
  code: string;
  name_en: string;
  name_tc: string;
  name_sc: string;
  benefits_en: string;
  benefits_tc: string;
  benefits_sc: string;
  /** The window's qualifying spend (purchases' net minus refunds) that reaches it. */
  qualifying_cents: number;
  /** Earn multiplier in hundredths (150 = ×1.5); the purchase earns base × (m − 1) more. */
  multiplier: number;
  /** A reward only members of this tier (or higher) may redeem; null for none. */
  reward_id: number | null;
  /** The ladder's order, lowest threshold first. */
  sort_order: number;
  updated_by: string;
  updated_at: number;
};

/** An account's tier; no row until its first requalification. */
export type HcoinAccountTiersTable = {
  account_id: number;
  /** null: below every threshold (after a downgrade from the lowest tier). */
  tier_code: string | null;
  /** When it reached the tier (or was last set in it). */
  reached_at: number;
  /** When the tier is next reviewed (downgrades happen only then); null without a tier. */
  review_at: number | null;
  updated_at: number;
};

/** Why an account's tier changed or was reviewed (tier-rules.ts TIER_CHANGE_REASONS). */
export type TierChange = "upgrade" | "downgrade" | "kept" | "set";

export type HcoinTierHistoryTable = {
  id: Generated<number>;
  account_id: number;
  reason: TierChange;
  from_code: string | null;
  to_code: string | null;
  /** The new tier's names then, JSON {en, tc, sc}; null for no tier. */
  to_names: string | null;
  /** The qualifying spend the decision looked at. */
  spend_cents: number;
  /** The review date it set. */
  review_at: number | null;
  /** "requalify-tiers" (the job), "purchase", or the operator who set it. */
  actor: string;
  created_at: number;
};

export type AccountRow = Selectable<HcoinAccountsTable>;
export type EntryRow = Selectable<HcoinLedgerTable>;
export type RewardRow = Selectable<HcoinRewardsTable>;
export type VoucherRow = Selectable<HcoinVouchersTable>;
export type TillKeyRow = Selectable<HcoinTillKeysTable>;

/** A campaign (migration 0010): the operator's definition as JSON, with what the till's query and the budget read. */
export type HcoinCampaignsTable = {
  id: Generated<number>;
  /** campaign-rules.ts's CampaignDefinition as JSON. */
  definition: string;
  status: CampaignStatus;
  starts_at: number;
  ends_at: number;
  budget_coins: number | null;
  /** The coins taken from the budget (net of refunds); only a conditional UPDATE moves it. */
  spent_coins: Generated<number>;
  created_by: string;
  created_at: number;
  updated_by: string | null;
  updated_at: number | null;
  activated_by: string | null;
  approved_by: string | null;
  activated_at: number | null;
};

/** What each coin of a purchase or refund was for (earn-lines.ts); an entry's lines add up to its coins. */
export type HcoinEarnLinesTable = {
  entry_id: number;
  position: number;
  kind: EarnLineKind;
  coins: number;
  campaign_id: number | null;
  name_en: string | null;
  name_tc: string | null;
  name_sc: string | null;
};

export type CampaignRow = Selectable<HcoinCampaignsTable>;
export type EarnLineRow = Selectable<HcoinEarnLinesTable>;
export type TierRow = Selectable<HcoinTiersTable>;
export type AccountTierRow = Selectable<HcoinAccountTiersTable>;
export type TierHistoryRow = Selectable<HcoinTierHistoryTable>;
/** Pending until the referred member's first qualifying purchase; then rewarded or refused, for good. */
export type ReferralState = "pending" | "rewarded" | "refused";

/** Why a referral earned nothing (referrals.ts). */
export type ReferralRefusal =
  | "referrer_no_account"
  | "same_account"
  | "same_number"
  | "same_device"
  | "cap_reached"
  | "reward_unavailable"
  | "referrer_suspended";

/** A referral (migration 0012): once per referred account. */
export type HcoinReferralsTable = {
  id: Generated<number>;
  referred_account_id: number;
  /** null when the referrer had no H Coins account when the referral was recorded (refused then). */
  referrer_account_id: number | null;
  /** The member server's keyed hashes of the referred member's number and device; the same person or device never earns twice. */
  phone_hash: string | null;
  device_hash: string | null;
  state: ReferralState;
  refused_reason: ReferralRefusal | null;
  recorded_at: number;
  /** When it was rewarded or refused. */
  decided_at: number | null;
  /** The qualifying purchase (or the purchase a refusal was decided at). */
  purchase_entry_id: number | null;
  referrer_voucher_code: string | null;

  referred_voucher_code: string | null;
};

export type ReferralRow = Selectable<HcoinReferralsTable>;

/** An operator's segment (segment-rules.ts): its names and its conditions as JSON. */
export type HcoinSegmentsTable = {
  id: Generated<number>;
  name_en: string;
  name_tc: string;
  name_sc: string;
  /** JSON array of segment conditions. */
  definition: string;
  created_by: string;
  created_at: number;
  updated_by: string | null;
  updated_at: number | null;
};
export type SegmentRow = Selectable<HcoinSegmentsTable>;

/** An e-stamp mission (migration 0015): the operator's definition as JSON, with what the till's query and the budget read. */
export type HcoinMissionsTable = {
  id: Generated<number>;
  /** mission-rules.ts's MissionDefinition as JSON. */
  definition: string;
  status: MissionStatus;
  starts_at: number;
  ends_at: number;
  budget_completions: number | null;
  /** Completions taken from the budget; only a conditional UPDATE moves it. */
  completions: Generated<number>;
  created_by: string;
  created_at: number;
  updated_by: string | null;
  updated_at: number | null;
  activated_by: string | null;
  approved_by: string | null;
  activated_at: number | null;
};

/** A member's card for one mission and period, once per (account, mission, period). */
export type HcoinMissionProgressTable = {
  id: Generated<number>;
  account_id: number;
  mission_id: number;
  /** A Hong Kong month (2025-07) or `schedule`. */
  period_key: string;
  stamps: number;
  completed_at: number | null;
  voucher_code: string | null;
  updated_at: number;
};

/** The purchase behind each stamp of a card (and its store's brand). */
export type HcoinMissionStampsTable = {
  progress_id: number;
  entry_id: number;
  brand_code: string | null;
};

export type MissionRow = Selectable<HcoinMissionsTable>;
export type MissionProgressRow = Selectable<HcoinMissionProgressTable>;
