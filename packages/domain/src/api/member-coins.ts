import { z } from "zod";
import { smsCodeSchema } from "../sms-code.ts";
import { emptyPayload, okAnswer } from "./envelope.ts";
import { presentPassword } from "./profile.ts";
import { ROUTES } from "./routes.ts";

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
  ...ROUTES.coinBalance,
  body: emptyPayload.loose().optional(),
  answer: okAnswer(coinBalanceSchema),
};

/** One line of the member's history. */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(["purchase", "refund", "adjustment", "expiry", "redemption", "cancellation"]),
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
  /** An operator's adjustment: the reason they gave. */
  reason: z.string().nullable(),
  /** A redemption or cancellation: the reward's title. */
  reward_title: localized.nullable(),
  voucher_code: z.string().nullable(),
  /** A credit: when its coins expire (null = never). */
  expires_at: isoTime.nullable(),
});
export type HistoryEntry = z.output<typeof historyEntrySchema>;

export const coinHistory = {
  ...ROUTES.coinHistory,
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
  /** The member's vouchers of this reward (not cancelled); null for a visitor. */
  redeemed: z.number().int().nullable(),
  state: z.enum(["available", "soldOut", "notStarted", "ended", "limitReached"]),
});
export type MemberReward = z.output<typeof memberRewardSchema>;

/** Active rewards in the catalogue's order; a visitor may look too. */
export const rewards = {
  ...ROUTES.rewards,
  body: emptyPayload.loose().optional(),
  answer: okAnswer(z.object({ rewards: z.array(memberRewardSchema) })),
};

const rewardId = z.coerce.number({ error: "required" }).int("invalid").min(1, "invalid");

/** One active reward (4040 when there is none or it is inactive). */
export const reward = {
  ...ROUTES.reward,
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
  ...ROUTES.redeemReward,
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
  ...ROUTES.redeemSmsCode,
  body: emptyPayload.loose().optional(),
  answer: okAnswer(emptyPayload),
};

/** The member's vouchers, newest first. */
export const vouchers = {
  ...ROUTES.vouchers,
  body: emptyPayload.loose().optional(),
  answer: okAnswer(z.object({ vouchers: z.array(memberVoucherSchema) })),
};
