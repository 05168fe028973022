import { z } from "zod";
import { earnLineSchema } from "../earn-lines.ts";
import { isCalendarDate } from "../earn-rules.ts";
import { LEDGER_KINDS } from "../ledger-kinds.ts";
import type { ConsoleOperation } from "./console.ts";
import { okAnswer } from "./envelope.ts";
import { pageParam, pageSizeParam, sortDirection } from "./list-paging.ts";

/*
 * A member's whole H Coins ledger for customer service, a page at a time, with the store and
 * receipt of each till entry: the member page shows it so an agent can settle a receipt dispute
 * of months ago. The scheme keeps the ledger; the member server adds the stores' names.
 */

/** The most entries one page holds. */
export const LEDGER_PAGE_SIZE_MAX = 100;
export const LEDGER_PAGE_SIZE = 25;

const day = z
  .string()
  .trim()
  .refine((value) => isCalendarDate(value), "date");

export const memberLedgerQuery = z.object({
  page: pageParam.default(1),
  page_size: pageSizeParam(LEDGER_PAGE_SIZE_MAX, LEDGER_PAGE_SIZE),
  kind: z.enum(LEDGER_KINDS, "invalid").optional(),
  /** Hong Kong days (YYYY-MM-DD), both included. */
  from: day.optional(),
  to: day.optional(),
  store_code: z.string().trim().min(1, "required").max(32, "tooLong").optional(),
  /** Part of the receipt number, any case. */
  receipt_no: z.string().trim().min(1, "required").max(64, "tooLong").optional(),
  /** By time: newest first (desc, the default) or oldest first. */
  dir: sortDirection.default("desc"),
});

const localized = z.object({ en: z.string(), tc: z.string(), sc: z.string() });

export const memberLedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** Positive credits, negative debits. */
  coins: z.number().int(),
  created_at: z.string(),
  store_code: z.string().nullable(),
  /** The store's names when the programme knows the store; null otherwise. */
  store_name: localized.nullable(),
  receipt_no: z.string().nullable(),
  /** A purchase's amount, or what a refund returned, in HKD ("123.40"); null for other kinds. */
  net_amount: z.string().nullable(),
  /** The till's or client's name, the operator's email, or "expiry". */
  actor: z.string(),
  /** An adjustment's reason code (adjustment-reasons.ts), or the scheme's own wording. */
  reason: z.string(),
  /** An adjustment's internal note, for operators only; null for other entries. */
  note: z.string().nullable(),
  /** The last four characters of the voucher a redemption issued or a cancellation cancelled (never the code). */
  voucher_code_last_four: z.string().nullable(),
  /**
   * What a purchase's coins were earned for, or a refund's taken back: the member's statement
   * lines, so customer service can answer "why did I get this?". Empty for other kinds.
   */
  lines: z.array(earnLineSchema),
});
export type MemberLedgerEntry = z.output<typeof memberLedgerEntrySchema>;

export const memberLedgerSchema = z.object({
  hcoins_memberno: z.string(),
  balance: z.number().int(),
  entries: z.array(memberLedgerEntrySchema),
  /** How many entries the filters match. */
  total: z.number().int(),
});
export type MemberLedger = z.output<typeof memberLedgerSchema>;

const localizedName = z.object({ en: z.string(), tc: z.string(), sc: z.string() });

/** A member's tier as customer service reads it, with every change and review (newest first, at most 50). */
export const memberTierSchema = z.object({
  tier: z.object({ code: z.string(), name: localizedName, multiplier: z.string() }).nullable(),
  /** Qualifying spend in the window, HKD text. */
  spend_amount: z.string(),
  next: z.object({ code: z.string(), name: localizedName, spend_needed_amount: z.string() }).nullable(),
  review_at: z.string().nullable(),
  history: z.array(
    z.object({
      reason: z.enum(["upgrade", "downgrade", "kept", "set"]),
      from_code: z.string().nullable(),
      to_code: z.string().nullable(),
      spend_amount: z.string(),
      actor: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type MemberTier = z.output<typeof memberTierSchema>;

export const consoleMemberLedger = {
  list: {
    method: "GET",
    path: "/members/:id/ledger",
    access: { permission: "members.read" },
    summary: "A page of the member's H Coins ledger, with store and receipt, filtered and sorted by time",
    description:
      "Filters: `kind`, `from` / `to` (Hong Kong days, both included; 4000 `dateOrder` when `to` comes first), `store_code`, `receipt_no` (part of it, any case). `dir` desc (newest first, the default) or asc. A purchase or refund carries its earn `lines` (base, electronic payment, birthday, holiday, tier, each campaign by id and name), adding up to its coins; other kinds none. 4235 when the member has no H Coins account; 5030 when the coin scheme does not answer.",
    params: z.object({ id: z.coerce.number().int().min(1) }),
    query: memberLedgerQuery,
    answer: okAnswer(memberLedgerSchema),
  },
  tier: {
    method: "GET",
    path: "/members/:id/tier",
    access: { permission: "members.read" },
    summary: "The member's tier, the spend to the next, the review date and the tier history",
    description:
      "4235 when the member has no H Coins account; 5030 when the coin scheme does not answer. `tier` null below every threshold or with no ladder; `next` null at the top.",
    params: z.object({ id: z.coerce.number().int().min(1) }),
    answer: okAnswer(memberTierSchema),
  },
} as const satisfies Record<string, ConsoleOperation>;
