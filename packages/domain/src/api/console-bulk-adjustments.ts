import { z } from "zod";
import { ADJUSTMENT_REASONS } from "../adjustment-reasons.ts";
import {
  BULK_ADJUSTMENT_MAX_CHARS,
  BULK_ADJUSTMENT_MAX_LINES,
  BULK_LINE_RULES,
} from "../bulk-adjustment-csv.ts";
import type { ConsoleOperation } from "./console.ts";
import { IDEMPOTENCY_NOTE, idempotencyKey } from "./console-idempotency.ts";
import { okAnswer } from "./envelope.ts";

/*
 * A bulk coin adjustment: a list of `member number, coins` lines with one member-facing reason
 * code and one internal note, asked by a programme manager or an administrator (coins.bulkAdjust).
 * Every list waits in the approvals queue as one request of kind `coins.bulkAdjust`, whatever its
 * amounts; a second operator with coins.approve approves it, and each line is applied then.
 */

/** A refused line: its number in the text sent, the member number it named, and why. */
export const bulkLineErrorSchema = z.object({
  line: z.number().int(),
  member_no: z.string().nullable(),
  rule: z.enum(BULK_LINE_RULES),
});

/** What one line came to at approval: applied, or why the scheme or the member record refused it. */
export const BULK_LINE_OUTCOMES = [
  "applied",
  "balanceTooLow",
  "memberGone",
  "memberDisabled",
  "coinAccountNotLinked",
  /** The scheme refused it for another reason (logged with its code). */
  "refused",
] as const;
export type BulkLineOutcome = (typeof BULK_LINE_OUTCOMES)[number];

export const consoleBulkAdjustments = {
  request: {
    method: "POST",
    path: "/bulk-adjustments",
    access: { permission: "coins.bulkAdjust" },
    summary:
      "Ask for a bulk coin adjustment: a list of `member number, coins` lines, one reason code and an internal note",
    description: `Needs the X-CSRF-Token header (4031); writes one audit entry (the approval request). \`csv\`: one \`member number, coins\` line each (comma, semicolon or tab; an optional header line; coins negative to take away), at most ${BULK_ADJUSTMENT_MAX_LINES} lines. Every line is checked before anything is stored: 4284 with \`lines\` (each refused line's number, member number and rule: ${BULK_LINE_RULES.join(", ")}) when any line is refused, nothing stored; 4285 (with \`max_lines\`) above ${BULK_ADJUSTMENT_MAX_LINES} lines; 4286 when the text holds no line. A valid list becomes one pending approval request of kind \`coins.bulkAdjust\` (always, whatever the amounts); nothing moves until a second operator approves it. ${IDEMPOTENCY_NOTE}`,
    body: z.object({
      csv: z.string("required").min(1, "required").max(BULK_ADJUSTMENT_MAX_CHARS, "tooLong"),
      reason_code: z.enum(ADJUSTMENT_REASONS, "required"),
      /** Operators only: never sent to the coin scheme nor shown to the member. */
      note: z.string("required").trim().min(1, "required").max(500, "tooLong"),
      idempotency_key: idempotencyKey,
    }),
    answer: okAnswer(
      z.object({
        approval_id: z.number().int(),
        /** How many lines the request holds. */
        lines: z.number().int(),
        /** Their coins added up (credits less debits). */
        coins: z.number().int(),
      }),
    ),
  },
} as const satisfies Record<string, ConsoleOperation>;
