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
  /** The member's birth month (1-12) as the member server recorded it, or null; the birthday bonus follows it. */
  birth_month: z.number().int().nullable(),
  balance: z.number().int(),
});
export type SchemeAccount = z.infer<typeof accountSchema>;

/** One ledger entry: a purchase or refund at a till, an adjustment, an expiry. */
export const transactionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["purchase", "refund", "adjustment", "expiry"]),
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
  created_at: z.string(),
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
  /** False when the store was registered with this flag already. */
  changed: z.boolean(),
});
export type StoreResult = z.infer<typeof storeResponse>;

export const storesResponse = z.object({
  stores: z.array(
    z.object({ store_code: z.string(), partner_property: z.boolean(), updated_at: z.string() }),
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
});
export type LedgerCheckResult = z.infer<typeof ledgerCheckResponse>;

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
