import { type CampaignView, campaignDryRunSchema, campaignViewSchema } from "@hcoins/domain/campaign-rules";
import {
  campaignFigureFields,
  coinMovementFields,
  goodwillFields,
  rewardFigureFields,
  storeFigureFields,
} from "@hcoins/domain/coin-figures";
import { earnLineSchema } from "@hcoins/domain/earn-lines";
import { LEDGER_KINDS } from "@hcoins/domain/ledger-kinds";
import { memberMissionSchema, missionStampSchema, missionViewSchema } from "@hcoins/domain/mission-rules";
import { AGE_RANGES, DISTRICT_CODES, isDistrictOf, REGION_CODES } from "@hcoins/domain/profile-options";
import { segmentViewSchema } from "@hcoins/domain/segment-rules";
import { tillKeySchema } from "@hcoins/domain/till-key-schema";
import { z } from "zod";

/*
 * The wire shapes of the scheme's API (/coin-scheme/v1). The routes declare them as
 * response schemas (so /docs shows them) and the member server's HTTP client parses
 * every answer with them, so both sides agree on one definition.
 */

/** en, tc and sc, each required (the scheme keeps every text of a reward in the three). */
export const localizedSchema = z.object({ en: z.string(), tc: z.string(), sc: z.string() });

export const accountSchema = z.object({
  hcoins_memberno: z.string(),
  mobile_phone_prefix: z.string(),
  mobile_phone: z.string(),
  linked: z.boolean(),
  /** The programme member the account is linked to (the member server's member_no). */
  linked_member_ref: z.string().nullable(),
  linked_at: z.string().nullable(),
  created_at: z.string(),
  /** The member's birth month (1-12) as the member server recorded it, or null; the birthday bonus follows it. */
  birth_month: z.number().int().nullable(),
  balance: z.number().int(),
  /** Suspended (its member disabled): tills may not earn on it nor take its vouchers. */
  suspended: z.boolean(),
});
export type SchemeAccount = z.infer<typeof accountSchema>;

/** One ledger entry: a purchase or refund at a till, an adjustment, an expiry. */
export const transactionSchema = z.object({
  id: z.number().int(),
  /** `redemption` spends coins on a reward; `cancellation` returns a cancelled voucher's coins. */
  kind: z.enum(LEDGER_KINDS),
  hcoins_memberno: z.string(),
  store_code: z.string().nullable(),
  receipt_no: z.string().nullable(),
  /** A refund's own number at the till, when it sent one. */
  refund_no: z.string().nullable(),
  /** Who made it: `till`, `client` (a full-scope API client such as the member server), `operator`, `expiry`. */
  actor_type: z.enum(["till", "client", "operator", "expiry"]),
  /** The till's or client's name, the operator's name, or "expiry". */
  actor: z.string(),
  /** The API client it came through ("scheduler" for expiry). */
  client: z.string(),
  reason: z.string(),
  /** A purchase's amounts, or what a refund returned; "0.00" otherwise. */
  net_amount: z.string(),
  electronic_amount: z.string(),
  partner_store: z.boolean(),
  birthday_multiplier: z.string(),
  holiday_multiplier: z.string(),
  base_coins: z.number().int(),
  birthday_bonus: z.number().int(),
  holiday_bonus: z.number().int(),
  /** Positive for a credit, negative for a debit. */
  coins: z.number().int(),
  /** A credit's coins not yet spent, reversed or expired. */
  remaining: z.number().int(),
  /** When a credit's remaining coins expire; null = never. */
  expires_at: z.string().nullable(),
  /** The reward a redemption (or a cancellation) was for; null for other entries. */
  reward_id: z.number().int().nullable(),
  /** The voucher a redemption issued (or a cancellation cancelled); null for other entries. */
  voucher_code: z.string().nullable(),
  created_at: z.string(),
  /** What each coin of a purchase or refund was for, adding up to `coins` (earn-lines.ts); empty for other kinds. */
  lines: z.array(earnLineSchema),
});
export type SchemeTransaction = z.infer<typeof transactionSchema>;

/** A receipt's state after a purchase or refund call: what was paid, what has been refunded. */
export const receiptStateSchema = z.object({
  net_amount: z.string(),
  electronic_amount: z.string(),
  refunded_net_amount: z.string(),
  refunded_electronic_amount: z.string(),
  fully_refunded: z.boolean(),
});
export type ReceiptState = z.infer<typeof receiptStateSchema>;

export const accountLookupResponse = z.object({ account: accountSchema.nullable() });

/** The accounts a receipt number names (GET /receipts/:receipt_no/accounts). */
export const accountsResponse = z.object({ accounts: z.array(accountSchema) });
export type AccountsResult = z.infer<typeof accountsResponse>;

export const createAccountResponse = z.object({
  account: accountSchema,
  /** False when an account for the number existed already (create is idempotent). */
  created: z.boolean(),
  /** True when this call made the link (false when there was none to make or it existed). */
  linked_now: z.boolean(),
});
export type CreateAccountResult = z.infer<typeof createAccountResponse>;

export const linkResponse = z.object({ account: accountSchema, linked_now: z.boolean() });
export type LinkResult = z.infer<typeof linkResponse>;

export const transactionResponse = z.object({
  transaction: transactionSchema,
  balance: z.number().int(),
  /** True when the call had been made before (same receipt, refund number or key): nothing changed again. */
  duplicate: z.boolean(),
  /** The receipt of a purchase or refund, with what has been refunded of it; null for other entries. */
  receipt: receiptStateSchema.nullable(),
  /** A purchase's stamps on the member's mission cards, and completions (left out when none). */
  missions: z.array(missionStampSchema).optional(),
});
export type TransactionResult = z.infer<typeof transactionResponse>;

export const ledgerResponse = z.object({
  account: accountSchema,
  balance: z.number().int(),
  /** Newest first, `limit` of them from `offset`. */
  entries: z.array(transactionSchema),
  /** How many of the account's entries match the call's filters (all of them without any), for paging. */
  total: z.number().int(),
  /** The titles of the rewards these entries name (reward_id), so a history can say what was redeemed. */
  rewards: z.array(z.object({ id: z.number().int(), title: localizedSchema })),
});
export type LedgerResult = z.infer<typeof ledgerResponse>;

export const storeResponse = z.object({
  store_code: z.string(),
  partner_property: z.boolean(),
  /** The member server's brand code of the store; null when none was sent. */
  brand_code: z.string().nullable(),
  /** False when the store was registered with this flag already. */
  changed: z.boolean(),
});
export type StoreResult = z.infer<typeof storeResponse>;

export const storesResponse = z.object({
  stores: z.array(
    z.object({
      store_code: z.string(),
      partner_property: z.boolean(),
      brand_code: z.string().nullable(),
      updated_at: z.string(),
    }),
  ),
});
export type StoresResult = z.infer<typeof storesResponse>;

/** What a till sees of the account behind a QR code it scanned: no mobile number. */
export const tillAccountResponse = z.object({
  hcoins_memberno: z.string(),
  balance: z.number().int(),
});
export type TillAccountResult = z.infer<typeof tillAccountResponse>;

export const birthMonthResponse = z.object({
  hcoins_memberno: z.string(),
  birth_month: z.number().int(),
  /** False when the account had this month already. */
  changed: z.boolean(),
});
export type BirthMonthResult = z.infer<typeof birthMonthResponse>;

/**
 * A member's profile facts as the member server holds them, for segments (docs/decisions/239):
 * where they live, the age range they chose, and whether they agreed to direct marketing on each
 * channel. Null where the member gave none; region and district come together, the district one
 * of the region's (`areaInvalid`).
 */
export const profileFactsSchema = z
  .object({
    region: z.enum(REGION_CODES, "invalid").nullable(),
    district: z.enum(DISTRICT_CODES, "invalid").nullable(),
    age_range: z.enum(AGE_RANGES, "invalid").nullable(),
    /** True: the member agreed to direct marketing on the channel; false: they did not, or withdrew. */
    marketing_consent: z.object({ email: z.boolean(), sms: z.boolean(), phone: z.boolean() }),
  })
  .refine(
    (facts) =>
      facts.region === null
        ? facts.district === null
        : facts.district !== null && isDistrictOf(facts.region, facts.district),
    { path: ["district"], message: "areaInvalid" },
  );
export type ProfileFacts = z.infer<typeof profileFactsSchema>;

export const profileFactsResponse = z.object({
  hcoins_memberno: z.string(),
  profile_facts: profileFactsSchema,
  /** False when the account held these facts already. */
  changed: z.boolean(),
});
export type ProfileFactsResult = z.infer<typeof profileFactsResponse>;

/** Linked accounts whose profile facts the member server has not sent yet, by H Coins number. */
export const accountsWithoutProfileFactsResponse = z.object({
  accounts: z.array(z.object({ hcoins_memberno: z.string(), member_ref: z.string() })),
});
export type AccountsWithoutProfileFactsResult = z.infer<typeof accountsWithoutProfileFactsResponse>;

export const expiryPolicyResponse = z.object({
  /** `none`, `year-end` or `<N>-months`. */
  policy: z.string(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type ExpiryPolicyResult = z.infer<typeof expiryPolicyResponse>;

/** What an expiry run expired, or (the dry run) would expire: credits, accounts and coins by `at`. */
export const expiryPreviewResponse = z.object({
  at: z.string(),
  credits: z.number().int(),
  accounts: z.number().int(),
  coins: z.number().int(),
});
export type ExpiryPreviewResult = z.infer<typeof expiryPreviewResponse>;
export type ExpiryRunResult = ExpiryPreviewResult;

export const ledgerCheckResponse = z.object({
  accounts: z.number().int(),
  /** Accounts whose balance row disagrees with their ledger; empty when the ledger holds. */
  disagreements: z.array(
    z.object({
      hcoins_memberno: z.string(),
      balance: z.number().int(),
      ledger_sum: z.number().int(),
      remaining_sum: z.number().int(),
    }),
  ),
  /** Purchases and refunds whose earn lines do not add up to their coins (at most 20 ids); empty when they all do. */
  unbalanced_entries: z.array(z.number().int()),
});
export type LedgerCheckResult = z.infer<typeof ledgerCheckResponse>;

/**
 * A Hong Kong day's coin movements, each a positive number of coins except `adjusted` (operators'
 * credits less their debits): earned at tills (bonuses included), taken back by refunds, spent on
 * rewards, given back by voucher cancellations, expired, forfeited at an erasure. `outstanding` is what every account held
 * at the day's end (the programme's liability then).
 */
/** Each day's coins by entry kind, signed as the ledger's totals read (figures.ts ENTRY_COLUMN), and that day's goodwill vouchers. */
export const coinDayFiguresSchema = z.object({
  day: z.string(),
  ...coinMovementFields,
  ...goodwillFields,
  outstanding: z.number().int(),
});
export type CoinDayFigures = z.infer<typeof coinDayFiguresSchema>;

export const coinFiguresResponse = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(coinDayFiguresSchema),
  /** Every account's balance now: the coins the programme owes its members. */
  outstanding: z.number().int(),
  accounts: z.number().int(),
});
export type CoinFiguresResult = z.infer<typeof coinFiguresResponse>;

/**
 * The range's coins per store code the entries name (`store_code` null: the entries no till made,
 * adjustments, expiries, forfeits, redemptions, cancellations). Signs as in a day's figures; each
 * column summed over the lines equals the days' total of the same range.
 */
export const coinStoreFiguresSchema = z.object({
  store_code: z.string().nullable(),
  ...storeFigureFields,
});
export type CoinStoreFigures = z.infer<typeof coinStoreFiguresSchema>;

/** The range's redemptions per reward: paid ones and their coins, cancellations, goodwill vouchers and their price. */
export const coinRewardFiguresSchema = z.object({
  reward_id: z.number().int(),
  ...rewardFigureFields,
});
export type CoinRewardFigures = z.infer<typeof coinRewardFiguresSchema>;

/** The range's campaign lines per campaign id (campaign-earn.ts). */
const coinCampaignFiguresSchema = z.object({
  campaign_id: z.number().int(),
  ...campaignFigureFields,
});

export const coinFiguresBreakdownResponse = z.object({
  from: z.string(),
  to: z.string(),
  stores: z.array(coinStoreFiguresSchema),
  rewards: z.array(coinRewardFiguresSchema),
  /** Per campaign with lines in the range, by id. */
  campaigns: z.array(coinCampaignFiguresSchema),
  /** The tier lines (a tier's earn multiplier) of the range as one line. */
  tier_multiplier: z.object(campaignFigureFields),
});
export type CoinFiguresBreakdownResult = z.infer<typeof coinFiguresBreakdownResponse>;

/** A Hong Kong date an active holiday rule (a campaign, decision 238) covers, with its multiplier. */
export const bonusDaySchema = z.object({
  date: z.string(),
  /** "2" = twice the base coins. */
  multiplier: z.string(),
  /** The holiday rule's campaign. */
  campaign_id: z.number().int(),
});
export type BonusDay = z.infer<typeof bonusDaySchema>;

/** The programme rules' multipliers, as a till may show them: the birthday month's now, and every bonus day. */
export const bonusDaysResponse = z.object({
  /** The active birthday rule's multiplier now; "1" when none is live (no birthday bonus). */
  birthday_multiplier: z.string(),
  /** That birthday rule's campaign; null when none is live. */
  birthday_campaign_id: z.number().int().nullable(),
  /** By date: the days of every active holiday rule (a year of days at most per rule). */
  days: z.array(bonusDaySchema),
});
export type BonusDays = z.infer<typeof bonusDaysResponse>;

/** What a balance shows: the coins, and those that will expire soonest, by date. */
export const balanceResponse = z.object({
  hcoins_memberno: z.string(),
  balance: z.number().int(),
  /** Open credits grouped by expiry time, soonest first (at most 5); empty when nothing expires. */
  expiring: z.array(z.object({ expires_at: z.string(), coins: z.number().int() })),
  /** When the scheme answered. */
  as_of: z.string(),
});
export type BalanceResult = z.infer<typeof balanceResponse>;

// ---- rewards and vouchers ------------------------------------------------------------

/**
 * A reward of the catalogue: an e-gift voucher (`evoucher`: a value to spend at the stores
 * named, or at every store of the scheme when none are) or a product (`product`: collected at
 * those stores). Redeeming one spends `coins` and takes one unit of `stock`, and issues a
 * voucher valid for `voucher_valid_days` days.
 */
export const rewardSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["evoucher", "product"]),
  /** The price in H Coins. */
  coins: z.number().int(),
  /** Units left to redeem. */
  stock: z.number().int(),
  /** An e-gift voucher's face value in HKD ("100.00"); null for a product. */
  value_amount: z.string().nullable(),
  /** Where the voucher may be used; empty = every store of the scheme. */
  store_codes: z.array(z.string()),
  title: localizedSchema,
  description: localizedSchema,
  terms: localizedSchema,
  /** An https address or a site path (/crm/media/…); null = no image. */
  image_url: z.string().nullable(),
  /** The redemption window; null = open on that side. */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** How many vouchers of this reward one member may hold (cancelled ones not counted); null = no limit. */
  per_member_limit: z.number().int().nullable(),
  /** Units at or below which the reward is low on stock (a warn log line when a redemption crosses it); null = no alert. */
  low_stock_threshold: z.number().int().nullable(),
  /** `sold_out` (no stock), `low` (at or below `low_stock_threshold`) or `in_stock`. */
  stock_level: z.enum(["in_stock", "low", "sold_out"]),
  voucher_valid_days: z.number().int(),
  active: z.boolean(),
  /** Catalogue order, lowest first. */
  sort_order: z.number().int(),
  /** The segment whose members alone see and redeem it (6072 to anyone else); null = everyone's. */
  segment_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** With `member_ref` in the request: the vouchers of this reward that member holds (not cancelled); else null. */
  redeemed_by_member: z.number().int().nullable(),
});
export type SchemeReward = z.infer<typeof rewardSchema>;

export const rewardsResponse = z.object({ rewards: z.array(rewardSchema) });
export type RewardsResult = z.infer<typeof rewardsResponse>;
export const rewardResponse = z.object({ reward: rewardSchema });
export type RewardResult = z.infer<typeof rewardResponse>;

/**
 * A voucher a redemption issued. `status`: issued (usable until `valid_until`), used (at a
 * till), expired (issued and past `valid_until`: no coins back), cancelled (by an operator:
 * coins and stock returned).
 */
export const voucherSchema = z.object({
  /** The scheme's id of the voucher: what operators act on it by, never usable at a till. */
  id: z.number().int(),
  /** Unguessable, 16 characters of Crockford base 32 in groups of four: what the QR code carries. */
  code: z.string(),
  reward_id: z.number().int(),
  kind: z.enum(["evoucher", "product"]),
  title: localizedSchema,
  value_amount: z.string().nullable(),
  store_codes: z.array(z.string()),
  hcoins_memberno: z.string(),
  /** The coins it cost. */
  coins: z.number().int(),
  status: z.enum(["issued", "used", "expired", "cancelled"]),
  issued_at: z.string(),
  valid_until: z.string(),
  used_at: z.string().nullable(),
  used_store_code: z.string().nullable(),
  used_receipt_no: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** Given by an operator without coins (`coins` is then 0). */
  goodwill: z.boolean(),
});
export type SchemeVoucher = z.infer<typeof voucherSchema>;

export const voucherResponse = z.object({ voucher: voucherSchema });
export type VoucherResult = z.infer<typeof voucherResponse>;
export const vouchersResponse = z.object({ vouchers: z.array(voucherSchema) });
export type VouchersResult = z.infer<typeof vouchersResponse>;

/** A redemption: the voucher issued, the debit that paid for it, the balance after. */
export const redemptionResponse = z.object({
  voucher: voucherSchema,
  transaction: transactionSchema,
  balance: z.number().int(),
  /** True when the idempotency key had been used for this reward before: nothing changed again. */
  duplicate: z.boolean(),
});
export type RedemptionResult = z.infer<typeof redemptionResponse>;

export const suspensionResponse = z.object({
  account: accountSchema,
  /** False when the account already was as asked: nothing changed. */
  changed: z.boolean(),
});
export type SuspensionResult = z.infer<typeof suspensionResponse>;

/** A goodwill voucher: the voucher given, its 0-coin trace on the ledger, the reward's price it cost. */
export const goodwillResponse = z.object({
  voucher: voucherSchema,
  transaction: transactionSchema,
  goodwill_coins: z.number().int(),
  /** True when the idempotency key had been used for this reward before: nothing changed again. */
  duplicate: z.boolean(),
});
export type GoodwillResult = z.infer<typeof goodwillResponse>;

/** A voucher used at a till. */
export const voucherUseResponse = z.object({
  voucher: voucherSchema,
  /** True when the same store and receipt had used it already: nothing changed again. */
  duplicate: z.boolean(),
});
export type VoucherUseResult = z.infer<typeof voucherUseResponse>;

/** A voucher an operator cancelled: its coins credited back (`transaction`) and its unit back in stock. */
export const voucherCancelResponse = z.object({
  voucher: voucherSchema,
  transaction: transactionSchema,
  balance: z.number().int(),
});
export type VoucherCancelResult = z.infer<typeof voucherCancelResponse>;

export const tillKeysResponse = z.object({ till_keys: z.array(tillKeySchema) });
export type TillKeysResult = z.infer<typeof tillKeysResponse>;
export const tillKeyResponse = z.object({ till_key: tillKeySchema });
export type TillKeyResult = z.infer<typeof tillKeyResponse>;
/** A new till key: `key` is shown in this answer only (the scheme keeps its hash). */
export const tillKeyCreateResponse = z.object({ key: z.string(), till_key: tillKeySchema });
export type TillKeyCreateResult = z.infer<typeof tillKeyCreateResponse>;

/** The success envelope, as the member server's: `{code: 200, payload}`. */
export const envelope = <T extends z.ZodType>(payload: T) => z.object({ code: z.literal(200), payload });

export const campaignsResponse = z.object({ campaigns: z.array(campaignViewSchema) });
export const campaignResponse = z.object({ campaign: campaignViewSchema });
export const campaignDryRunResponse = z.object({ dry_run: campaignDryRunSchema });
export type SchemeCampaign = CampaignView;
export type CampaignsResult = z.infer<typeof campaignsResponse>;
export type CampaignResult = z.infer<typeof campaignResponse>;
export type CampaignDryRunResult = z.infer<typeof campaignDryRunResponse>;
export const segmentsResponse = z.object({ segments: z.array(segmentViewSchema) });
export const segmentResponse = z.object({ segment: segmentViewSchema });
export const segmentCountResponse = z.object({ members: z.number().int() });
export const segmentRemoveResponse = z.object({ removed: z.literal(true) });
export type SegmentsResult = z.infer<typeof segmentsResponse>;
export type SegmentResult = z.infer<typeof segmentResponse>;
/** The states and refusal reasons of a referral (referrals.ts). */
export const REFERRAL_STATES = ["pending", "rewarded", "refused"] as const;
export const REFERRAL_REFUSALS = [
  "referrer_no_account",
  "same_account",
  "same_number",
  "same_device",
  "cap_reached",
  "reward_unavailable",
  "referrer_suspended",
] as const;

/** A referral: who referred whom (by H Coins number), its state and, rewarded, both vouchers' codes. */
export const referralSchema = z.object({
  id: z.number().int(),
  /** null when the referrer had no H Coins account when it was recorded. */
  referrer_memberno: z.string().nullable(),
  referred_memberno: z.string(),
  state: z.enum(REFERRAL_STATES),
  refused_reason: z.enum(REFERRAL_REFUSALS).nullable(),
  recorded_at: z.string(),
  /** When it was rewarded or refused. */
  decided_at: z.string().nullable(),
  referrer_voucher_code: z.string().nullable(),
  referred_voucher_code: z.string().nullable(),
});
export type ReferralView = z.infer<typeof referralSchema>;

export const referralResponse = z.object({ referral: referralSchema });
export type ReferralResult = z.infer<typeof referralResponse>;

export const referralListResponse = z.object({ referrals: z.array(referralSchema), has_more: z.boolean() });
export type ReferralListResult = z.infer<typeof referralListResponse>;

/** The operators' referral settings; `settings` null until first set (no referral is rewarded then). */
export const referralSettingsResponse = z.object({
  settings: z
    .object({
      active: z.boolean(),
      referrer_reward_id: z.number().int(),
      referred_reward_id: z.number().int(),
      /** HKD, two decimals. */
      min_net_amount: z.string(),
      cap_per_referrer: z.number().int().nullable(),
    })
    .nullable(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type ReferralSettingsResult = z.infer<typeof referralSettingsResponse>;

export const missionsResponse = z.object({ missions: z.array(missionViewSchema) });
export const missionResponse = z.object({ mission: missionViewSchema });
export type MissionsResult = z.infer<typeof missionsResponse>;
export type MissionResult = z.infer<typeof missionResponse>;
/** A member's live missions with the stamps of the current period. */
export const memberMissionsResponse = z.object({ missions: z.array(memberMissionSchema) });
export type MemberMissionsResult = z.infer<typeof memberMissionsResponse>;
