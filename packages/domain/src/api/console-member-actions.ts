import { z } from "zod";
import { type ConsoleOperation, memberDetailSchema, OPERATOR_ROLES } from "./console.ts";
import { IDEMPOTENCY_NOTE, idempotencyKey } from "./console-idempotency.ts";
import { emptyPayload, okAnswer } from "./envelope.ts";

/*
 * Customer service's remaining member actions (block, voucher cancel, data export, erasure) and
 * the adjustment ceilings, beside console.ts's calls. Each state-changing call sends the
 * X-CSRF-Token header and writes one audit entry.
 */

const reason = z.string().trim().min(1, "required").max(500, "tooLong");
const memberParams = z.object({ id: z.coerce.number().int().min(1) });
const ACTION_NOTE = "Needs the X-CSRF-Token header (4031); writes one audit entry.";

/** Per role, the most coins one adjustment may move (absolute value); null is no limit. */
export const adjustmentCeilingsSchema = z.object(
  Object.fromEntries(OPERATOR_ROLES.map((role) => [role, z.number().int().min(1).nullable()])) as Record<
    (typeof OPERATOR_ROLES)[number],
    z.ZodNullable<z.ZodNumber>
  >,
);
export type AdjustmentCeilings = z.output<typeof adjustmentCeilingsSchema>;

export const DEFAULT_ADJUSTMENT_CEILINGS: AdjustmentCeilings = {
  customerService: 1_000,
  contentEditor: null,
  programmeManager: 100_000,
  administrator: null,
  auditor: null,
};

export const consoleMemberActions = {
  /** Blocks the member's number from registering (members.act). */
  blockNumber: {
    method: "POST",
    path: "/members/:id/block-number",
    access: { permission: "members.act" },
    summary: "Block the member's number from registering, with a reason",
    description: `${ACTION_NOTE} Answers the member's page; no entry when nothing changed.`,
    params: memberParams,
    body: z.object({ reason }),
    answer: okAnswer(memberDetailSchema),
  },
  unblockNumber: {
    method: "POST",
    path: "/members/:id/unblock-number",
    access: { permission: "members.act" },
    summary: "Lift the block of the member's number",
    description: `${ACTION_NOTE} Answers the member's page; no entry when nothing changed.`,
    params: memberParams,
    body: z.object({ reason }),
    answer: okAnswer(memberDetailSchema),
  },
  /** Cancels one of the member's vouchers at the scheme, its coins returned (vouchers.cancel). */
  cancelVoucher: {
    method: "POST",
    path: "/members/:id/vouchers/:voucherId/cancel",
    access: { permission: "vouchers.cancel" },
    summary:
      "Cancel one of the member's vouchers (its coins go back), with a reason, once per idempotency key",
    description: `${ACTION_NOTE} \`voucherId\` is the voucher's \`id\` on the member's page (never its code). ${IDEMPOTENCY_NOTE} 4040 for a voucher that is not the member's; 4000 \`voucherNotCancellable\` when used, expired or cancelled.`,
    params: memberParams.extend({ voucherId: z.coerce.number().int().min(1) }),
    body: z.object({ reason, idempotency_key: idempotencyKey }),
    answer: okAnswer(memberDetailSchema),
  },
  /** Everything held about the member, as the CLI's export writes it (members.dataProtection); a JSON download. */
  exportData: {
    method: "POST",
    path: "/members/:id/export",
    access: { permission: "members.dataProtection" },
    summary: "Everything held about the member, as one JSON document (a download; no envelope)",
    description: `${ACTION_NOTE} 5030 when the coin scheme cannot answer (an export without the ledger would be incomplete).`,
    params: memberParams,
    answer: z.string().meta({
      format: "binary",
      description: "application/json: the member export document (format hcoins-member-export/1)",
    }),
  },
  /** Erases the member (members.dataProtection): `confirm_mobile_phone` must be their mobile number exactly. */
  erase: {
    method: "POST",
    path: "/members/:id/erase",
    access: { permission: "members.dataProtection" },
    summary: "Erase the member; confirm_mobile_phone must be their mobile number exactly",
    description: `${ACTION_NOTE} 4000 \`confirmationMismatch\` when the typed number differs; 5030 when the coin scheme did not erase (nothing was erased).`,
    params: memberParams,
    body: z.object({ confirm_mobile_phone: z.string().trim().min(1, "required").max(20, "tooLong") }),
    answer: okAnswer(emptyPayload),
  },
} as const satisfies Record<string, ConsoleOperation>;

export const consoleAdjustmentCeilings = {
  /** Readable by anyone who may adjust (coins.adjust), so the dialog can show the operator's ceiling. */
  get: {
    method: "GET",
    path: "/adjustment-ceilings",
    access: { permission: "coins.adjust" },
    summary: "Per role, the most coins one adjustment may move (null: no limit)",
    answer: okAnswer(adjustmentCeilingsSchema),
  },
  /** Administrators (operators.manage) set them. */
  set: {
    method: "POST",
    path: "/adjustment-ceilings",
    access: { permission: "operators.manage" },
    summary: "Set the adjustment ceilings of every role",
    description: ACTION_NOTE,
    body: adjustmentCeilingsSchema,
    answer: okAnswer(adjustmentCeilingsSchema),
  },
} as const satisfies Record<string, ConsoleOperation>;
