import { z } from "zod";
import type { ConsoleOperation } from "./console.ts";
import { okAnswer } from "./envelope.ts";

/*
 * Referrals in the console: the programme manager sets what a referral earns (programme.edit);
 * the auditor and customer service read the referrals and their states. The coin scheme holds
 * both (docs/coin-scheme.md, Referrals).
 */

export const REFERRAL_STATES = ["pending", "rewarded", "refused"] as const;

export const referralSettingsSchema = z.object({
  active: z.boolean(),
  referrer_reward_id: z.number().int(),
  referred_reward_id: z.number().int(),
  /** HKD, "100.00": the least net amount of the referred member's first purchase that counts. */
  min_net_amount: z.string(),
  /** Rewarded referrals per referrer at most; null = no cap. */
  cap_per_referrer: z.number().int().nullable(),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

export const consoleReferralSchema = z.object({
  id: z.number().int(),
  referrer_memberno: z.string().nullable(),
  referred_memberno: z.string(),
  state: z.enum(REFERRAL_STATES),
  /** cap_reached, same_number, same_device, same_account, reward_unavailable, referrer_no_account, referrer_suspended. */
  refused_reason: z.string().nullable(),
  recorded_at: z.string(),
  decided_at: z.string().nullable(),
  referrer_voucher_code: z.string().nullable(),
  referred_voucher_code: z.string().nullable(),
});
export type ConsoleReferral = z.infer<typeof consoleReferralSchema>;

const rewardId = z
  .number({ error: "required" })
  .int("rewardIdInvalid")
  .min(1, "rewardIdInvalid")
  .max(2_147_483_647, "rewardIdInvalid");

export const REFERRALS_PAGE_SIZE = 50;

export const consoleReferrals = {
  settings: {
    method: "GET",
    path: "/referral-settings",
    access: { permission: ["programme.edit", "audit.read"] },
    summary: "The referral settings (null until set: no referral is rewarded then)",
    description: "Needs programme.edit or audit.read.",
    answer: okAnswer(
      z.object({
        settings: referralSettingsSchema.nullable(),
        updated_by: z.string().nullable(),
        updated_at: z.string().nullable(),
      }),
    ),
  },
  setSettings: {
    method: "POST",
    path: "/referral-settings",
    access: { permission: "programme.edit" },
    summary:
      "Set what a referral earns: both rewards, the qualifying purchase's minimum, the cap per referrer",
    description:
      "Needs programme.edit and the X-CSRF-Token header (4031); writes one audit entry. 4000 rewardUnknown (a reward the catalogue does not have), amountInvalid, capInvalid.",
    body: z.object({
      active: z.boolean({ error: "required" }),
      referrer_reward_id: rewardId,
      referred_reward_id: rewardId,
      min_net_amount: z
        .string({ error: "required" })
        .trim()
        .regex(/^\d{1,7}(\.\d{1,2})?$/, "amountInvalid"),
      cap_per_referrer: z
        .number({ error: "capInvalid" })
        .int("capInvalid")
        .min(1, "capInvalid")
        .max(100_000, "capInvalid")
        .nullable(),
    }),
    answer: okAnswer(
      z.object({
        settings: referralSettingsSchema.nullable(),
        updated_by: z.string().nullable(),
        updated_at: z.string().nullable(),
      }),
    ),
  },
  list: {
    method: "GET",
    path: "/referrals",
    access: { permission: ["programme.edit", "audit.read", "members.read"] },
    summary:
      "Referrals, newest first: referrer, referred (H Coins numbers), state, when decided, why refused",
    description: "Needs programme.edit, audit.read or members.read (customer service).",
    query: z.object({
      state: z.enum(REFERRAL_STATES).optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
    }),
    answer: okAnswer(z.object({ referrals: z.array(consoleReferralSchema), has_more: z.boolean() })),
  },
} as const satisfies Record<string, ConsoleOperation>;
