import { z } from "zod";
import { okAnswer } from "./envelope.ts";

/*
 * The programme manager's console calls (programme.edit changes; the auditor reads): the
 * rewards catalogue's stock and state, and the bonus days. Same envelope and CSRF rules as
 * console.ts.
 */

const localized = z.object({ en: z.string(), tc: z.string(), sc: z.string() });

export const consoleRewardSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["evoucher", "product"]),
  coins: z.number().int(),
  stock: z.number().int(),
  /** HKD, "100.00"; null for a product. */
  value_amount: z.string().nullable(),
  title: localized,
  image_url: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  active: z.boolean(),
  sort_order: z.number().int(),
});
export type ConsoleReward = z.infer<typeof consoleRewardSchema>;

const rewardAnswer = okAnswer(z.object({ reward: consoleRewardSchema }));

export const consoleBonusDaySchema = z.object({
  date: z.string(),
  /** "2.00" = twice the coins. */
  multiplier: z.string(),
  /** `configuration` (COIN_HOLIDAYS) days cannot be removed here. */
  source: z.enum(["operator", "configuration"]),
});
export type ConsoleBonusDay = z.infer<typeof consoleBonusDaySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "date" });

export const consoleRewards = {
  list: {
    method: "GET",
    path: "/rewards",
    answer: okAnswer(z.object({ rewards: z.array(consoleRewardSchema) })),
  },
  /** Adds (change > 0) or removes units; never below zero (4000 `stockNegative`). */
  changeStock: {
    method: "POST",
    path: "/rewards/:id/stock",
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: z.object({
      change: z
        .number({ error: "required" })
        .int({ error: "wholeNumber" })
        .min(-1_000_000, { error: "range" })
        .max(1_000_000, { error: "range" })
        .refine((value) => value !== 0, { error: "notZero" }),
    }),
    answer: rewardAnswer,
  },
  /** Offers the reward to members again, or withdraws it (vouchers held stay valid). */
  setActive: {
    method: "POST",
    path: "/rewards/:id/active",
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: z.object({ active: z.boolean({ error: "required" }) }),
    answer: rewardAnswer,
  },
} as const;

export const consoleBonusDays = {
  /** The operators' and the configuration's bonus days, and the birthday multiplier (configuration, read-only). */
  list: {
    method: "GET",
    path: "/bonus-days",
    answer: okAnswer(z.object({ birthday_multiplier: z.string(), days: z.array(consoleBonusDaySchema) })),
  },
  /** Sets the date's multiplier in hundredths (150 = ×1.5, from 101 to 1000). */
  set: {
    method: "POST",
    path: "/bonus-days",
    body: z.object({
      date: isoDate,
      multiplier: z
        .number({ error: "required" })
        .int({ error: "wholeNumber" })
        .min(101, { error: "range" })
        .max(1000, { error: "range" }),
    }),
    answer: okAnswer(
      consoleBonusDaySchema.omit({ source: true }).extend({ previous: z.string().nullable() }),
    ),
  },
  /** Removes an operator's bonus day; a configured one stays (configured_multiplier). */
  remove: {
    method: "POST",
    path: "/bonus-days/remove",
    body: z.object({ date: isoDate }),
    answer: okAnswer(
      z.object({ date: z.string(), removed: z.boolean(), configured_multiplier: z.string().nullable() }),
    ),
  },
} as const;

export const consoleExpiry = {
  /** The policy (`none`, `year-end` or `<N>-months`) and what the next daily run would expire (a dry run). */
  show: {
    method: "GET",
    path: "/expiry-policy",
    answer: okAnswer(
      z.object({
        policy: z.string(),
        updated_by: z.string().nullable(),
        updated_at: z.string().nullable(),
        next_run: z.object({
          at: z.string(),
          credits: z.number().int(),
          accounts: z.number().int(),
          coins: z.number().int(),
        }),
      }),
    ),
  },
  /** Applies to coins credited from now on; coins earned before keep their expiry. */
  set: {
    method: "POST",
    path: "/expiry-policy",
    body: z.object({
      policy: z
        .string({ error: "required" })
        .regex(/^(none|year-end|([1-9]\d{0,2})-months)$/, { error: "expiryPolicy" }),
    }),
    answer: okAnswer(
      z.object({ policy: z.string(), updated_by: z.string().nullable(), updated_at: z.string().nullable() }),
    ),
  },
} as const;

export const consoleStoreFlagSchema = z.object({
  code: z.string(),
  name: localized.nullable(),
  /** The member server's flag. */
  partner: z.boolean(),
  /** The coin scheme registry's flag; null when the scheme does not know the code yet. */
  scheme_partner: z.boolean().nullable(),
});
export type ConsoleStoreFlag = z.infer<typeof consoleStoreFlagSchema>;

export const consoleStores = {
  list: {
    method: "GET",
    path: "/stores",
    answer: okAnswer(z.object({ stores: z.array(consoleStoreFlagSchema) })),
  },
  /** Sets the partner-property flag here and in the scheme's registry; 4040 for an unknown code. */
  setPartner: {
    method: "POST",
    path: "/stores/partner",
    body: z.object({
      code: z
        .string({ error: "required" })
        .trim()
        .min(1, { error: "required" })
        .max(50, { error: "tooLong" }),
      partner: z.boolean({ error: "required" }),
    }),
    answer: okAnswer(z.object({ store: consoleStoreFlagSchema })),
  },
} as const;
