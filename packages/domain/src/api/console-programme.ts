import { z } from "zod";
import {
  REWARD_IMAGE_URL,
  REWARD_KINDS,
  REWARD_LIMITS,
  REWARD_TEXT_MAX,
  rewardValueRule,
} from "../reward-rules.ts";
import { TIER_REVIEW_RULES, TIER_WINDOWS } from "../tier-rules.ts";
import { tierLadderSchema, type tierSchema } from "../tier-schema.ts";
import type { ConsoleOperation } from "./console.ts";
import { okAnswer } from "./envelope.ts";

/*
 * The programme manager's console calls (programme.edit changes; the auditor reads): the
 * rewards catalogue's stock and state, the expiry policy, tiers and store partner flags (the
 * birthday month and bonus days are campaigns: console-campaigns.ts). Same envelope and CSRF
 * rules as console.ts.
 */

const localized = z.object({ en: z.string(), tc: z.string(), sc: z.string() });

/** What every programme change asks and writes (till keys too). */
export const PROGRAMME_CHANGE_NOTE =
  "Needs programme.edit and the X-CSRF-Token header (4031); writes one audit entry.";
const READ_NOTE = "Needs programme.edit or audit.read (the auditor reads).";
const REWARD_RULES =
  "4000 names each field's rule as the coin scheme does (coinsInvalid, valueRequired, valueForProduct, required (title.en/tc/sc), imageUrlInvalid, endsBeforeStart, limitInvalid, lowStockThresholdInvalid, validDaysInvalid, sortOrderInvalid, stockInvalid); storeUnknown when a store code is not one of the scheme's stores.";
const read = { permission: ["programme.edit", "audit.read"] } as const;
const edit = { permission: "programme.edit" } as const;

export const STOCK_LEVELS = ["in_stock", "low", "sold_out"] as const;

export const consoleRewardSchema = z.object({
  id: z.number().int(),
  kind: z.enum(REWARD_KINDS),
  coins: z.number().int(),
  stock: z.number().int(),
  /** HKD, "100.00"; null for a product. */
  value_amount: z.string().nullable(),
  /** Where the voucher may be used; empty = every store of the scheme. */
  store_codes: z.array(z.string()),
  title: localized,
  description: localized,
  terms: localized,
  /** A site path (/crm/media/…) or an https address; null = no picture. */
  image_url: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** Vouchers of it one member may hold; null = no limit. */
  per_member_limit: z.number().int().nullable(),
  /** Units at or below which the reward is low on stock; null = no alert. */
  low_stock_threshold: z.number().int().nullable(),
  /** `sold_out` (no stock), `low` (at or below the threshold) or `in_stock`: the coin scheme decides. */
  stock_level: z.enum(STOCK_LEVELS),
  voucher_valid_days: z.number().int(),
  active: z.boolean(),
  sort_order: z.number().int(),
  /** The segment whose members alone see and redeem it; null = everyone's. */
  segment_id: z.number().int().nullable(),
});
export type ConsoleReward = z.infer<typeof consoleRewardSchema>;

const rewardAnswer = okAnswer(z.object({ reward: consoleRewardSchema }));

/*
 * A reward as the programme manager writes it: the catalogue's rules (reward-rules.ts, which the
 * coin scheme enforces), with the same rule names, so the console says them before the scheme does.
 */
const whole = (rule: string, min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input == null ? "required" : rule) })
    .int(rule)
    .min(min, rule)
    .max(max, rule);
const rewardText = (max: number, min = 0) =>
  z.string({ error: "required" }).trim().min(min, "required").max(max, "tooLong");
const rewardTexts = (max: number, min = 0) =>
  z.object({ en: rewardText(max, min), tc: rewardText(max, min), sc: rewardText(max, min) });
const rewardInstant = z.iso.datetime({ offset: true, error: "dateTimeInvalid" }).nullable();

const rewardFields = z.object({
  kind: z.enum(REWARD_KINDS, { error: "kindInvalid" }),
  coins: whole("coinsInvalid", 1, REWARD_LIMITS.coins),
  /** HKD with at most two decimals ("100.00"); required for an e-gift voucher, null for a product. */
  value_amount: z
    .string({ error: "amountFormat" })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, "amountFormat")
    .nullable(),
  store_codes: z
    .array(z.string({ error: "storeUnknown" }).trim().min(1, "storeUnknown").max(32, "storeUnknown"))
    .max(REWARD_LIMITS.storeCodes, "tooMany")
    .default([]),
  /** Every language: the member app shows the member's own. */
  title: rewardTexts(REWARD_TEXT_MAX.title, 1),
  description: rewardTexts(REWARD_TEXT_MAX.description),
  terms: rewardTexts(REWARD_TEXT_MAX.terms),
  image_url: z
    .string()
    .trim()
    .max(REWARD_LIMITS.imageUrl, "tooLong")
    .regex(REWARD_IMAGE_URL, "imageUrlInvalid")
    .nullable(),
  /** ISO 8601 with a zone (the console sends Hong Kong time, +08:00); null = open. */
  starts_at: rewardInstant,
  ends_at: rewardInstant,
  per_member_limit: whole("limitInvalid", 1, REWARD_LIMITS.stock).nullable(),
  /** Units at or below which the reward is low on stock (marked in the list, a warn line and a metric); null = no alert. */
  low_stock_threshold: whole("lowStockThresholdInvalid", 1, REWARD_LIMITS.stock).nullable().default(null),
  voucher_valid_days: whole("validDaysInvalid", 1, REWARD_LIMITS.validDays),
  sort_order: whole("sortOrderInvalid", -REWARD_LIMITS.sortOrder, REWARD_LIMITS.sortOrder),
  active: z.boolean({ error: "required" }),
  /** Only this segment's members see and redeem it (`segmentUnknown` for none); null = everyone's. */
  segment_id: whole("segmentUnknown", 1, 2_147_483_647).nullable().default(null),
});

/** The rules that tie fields together, as the scheme names them. */
function rewardCrossRules(body: z.infer<typeof rewardFields>, ctx: z.RefinementCtx) {
  const valueRule = rewardValueRule(body.kind, body.value_amount === null ? null : Number(body.value_amount));
  if (valueRule) ctx.addIssue({ code: "custom", path: ["value_amount"], message: valueRule });
  if (body.starts_at && body.ends_at && Date.parse(body.ends_at) <= Date.parse(body.starts_at))
    ctx.addIssue({ code: "custom", path: ["ends_at"], message: "endsBeforeStart" });
}

/** Editing: every field (the form sends the whole reward); the stock moves with changeStock. */
export const rewardEditBody = rewardFields.superRefine(rewardCrossRules);
export type RewardEditBody = z.input<typeof rewardEditBody>;
/** Creating: the fields and the first stock. */
export const rewardCreateBody = rewardFields
  .extend({ stock: whole("stockInvalid", 0, REWARD_LIMITS.stock) })
  .superRefine(rewardCrossRules);
export type RewardCreateBody = z.input<typeof rewardCreateBody>;

export const consoleRewards = {
  list: {
    method: "GET",
    path: "/rewards",
    access: read,
    summary: "Every reward of the catalogue, active or not, with its stock",
    description: READ_NOTE,
    answer: okAnswer(z.object({ rewards: z.array(consoleRewardSchema) })),
  },
  /** One reward, for the edit form; 4040 when there is none. */
  show: {
    method: "GET",
    path: "/rewards/:id",
    access: read,
    summary: "One reward with every field, for the edit form",
    description: `${READ_NOTE} 4040 no such reward.`,
    params: z.object({ id: z.coerce.number().int().positive() }),
    answer: rewardAnswer,
  },
  /** Adds a reward with its first stock. 4000 names each field's rule (`storeUnknown`: not a store of the scheme). */
  create: {
    method: "POST",
    path: "/rewards",
    access: edit,
    summary: "Add a reward to the catalogue with its first stock",
    description: `${PROGRAMME_CHANGE_NOTE} ${REWARD_RULES}`,
    body: rewardCreateBody,
    answer: rewardAnswer,
  },
  /** Replaces a reward's fields (not its stock); vouchers issued keep their value and stores. */
  edit: {
    method: "POST",
    path: "/rewards/:id",
    access: edit,
    summary: "Change a reward's fields (not its stock: see /rewards/{id}/stock)",
    description: `${PROGRAMME_CHANGE_NOTE} Vouchers issued keep the value and stores they were issued with. ${REWARD_RULES} 4040 no such reward.`,
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: rewardEditBody,
    answer: rewardAnswer,
  },
  /** Adds (change > 0) or removes units; never below zero (4000 `stockNegative`). */
  changeStock: {
    method: "POST",
    path: "/rewards/:id/stock",
    access: edit,
    summary: "Add (change > 0) or remove units of a reward's stock; never below zero (4000 stockNegative)",
    description: `${PROGRAMME_CHANGE_NOTE} 4040 no such reward.`,
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
    access: edit,
    summary: "Offer a reward to members (active) or withdraw it",
    description: `${PROGRAMME_CHANGE_NOTE} 4040 no such reward.`,
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: z.object({ active: z.boolean({ error: "required" }) }),
    answer: rewardAnswer,
  },
} as const satisfies Record<string, ConsoleOperation>;

export const consoleExpiry = {
  /** The policy (`none`, `year-end` or `<N>-months`) and what the next daily run would expire (a dry run). */
  show: {
    method: "GET",
    path: "/expiry-policy",
    access: read,
    summary: "The coin expiry policy and what the next daily run would expire (dry run)",
    description: READ_NOTE,
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
  /** What expires by the end of a Hong Kong day, today up to three years ahead ("what expires at year-end"). */
  preview: {
    method: "GET",
    path: "/expiry-policy/preview",
    access: read,
    summary:
      "Dry run: the coins that expire up to and including a Hong Kong day (today to three years ahead)",
    description: `${READ_NOTE} \`date\` YYYY-MM-DD: 4000 \`date\` when it is not a real date, \`expiryDatePast\` before today, \`expiryDateTooFar\` more than three years ahead. \`at\` is the expiry run that would take them (00:10 the next day).`,
    query: z.object({
      date: z.string({ error: "required" }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: "date" }),
    }),
    answer: okAnswer(
      z.object({
        date: z.string(),
        at: z.string(),
        credits: z.number().int(),
        accounts: z.number().int(),
        coins: z.number().int(),
      }),
    ),
  },
  /** Applies to coins credited from now on; coins earned before keep their expiry. */
  set: {
    method: "POST",
    path: "/expiry-policy",
    access: edit,
    summary:
      "Change the expiry policy (none, year-end or <N>-months, 1 to 120) for coins credited from now on",
    description: PROGRAMME_CHANGE_NOTE,
    body: z.object({
      policy: z
        .string({ error: "required" })
        .regex(/^(none|year-end|([1-9]\d{0,2})-months)$/, { error: "expiryPolicy" }),
    }),
    answer: okAnswer(
      z.object({ policy: z.string(), updated_by: z.string().nullable(), updated_at: z.string().nullable() }),
    ),
  },
} as const satisfies Record<string, ConsoleOperation>;

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
    access: read,
    summary: "Every store's partner-property flag, here and in the coin scheme's registry",
    description: READ_NOTE,
    answer: okAnswer(z.object({ stores: z.array(consoleStoreFlagSchema) })),
  },
  /** Sets the partner-property flag here and in the scheme's registry; 4040 for an unknown code. */
  setPartner: {
    method: "POST",
    path: "/stores/partner",
    access: edit,
    summary: "Set a store's partner-property flag here and in the coin scheme's registry",
    description: `${PROGRAMME_CHANGE_NOTE} 4040 no store has the code.`,
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
} as const satisfies Record<string, ConsoleOperation>;

export type ConsoleTier = z.infer<typeof tierSchema>;
export const consoleTierLadderSchema = tierLadderSchema;
export type ConsoleTierLadder = z.infer<typeof consoleTierLadderSchema>;

const tierText = (max: number, min: number) =>
  z.string({ error: "required" }).trim().min(min, { error: "required" }).max(max, { error: "tooLong" });
const tierTexts = (max: number, min: number) =>
  z.object({ en: tierText(max, min), tc: tierText(max, min), sc: tierText(max, min) });

export const consoleTiers = {
  /** The ladder, the qualification window and the review rule. */
  show: {
    method: "GET",
    path: "/tiers",
    access: read,
    summary: "The tier ladder (lowest threshold first), the qualification window and the review rule",
    description: READ_NOTE,
    answer: okAnswer(consoleTierLadderSchema),
  },
  /** Replaces the whole ladder with its window and review rule. */
  set: {
    method: "POST",
    path: "/tiers",
    access: edit,
    summary: "Replace the tier ladder, its qualification window and its review rule",
    description: `${PROGRAMME_CHANGE_NOTE} At most 10 tiers. 4000 names each field's rule: \`tierCodeInvalid\`, \`required\`, \`tooLong\`, \`amountFormat\`/\`amountNegative\`/\`amountTooLarge\`, \`multiplierInvalid\`, \`monthDayInvalid\` (review_date, MM-DD, needed for fixed_date), \`tierCodeRepeated\` and \`tierThresholdRepeated\` (tiers), \`tierRewardNotFound\` (a reward the catalogue lacks), \`tierHeld\` (a tier members hold left out). docs/coin-scheme.md "Tiers" has the rules in plain words.`,
    body: z.object({
      window: z.enum(TIER_WINDOWS, { error: "invalid" }),
      review_rule: z.enum(TIER_REVIEW_RULES, { error: "invalid" }),
      review_date: z.string().nullable().optional(),
      tiers: z
        .array(
          z.object({
            code: z
              .string({ error: "required" })
              .trim()
              .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { error: "tierCodeInvalid" }),
            name: tierTexts(100, 1),
            benefits: tierTexts(2000, 0),
            qualifying_amount: z.string({ error: "required" }).trim().min(1, { error: "required" }),
            multiplier: z.string({ error: "required" }).trim().min(1, { error: "required" }),
            reward_id: z.number().int().positive().nullable().optional(),
          }),
        )
        .max(10, { error: "tooMany" }),
    }),
    answer: okAnswer(consoleTierLadderSchema),
  },
} as const satisfies Record<string, ConsoleOperation>;
