import { z } from "zod";

/*
 * A campaign as data: conditions over a purchase's facts, all of which must hold, and one action.
 * The coin scheme stores it as this JSON, evaluates it at the till and in a dry run; the console
 * edits it; the member server relays it. Amounts are HKD text ("500", "88.80"), like everywhere.
 *
 *   bonus of a multiplier = floor(base × (multiplier − 1)), on the purchase's base coins (base + electronic extra)
 *   bonus of a fixed bonus = its coins
 *
 * Stacking: every matching campaign that stacks adds its bonus; a campaign that does not stack
 * applies alone. Of the matching campaigns the member gets whichever is more: the stacking ones
 * together, or the best single non-stacking one. A budget or a per-member cap cuts a bonus to
 * what remains of it; a campaign past its budget earns nothing more.
 */

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const; // ISO: 1 = Monday … 7 = Sunday, Hong Kong time

const hkd = z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, "amountFormat");
const storeCodes = z.array(z.string().min(1).max(32)).min(1, "required").max(500, "tooMany");
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "timeFormat");

/** One condition over a purchase's facts; the console names each in three languages. */
export const campaignConditionSchema = z.discriminatedUnion("fact", [
  /** The purchase is at one of these stores. */
  z.object({ fact: z.literal("store"), in: storeCodes }),
  /** The store is (or is not) in a partner property. */
  z.object({ fact: z.literal("partner_store"), is: z.boolean() }),
  /** The Hong Kong weekday of the purchase is one of these. */
  z.object({
    fact: z.literal("weekday"),
    in: z.array(z.union(WEEKDAYS.map((day) => z.literal(day)))).min(1, "required"),
  }),
  /** The Hong Kong time of day is from `from` (inclusive) to `to` (exclusive); `to` before `from` spans midnight. */
  z.object({ fact: z.literal("time_of_day"), from: timeOfDay, to: timeOfDay }),
  /** The net amount is at least `at_least` and/or below `below`. */
  z.object({ fact: z.literal("net_amount"), at_least: hkd.optional(), below: hkd.optional() }),
  /** Some (`true`) or none (`false`) of it was paid electronically. */
  z.object({ fact: z.literal("electronic_payment"), is: z.boolean() }),
  /** The member's first purchase in the programme. */
  z.object({ fact: z.literal("first_purchase"), is: z.boolean() }),
  /** The purchase falls in the member's birth month (as the scheme recorded it). */
  z.object({ fact: z.literal("birthday_month"), is: z.boolean() }),
  /** The member's tier is one of these tier ids. */
  z.object({ fact: z.literal("tier"), in: z.array(z.number().int().positive()).min(1, "required") }),
]);
export type CampaignCondition = z.output<typeof campaignConditionSchema>;
export type CampaignFact = CampaignCondition["fact"];

export const campaignActionSchema = z.discriminatedUnion("type", [
  /** "2" = twice the base coins (1 to 10, two decimals at most). */
  z.object({
    type: z.literal("multiplier"),
    multiplier: z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, "multiplierInvalid"),
  }),
  /** A fixed number of coins per qualifying purchase. */
  z.object({ type: z.literal("bonus"), coins: z.number().int().min(1).max(1_000_000) }),
]);
export type CampaignAction = z.output<typeof campaignActionSchema>;

const name = z.string().trim().min(1, "required").max(100, "tooLong");

/** What an operator writes; the scheme adds its id, status, spend and who did what. */
export const campaignDefinitionSchema = z.object({
  name: z.object({ en: name, tc: name, sc: name }),
  conditions: z.array(campaignConditionSchema).max(20, "tooMany"),
  action: campaignActionSchema,
  /** Whether it adds to other campaigns (true) or applies alone (false). */
  stacks: z.boolean(),
  /** ISO times; the campaign earns from `starts_at` until `ends_at` (exclusive). */
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  /** The coins it may issue in all; null = no budget. */
  budget_coins: z.number().int().min(1).max(1_000_000_000).nullable(),
  /** The coins one member may earn from it; null = no cap. */
  per_member_cap: z.number().int().min(1).max(1_000_000).nullable(),
});
export type CampaignDefinition = z.output<typeof campaignDefinitionSchema>;

/**
 * draft: being written, editable, earns nothing; active: earns within its schedule (activation
 * needs a second operator); paused: earns nothing, may be activated again (again by a second
 * operator); ended: for ever.
 */
export const CAMPAIGN_STATUSES = ["draft", "active", "paused", "ended"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * A schedule that ends after it starts: add with `.superRefine(campaignScheduleRule)` to a schema
 * holding `starts_at` and `ends_at` (kept apart from campaignDefinitionSchema, whose shape others extend).
 */
export function campaignScheduleRule(
  value: { starts_at: string; ends_at: string },
  ctx: { addIssue(issue: { code: "custom"; message: string; path: string[] }): void },
) {
  if (Date.parse(value.ends_at) <= Date.parse(value.starts_at))
    ctx.addIssue({ code: "custom", message: "endsBeforeStarts", path: ["ends_at"] });
}
