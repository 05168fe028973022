import { z } from "zod";
import { type ConsoleOperation, memberDetailSchema } from "./console.ts";
import { IDEMPOTENCY_NOTE, idempotencyKey } from "./console-idempotency.ts";
import { emptyPayload, okAnswer } from "./envelope.ts";

/*
 * Customer service's remaining member actions (block, voucher cancel, data export, erasure),
 * beside console.ts's calls (the coin controls are in console-coin-controls.ts). Each state-changing call sends the
 * X-CSRF-Token header and writes one audit entry.
 */

const reason = z.string().trim().min(1, "required").max(500, "tooLong");
/** Why a member's data is exported or erased: the audit entry keeps it; "required" when missing altogether. */
const dataProtectionReason = z
  .string({ error: (issue) => (issue.input === undefined ? "required" : "invalid") })
  .trim()
  .min(1, "required")
  .max(500, "tooLong");
const memberParams = z.object({ id: z.coerce.number().int().min(1) });
const ACTION_NOTE = "Needs the X-CSRF-Token header (4031); writes one audit entry.";

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
    description: `${ACTION_NOTE} \`reason\` is required (why the member's data is exported, e.g. their access request); the audit entry carries it and the member number. 5030 when the coin scheme cannot answer (an export without the ledger would be incomplete).`,
    params: memberParams,
    body: z.object({ reason: dataProtectionReason }),
    answer: z.string().meta({
      format: "binary",
      description: "application/json: the member export document (format hcoins-member-export/1)",
    }),
  },
  /**
   * Erases the member (members.dataProtection): `confirm_mobile_phone` must be their mobile number
   * exactly; their coins are forfeited at the scheme in the same erasure.
   */
  erase: {
    method: "POST",
    path: "/members/:id/erase",
    access: { permission: "members.dataProtection" },
    summary:
      "Erase the member, their H Coins forfeited; confirm_mobile_phone must be their mobile number exactly",
    description: `${ACTION_NOTE} \`reason\` is required; the audit entry carries it, the member number and the coins forfeited. The scheme first forfeits the balance (a \`forfeit\` ledger entry) and anonymises the accounts, then the member server deletes the member, in that order (docs/data-protection.md). 4000 \`confirmationMismatch\` when the typed number differs; 5030 when the coin scheme did not erase (nothing was erased).`,
    params: memberParams,
    body: z.object({
      confirm_mobile_phone: z.string().trim().min(1, "required").max(20, "tooLong"),
      reason: dataProtectionReason,
    }),
    answer: okAnswer(emptyPayload),
  },
} as const satisfies Record<string, ConsoleOperation>;
