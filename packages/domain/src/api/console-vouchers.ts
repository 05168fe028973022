import { z } from "zod";
import type { ConsoleOperation } from "./console.ts";
import { IDEMPOTENCY_NOTE, idempotencyKey } from "./console-idempotency.ts";
import { okAnswer } from "./envelope.ts";

/*
 * Operators' voucher calls beside the cancel (console-member-actions.ts): revealing a full code
 * (customer service reads it to a member on the phone; audited) and goodwill vouchers, a reward
 * given without coins. Codes are otherwise never in a console answer: the member's page shows
 * the last four characters and the voucher's id.
 */

const text = (max: number) => z.string({ error: "required" }).trim().min(1, "required").max(max, "tooLong");
const voucherParams = z.object({
  id: z.coerce.number().int().min(1),
  voucherId: z.coerce.number().int().min(1),
});
const ACTION_NOTE = "Needs the X-CSRF-Token header (4031); writes one audit entry.";

export const goodwillRewardSchema = z.object({
  id: z.number().int(),
  title: z.object({ en: z.string(), tc: z.string(), sc: z.string() }),
  /** What it costs a member who redeems it: the goodwill voucher's cost in the figures. */
  coins: z.number().int(),
  stock: z.number().int(),
  per_member_limit: z.number().int().nullable(),
});
export type GoodwillReward = z.output<typeof goodwillRewardSchema>;

export const consoleVouchers = {
  /** The full code of one of the member's vouchers, for customer service to read out (vouchers.reveal). */
  reveal: {
    method: "POST",
    path: "/members/:id/vouchers/:voucherId/reveal",
    access: { permission: "vouchers.reveal" },
    summary: "The full code of one of the member's vouchers, with a reason (audited)",
    description: `${ACTION_NOTE} The audit entry (\`voucher.reveal\`) names the member, the code's last four characters and the reason. 4040 for a voucher that is not the member's.`,
    params: voucherParams,
    body: z.object({ reason: text(500) }),
    answer: okAnswer(z.object({ code: z.string(), code_last_four: z.string() })),
  },
  /** The rewards a goodwill voucher may be for: active, in their window, in stock. */
  goodwillRewards: {
    method: "GET",
    path: "/goodwill-rewards",
    access: { permission: "vouchers.goodwill" },
    summary: "The rewards a goodwill voucher may be issued for (active, in their window, in stock)",
    answer: okAnswer(z.object({ rewards: z.array(goodwillRewardSchema) })),
  },
  /** Issues a reward to the member without spending their coins (vouchers.goodwill). */
  goodwill: {
    method: "POST",
    path: "/members/:id/goodwill-vouchers",
    access: { permission: "vouchers.goodwill" },
    summary: "Give the member a reward's voucher without spending coins, with an internal note",
    description: `${ACTION_NOTE} The reward's stock goes down by one and its per-member limit holds; the member sees the voucher in their vouchers; the figures count it as a goodwill cost at the reward's coins. A reward worth more coins than the operator's role may adjust without approval (coin controls, \`approval_threshold\`) is not issued: the request waits on the Approvals screen (\`status: "pending"\`, \`approval_id\`) and the voucher is issued when a second operator approves it. \`note\` is for operators only (the audit entry \`voucher.goodwill\`). ${IDEMPOTENCY_NOTE} 4000 \`rewardNotAvailable\`, \`rewardOutOfStock\` or \`rewardLimitReached\` on \`reward_id\`; 4235 the member has no H Coins account.`,
    params: z.object({ id: z.coerce.number().int().min(1) }),
    body: z.object({
      reward_id: z.number({ error: "required" }).int("required").min(1, "required"),
      note: text(500),
      idempotency_key: idempotencyKey,
    }),
    answer: okAnswer(
      z.discriminatedUnion("status", [
        z.object({ status: z.literal("applied"), voucher_id: z.number().int(), code_last_four: z.string() }),
        z.object({ status: z.literal("pending"), approval_id: z.number().int() }),
      ]),
    ),
  },
} as const satisfies Record<string, ConsoleOperation>;

export type GoodwillAnswer = z.output<typeof consoleVouchers.goodwill.answer>["payload"];
