import { z } from "zod";

/*
 * The wire shapes of the scheme's API (/coin-scheme/v1). The routes declare them as
 * response schemas (so /docs shows them) and the member server's HTTP client parses
 * every answer with them, so both sides agree on one definition.
 */

export const accountSchema = z.object({
  hcoins_memberno: z.string(),
  mobile_phone_prefix: z.string(),
  mobile_phone: z.string(),
  linked: z.boolean(),
  /** The programme member the account is linked to (the member server's member_no). */
  linked_member_ref: z.string().nullable(),
  linked_at: z.string().nullable(),
  created_at: z.string(),
  balance: z.number().int(),
});
export type SchemeAccount = z.infer<typeof accountSchema>;

export const transactionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["purchase", "refund"]),
  hcoins_memberno: z.string(),
  store_code: z.string(),
  receipt_no: z.string(),
  client: z.string(),
  net_amount: z.string(),
  electronic_amount: z.string(),
  partner_store: z.boolean(),
  birthday_multiplier: z.string(),
  holiday_multiplier: z.string(),
  base_coins: z.number().int(),
  birthday_bonus: z.number().int(),
  holiday_bonus: z.number().int(),
  coins: z.number().int(),
  created_at: z.string(),
});
export type SchemeTransaction = z.infer<typeof transactionSchema>;

export const accountLookupResponse = z.object({ account: accountSchema.nullable() });

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
  /** True when the receipt had been recorded before: nothing was credited (or reversed) again. */
  duplicate: z.boolean(),
});
export type TransactionResult = z.infer<typeof transactionResponse>;

export const ledgerResponse = z.object({
  account: accountSchema,
  balance: z.number().int(),
  /** Newest first. */
  entries: z.array(transactionSchema),
});
export type LedgerResult = z.infer<typeof ledgerResponse>;

export const storeResponse = z.object({
  store_code: z.string(),
  partner_property: z.boolean(),
  /** False when the store already had this flag. */
  changed: z.boolean(),
});
export type StoreResult = z.infer<typeof storeResponse>;

export const bonusDaySchema = z.object({
  date: z.string(),
  multiplier: z.string(),
  /** `operator` (set with the admin command or the API) or `configuration` (COIN_HOLIDAYS). */
  source: z.enum(["operator", "configuration"]),
});
export type BonusDay = z.infer<typeof bonusDaySchema>;

export const bonusDaysResponse = z.object({
  birthday_multiplier: z.string(),
  days: z.array(bonusDaySchema),
});
export type BonusDays = z.infer<typeof bonusDaysResponse>;

export const bonusDaySetResponse = z.object({
  date: z.string(),
  multiplier: z.string(),
  /** The operator's multiplier the date had before, or null. */
  previous: z.string().nullable(),
});
export type BonusDaySetResult = z.infer<typeof bonusDaySetResponse>;

export const bonusDayRemoveResponse = z.object({
  date: z.string(),
  removed: z.boolean(),
  /** COIN_HOLIDAYS still gives the date this multiplier (operator entries only override it). */
  configured_multiplier: z.string().nullable(),
});
export type BonusDayRemoveResult = z.infer<typeof bonusDayRemoveResponse>;

/** The success envelope, as the member server's: `{code: 200, payload}`. */
export const envelope = <T extends z.ZodType>(payload: T) => z.object({ code: z.literal(200), payload });
