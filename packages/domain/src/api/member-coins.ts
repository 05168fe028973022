import { z } from "zod";
import { earnLineSchema } from "../earn-lines.ts";
import { LEDGER_KINDS } from "../ledger-kinds.ts";
import { memberMissionSchema } from "../mission-rules.ts";
import { smsCodeSchema } from "../sms-code.ts";
import { emptyPayload, okAnswer } from "./envelope.ts";
import { presentPassword } from "./profile.ts";
import { COIN_CALLS, custom } from "./routes.ts";

const tags = ["H Coins"];

const MEMBER_ONLY = "Member token required (401 / 4010 for a guest).";
const SCHEME_DOWN =
  "5030 when the H Coins scheme does not answer (COIN_SCHEME_TIMEOUT_MS) or fails, with the reason in `msg_en`, `msg_tc`, `msg_sc`.";
const OWN_ACCOUNT =
  "The account is always the one the scheme links to the calling member (their number's); the body names none.";

/*
 * A member's own H Coins: balance, history, the rewards catalogue, redeeming with a fresh
 * proof of presence (step-up), and the vouchers redeemed. The member server relays the
 * scheme (apps/coin-scheme) and shows a member only their own account; texts come in the
 * three languages, times as ISO text, amounts as HKD text ("100.00").
 */

const localized = z.object({ en: z.string(), tc: z.string(), sc: z.string() });
const isoTime = z.string().meta({ description: "ISO 8601, UTC" });

/** Where the member's coins stand. `linked: false`: the number has no account linked yet (balance null). */
export const coinBalanceSchema = z.object({
  linked: z.boolean(),
  hcoins_memberno: z.string().nullable(),
  balance: z.number().int().nullable(),
  /** The coins that will expire soonest, by date (at most 5); empty when none expire. */
  expiring: z.array(z.object({ expires_at: isoTime, coins: z.number().int() })),
  /** When the scheme answered: a cached balance shows its age by it. */
  as_of: isoTime,
});
export type CoinBalance = z.output<typeof coinBalanceSchema>;

export const coinBalance = {
  ...custom(`${COIN_CALLS}/hcoin-balance`, "member"),
  tags,
  summary: "The member's H Coins balance and the coins expiring soonest",
  description: `${MEMBER_ONLY} ${OWN_ACCOUNT} \`linked: false\` (balance null, nothing expiring) when no account is linked to the member yet. \`as_of\` is when the scheme answered. ${SCHEME_DOWN} The web app then keeps showing its last copy with its \`as_of\`.`,
  body: emptyPayload.loose().optional(),
  answer: okAnswer(coinBalanceSchema),
};

/** A line of a purchase as the member reads it: the scheme's earn line without its campaign id. */
export const statementLineSchema = earnLineSchema.omit({ campaign_id: true });
export type StatementLine = z.output<typeof statementLineSchema>;

/** One line of the member's history. */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** Positive earned or returned, negative spent, refunded or expired. */
  coins: z.number().int(),
  created_at: isoTime,
  store_code: z.string().nullable(),
  /** The store's name in the three languages when the programme knows the store. */
  store_name: localized.nullable(),
  receipt_no: z.string().nullable(),
  /** A purchase's or refund's net amount in HKD; null otherwise. */
  net_amount: z.string().nullable(),
  /** Bonus coins included in `coins` (birthday and holiday), for a purchase. */
  bonus_coins: z.number().int(),
  /**
   * What a purchase's coins were earned for, or a refund's taken back (negative), in the
   * statement's order; they add up to `coins`. Empty for other kinds, and for entries the scheme
   * recorded before it kept lines.
   */
  lines: z.array(statementLineSchema),
  /** An operator's adjustment: why, in the three languages (adjustment-reasons.ts); never the operator's own words. */
  reason: localized.nullable(),
  /** A redemption or cancellation: the reward's title. */
  reward_title: localized.nullable(),
  /**
   * A voucher the programme gave rather than the member bought (a redemption of no coins): for a
   * completed stamp mission, a referral, a campaign's reward, or an operator's goodwill. Null for
   * everything else.
   */
  gift: z.enum(["mission", "referral", "campaign", "goodwill"]).nullable(),
  voucher_code: z.string().nullable(),
  /** A credit: when its coins expire (null = never). */
  expires_at: isoTime.nullable(),
});
export type HistoryEntry = z.output<typeof historyEntrySchema>;

export const coinHistory = {
  ...custom(`${COIN_CALLS}/hcoin-history`, "member"),
  tags,
  summary: "The member's H Coins history, newest first, one page",
  description: `${MEMBER_ONLY} ${OWN_ACCOUNT} \`page\` from 1, \`page_size\` 1-50 (20 by default); \`total\` counts every entry. Stores are named in the three languages (null for a code the programme does not know); \`bonus_coins\` is the birthday and holiday bonus inside \`coins\`; \`reason\` is given for an operator's adjustment only; a redemption or cancellation names its reward and voucher. Empty for a member without an account. 4000 for a bad page. ${SCHEME_DOWN}`,
  body: z.object({
    page: z.coerce.number().int("invalid").min(1, "invalid").max(10_000, "invalid").optional().default(1),
    page_size: z.coerce.number().int("invalid").min(1, "invalid").max(50, "invalid").optional().default(20),
  }),
  answer: okAnswer(
    z.object({
      entries: z.array(historyEntrySchema),
      page: z.number().int(),
      page_size: z.number().int(),
      /** Entries in all. */
      total: z.number().int(),
    }),
  ),
};

/**
 * A reward as members see it. `state` says whether it can be redeemed now: available, soldOut,
 * notStarted, ended, limitReached (the member holds as many as allowed; for a visitor never).
 * `stock` is shown as "only N left" when low.
 */
export const memberRewardSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["evoucher", "product"]),
  coins: z.number().int(),
  stock: z.number().int(),
  value_amount: z.string().nullable(),
  title: localized,
  description: localized,
  terms: localized,
  image_url: z.string().nullable(),
  /** Where the voucher is valid, with names; empty = every store of the programme. */
  stores: z.array(z.object({ store_code: z.string(), name: localized.nullable() })),
  starts_at: isoTime.nullable(),
  ends_at: isoTime.nullable(),
  per_member_limit: z.number().int().nullable(),
  voucher_valid_days: z.number().int(),
  /** An offer to a segment the member is in: only its members see it ("just for you"). */
  for_you: z.boolean(),
  /** The member's vouchers of this reward (not cancelled); null for a visitor. */
  redeemed: z.number().int().nullable(),
  state: z.enum(["available", "soldOut", "notStarted", "ended", "limitReached"]),
});
export type MemberReward = z.output<typeof memberRewardSchema>;

/** Active rewards in the catalogue's order; a visitor may look too. */
export const rewards = {
  ...custom(`${COIN_CALLS}/hcoin-rewards`, "guest"),
  tags,
  summary: "The rewards catalogue: active rewards in the catalogue's order (guest or member)",
  description: `The rewards open for redemption now (active and inside their window), in the catalogue's order. A visitor may look (\`redeemed\` null, \`state\` never limitReached); for a member \`redeemed\` is how many of each they hold (cancelled vouchers not counted). \`state\`: available, soldOut (no stock left), limitReached (the member holds \`per_member_limit\`); hcoin-reward also answers notStarted and ended. Inactive rewards are never shown. ${SCHEME_DOWN}`,
  body: emptyPayload.loose().optional(),
  answer: okAnswer(z.object({ rewards: z.array(memberRewardSchema) })),
};

const rewardId = z.coerce.number({ error: "required" }).int("invalid").min(1, "invalid");

/** One active reward (4040 when there is none or it is inactive). */
export const reward = {
  ...custom(`${COIN_CALLS}/hcoin-reward`, "guest"),
  tags,
  summary: "One active reward (guest or member)",
  description: `As in hcoin-rewards, and also outside its redemption window (\`state\` notStarted or ended). 4040 when there is no such reward or it is inactive; 4000 for a \`reward_id\` that is not a positive whole number. ${SCHEME_DOWN}`,
  body: z.object({ reward_id: rewardId }),
  answer: okAnswer(z.object({ reward: memberRewardSchema })),
};

/** A voucher as its member sees it; the QR code carries `code`. */
export const memberVoucherSchema = z.object({
  code: z.string(),
  reward_id: z.number().int(),
  kind: z.enum(["evoucher", "product"]),
  title: localized,
  value_amount: z.string().nullable(),
  stores: z.array(z.object({ store_code: z.string(), name: localized.nullable() })),
  coins: z.number().int(),
  status: z.enum(["issued", "used", "expired", "cancelled"]),
  issued_at: isoTime,
  valid_until: isoTime,
  used_at: isoTime.nullable(),
  used_store_name: localized.nullable(),
  cancelled_at: isoTime.nullable(),
});
export type MemberVoucher = z.output<typeof memberVoucherSchema>;

/**
 * Redeeming needs a fresh proof that the member is there: their password, or the code of an SMS
 * sent by redeemSmsCode to their own number. Exactly one of the two. `idempotency_key` (the web
 * app makes one per confirmation) makes a retried request answer the first redemption.
 */
export const redeemReward = {
  ...custom(`${COIN_CALLS}/hcoin-redeem`, "member"),
  tags,
  summary: "Redeem a reward for a voucher, confirmed by the password or an SMS code (step-up)",
  description: `${MEMBER_ONLY} ${OWN_ACCOUNT} Exactly one proof: \`password\` (the member's password) or \`sms_token\` (the code hcoin-redeem-sms sent); neither or both is 4000 with rule \`stepUpRequired\`. The proof is checked before anything is spent: a wrong password is 4230 with \`attempts_remaining\`, the REDEEM_PASSWORD_MAX_FAILURES-th locks redeeming by password for LOGIN_LOCK_SECONDS (4290 with \`retry_after_seconds\`; a password reset lifts it); a wrong, expired, used or void code is 4201 (SMS_CODE_MAX_ATTEMPTS wrong tries void it). Then the scheme spends the reward's coins and one unit of stock and issues the voucher, in one transaction: 4231 not enough coins, 4236 the balance is below zero after a refund (the coins earned next repay it first), 4232 out of stock, 4233 inactive or outside its redemption window, 4234 the member holds as many as allowed, 4040 no such reward, 4235 no H Coins account linked to the member, 4000 (field \`idempotency_key\`, rule invalid) when the key already redeemed another reward. ${SCHEME_DOWN} 5030 with \`reason: "busy"\` and Retry-After when too many redeem at once. Nothing is spent on any of these, and an SMS code stays usable for the retry. \`idempotency_key\`: one per confirmation; a request sent again with it (after a timeout whose redemption the scheme may have made) answers the first redemption with \`duplicate: true\` and spends nothing twice, so a client that got no answer retries with the same key.`,
  body: z
    .object({
      reward_id: rewardId,
      idempotency_key: z.string({ error: "required" }).trim().min(8, "invalid").max(100, "tooLong"),
      password: presentPassword.optional(),
      sms_token: smsCodeSchema.optional(),
    })
    .refine((body) => (body.password === undefined) !== (body.sms_token === undefined), {
      message: "stepUpRequired",
      path: ["password"],
    }),
  answer: okAnswer(
    z.object({
      voucher: memberVoucherSchema,
      balance: z.number().int(),
      /** The key had redeemed already: this is the first answer again, nothing spent twice. */
      duplicate: z.boolean(),
    }),
  ),
};

/** Sends a step-up code to the member's own number (the SMS limits of every send apply). */
export const redeemSmsCode = {
  ...custom(`${COIN_CALLS}/hcoin-redeem-sms`, "member"),
  tags,
  summary: "Send a code to the member's own number to confirm a redemption (step-up)",
  description: `${MEMBER_ONLY} The body is ignored and may be empty. The SMS (in the request's language) says the code is for redeeming H Coins, so a member who did not ask is warned. Its code proves a redemption only (a registration or reset code does not, and this one proves nothing else), lasts SMS_CODE_TTL_SECONDS and is used up by hcoin-redeem. 4203 (wait SMS_RESEND_SECONDS before another); the member's own allowance of redeeming codes (SMS_REDEEM_HOURLY_LIMIT), the address's and network's limits and the deployment's budget refuse it with 4237, whose text points to confirming with the password instead, with \`retry_after_seconds\`; 5030 when the SMS gateway fails (the send is not counted).`,
  body: emptyPayload.loose().optional(),
  answer: okAnswer(emptyPayload),
};

/** The member's vouchers, newest first. */
export const vouchers = {
  ...custom(`${COIN_CALLS}/hcoin-vouchers`, "member"),
  tags,
  summary: "The member's vouchers, newest first",
  description: `${MEMBER_ONLY} ${OWN_ACCOUNT} Each with its stores named (empty = every store), its status (issued, used, expired, cancelled) and, once used, where (\`used_store_name\`). Empty for a member without an account. ${SCHEME_DOWN}`,
  body: emptyPayload.loose().optional(),
  answer: okAnswer(z.object({ vouchers: z.array(memberVoucherSchema) })),
};

/** A tier as members see it (names and benefits in the three languages, the multiplier as text, "1.5"). */
const memberTierSchema = z.object({
  code: z.string(),
  name: localized,
  benefits: localized,
  multiplier: z.string(),
});

/** Where the member stands on the tier ladder. `linked: false`: no account yet (nothing else set). */
export const coinTierSchema = z.object({
  linked: z.boolean(),
  /** The tier held; null below every threshold, or when the programme has no tiers. */
  tier: memberTierSchema.nullable(),
  /** Qualifying spend (purchases' net minus refunds) in the window, HKD text; null without an account. */
  spend_amount: z.string().nullable(),
  /** The tier above and the spend it still needs (HKD text); null at the top (or with no tiers). */
  next: z
    .object({
      tier: memberTierSchema,
      spend_needed_amount: z.string(),
      /** The spend must come by then (a calendar year's end); null for a rolling 12 months. */
      by: isoTime.nullable(),
    })
    .nullable(),
  /** When the tier held is reviewed (a lower tier can come only then); null without one. */
  review_at: isoTime.nullable(),
  as_of: isoTime,
});
export type CoinTier = z.output<typeof coinTierSchema>;

export const coinTier = {
  ...custom(`${COIN_CALLS}/hcoin-tier`, "member"),
  tags,
  summary: "The member's tier, its multiplier and benefits, and the spend still needed to reach the next",
  description: `${MEMBER_ONLY} ${OWN_ACCOUNT} \`linked: false\` (everything else null) when no account is linked yet. \`tier\` null below every threshold or when the programme has no tiers; \`next\` null at the top. A higher tier is reached as soon as the spend does; a lower one can come only at \`review_at\`. ${SCHEME_DOWN}`,
  body: emptyPayload.loose().optional(),
  answer: okAnswer(coinTierSchema),
};

/** The member's live e-stamp missions, each with their stamps in its current period (mission-rules.ts). */
export const coinMissionsSchema = z.object({
  linked: z.boolean(),
  missions: z.array(memberMissionSchema),
  as_of: isoTime,
});
export type CoinMissions = z.output<typeof coinMissionsSchema>;

export const coinMissions = {
  ...custom(`${COIN_CALLS}/hcoin-missions`, "member"),
  tags,
  summary:
    "The member's e-stamp missions: what each asks, their stamps this period, and the voucher once completed",
  description: `${MEMBER_ONLY} ${OWN_ACCOUNT} \`linked: false\` (no missions) when no account is linked yet. Oldest mission first. A qualifying purchase stamps the card of its period (a Hong Kong month, or the mission's whole schedule); at \`goal\` stamps the mission is completed once per period and its reward issued as a voucher at no coins (\`voucher_code\`, in the member's vouchers). \`period_ends_at\` is when the period ends. ${SCHEME_DOWN}`,
  body: emptyPayload.loose().optional(),
  answer: okAnswer(coinMissionsSchema),
};

/** A referral state as the member sees it: `waiting` until their friend's H Coins account is linked. */
export const MEMBER_REFERRAL_STATES = ["waiting", "pending", "rewarded", "refused"] as const;

/** The member's invitations: their code, what both sides get and their referrals' states. */
export const memberReferralsSchema = z.object({
  /** The member's own referral code (8 characters, no look-alike letters). */
  code: z.string(),
  /** The register screen with the code, to put after the site's origin: `/register?ref=<code>`. */
  share_path: z.string(),
  /** The operators' offer; null while there is none (no referral is rewarded then). */
  offer: z
    .object({
      referrer_reward: z.object({ id: z.number().int(), title: localized }),
      referred_reward: z.object({ id: z.number().int(), title: localized }),
      /** HKD of the friend's first purchase that qualifies. */
      min_net_amount: z.string(),
      cap_per_referrer: z.number().int().nullable(),
    })
    .nullable(),
  referrals: z.array(
    z.object({
      state: z.enum(MEMBER_REFERRAL_STATES),
      refused_reason: z.string().nullable(),
      registered_at: isoTime,
      decided_at: isoTime.nullable(),
    }),
  ),
});
export type MemberReferrals = z.output<typeof memberReferralsSchema>;

export const referrals = {
  ...custom(`${COIN_CALLS}/hcoin-referrals`, "member"),
  tags,
  summary: "The member's referral code, share link, what both sides get and their referrals",
  description: `${MEMBER_ONLY} The code is made the first time a member from before referrals asks. A friend who registers with it (\`referral_code\`) and makes a first purchase of at least \`min_net_amount\` earns both of them their reward, once; \`waiting\` until the friend's H Coins account is linked, then the scheme's \`pending\`, \`rewarded\` or \`refused\` (\`refused_reason\`: cap_reached, same_number, same_device, reward_unavailable, referrer_no_account, …). ${SCHEME_DOWN}`,
  body: emptyPayload.loose().optional(),
  answer: okAnswer(memberReferralsSchema),
};
