import { z } from "zod";
import { BRAND_CODE_PATTERN } from "./api/console-stores.ts";

/*
 * A campaign as data: conditions over a purchase's facts, all of which must hold, and one action.
 * The coin scheme stores it as this JSON, evaluates it at the till and in a dry run; the console
 * edits it; the member server relays it. Amounts are HKD text ("500", "88.80"), like everywhere.
 *
 *   electronic extra      = floor(electronic HKD), added to the base before any multiplier
 *   bonus of a multiplier = floor(base × (multiplier − 1)), on the purchase's base coins (net + electronic extra)
 *   bonus of a fixed bonus = its coins
 *
 * Programme rules (`programme_rule`, decision 238) are the programme's standing earn rules as
 * campaigns: the partner-store electronic extra, the birthday month and each holiday. They always
 * apply when they match (the greatest of each kind), stack on everything, and have no budget or
 * cap. Promotions (`programme_rule` null) are then chosen by stacking: every matching promotion
 * that stacks adds its bonus; one that does not stack applies alone among the promotions. The
 * member gets whichever is more: the stacking ones together, or the best single non-stacking one.
 * A budget or a per-member cap cuts a bonus to what remains of it; a campaign past its budget
 * earns nothing more.
 */

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const; // ISO: 1 = Monday … 7 = Sunday, Hong Kong time

const hkd = z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, "amountFormat");
const storeCodes = z.array(z.string().min(1).max(32)).min(1, "required").max(500, "tooMany");
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "timeFormat");

/** One condition over a purchase's facts; the console names each in three languages. */
export const campaignConditionSchema = z.discriminatedUnion("fact", [
  /** The purchase is at one of these stores. */
  z.object({ fact: z.literal("store"), in: storeCodes }),
  /** The store belongs to one of these brands (their codes, as the store list names them). */
  z.object({
    fact: z.literal("brand"),
    in: z.array(z.string().regex(BRAND_CODE_PATTERN, "brandCode")).min(1, "required").max(100, "tooMany"),
  }),
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
  /** The member is in one of these segments (their ids; segment-rules.ts), as of the purchase. */
  z.object({
    fact: z.literal("segment"),
    in: z.array(z.number().int().positive()).min(1, "required").max(20, "tooMany"),
  }),
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
  /** 1 coin per whole HKD paid electronically, added to the base: the `electronic` programme rule's action. */
  z.object({ type: z.literal("electronic_extra") }),
  /**
   * A voucher of this reward per qualifying purchase, through the voucher engine: the reward's stock
   * is its budget and the reward's per-member limit its cap (campaign-rewards.ts).
   */
  z.object({ type: z.literal("reward"), reward_id: z.number().int().positive() }),
]);
export type CampaignAction = z.output<typeof campaignActionSchema>;

const name = z.string().trim().min(1, "required").max(100, "tooLong");

/**
 * The programme's standing rules, named as the statement's lines (earn-lines.ts): the partner-store
 * electronic-payment extra, the birthday month, a holiday.
 */
export const PROGRAMME_RULES = ["electronic", "birthday", "holiday"] as const;
export type ProgrammeRule = (typeof PROGRAMME_RULES)[number];

/** Until ended: the `ends_at` of a programme rule that has no end (2100-01-01 00:00 in Hong Kong). */
export const UNTIL_ENDED = "2100-01-01T00:00:00+08:00";

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
  /** Which of the programme's standing rules it is; null (the default) for a promotion. */
  programme_rule: z.enum(PROGRAMME_RULES).nullable().default(null),
});
export type CampaignDefinition = z.output<typeof campaignDefinitionSchema>;

type RefinementContext = { addIssue(issue: { code: "custom"; path: string[]; message: string }): void };

/** A definition's schedule must end after it starts (`endsBeforeStart` on `ends_at`); for a superRefine. */
export function refuseEndBeforeStart(
  campaign: { starts_at: string; ends_at: string },
  ctx: RefinementContext,
) {
  if (Date.parse(campaign.ends_at) <= Date.parse(campaign.starts_at))
    ctx.addIssue({ code: "custom", path: ["ends_at"], message: "endsBeforeStart" });
}

/**
 * The rules that tie a campaign's fields together, for a superRefine: its schedule
 * (refuseEndBeforeStart), and a programme rule's shape (decision 238): the electronic extra is the
 * `electronic` rule's action and only its (`programmeRuleAction`), a birthday or holiday rule is a
 * multiplier; a programme rule stacks (`programmeRuleStacks`) and has no budget or cap
 * (`programmeRuleUnlimited`).
 */
export function refuseInconsistentCampaign(campaign: CampaignDefinition, ctx: RefinementContext) {
  refuseEndBeforeStart(campaign, ctx);
  const rule = campaign.programme_rule;
  const action = campaign.action.type;
  const fits =
    rule === null
      ? action !== "electronic_extra"
      : action === (rule === "electronic" ? "electronic_extra" : "multiplier");
  if (!fits) ctx.addIssue({ code: "custom", path: ["action", "type"], message: "programmeRuleAction" });
  // A reward campaign is bounded by its reward: the stock, and the vouchers one member may hold.
  if (action === "reward")
    for (const field of ["budget_coins", "per_member_cap"] as const)
      if (campaign[field] !== null)
        ctx.addIssue({ code: "custom", path: [field], message: "rewardCampaignUnlimited" });
  if (rule === null) return;
  if (!campaign.stacks) ctx.addIssue({ code: "custom", path: ["stacks"], message: "programmeRuleStacks" });
  for (const field of ["budget_coins", "per_member_cap"] as const)
    if (campaign[field] !== null)
      ctx.addIssue({ code: "custom", path: [field], message: "programmeRuleUnlimited" });
}

/** The Hong Kong date after a YYYY-MM-DD one. */
const nextDate = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * A bonus day as a holiday rule (decision 238): that Hong Kong day's schedule, no condition, its
 * multiplier on the base; named as the statement names a holiday line, with its date.
 */
export function holidayRule(date: string, multiplier: string): CampaignDefinition {
  return {
    name: { en: `Holiday ${date}`, tc: `節日 ${date}`, sc: `节日 ${date}` },
    conditions: [],
    action: { type: "multiplier", multiplier },
    stacks: true,
    starts_at: `${date}T00:00:00+08:00`,
    ends_at: `${nextDate(date)}T00:00:00+08:00`,
    budget_coins: null,
    per_member_cap: null,
    programme_rule: "holiday",
  };
}

/**
 * draft: being written, editable, earns nothing; active: earns within its schedule (activation
 * needs a second operator); paused: earns nothing, may be activated again (again by a second
 * operator); ended: for ever.
 */
export const CAMPAIGN_STATUSES = ["draft", "active", "paused", "ended"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** A campaign as the coin scheme keeps it: its definition, status, what it has issued and who did what. */
export const campaignViewSchema = campaignDefinitionSchema.extend({
  id: z.number().int(),
  status: z.enum(CAMPAIGN_STATUSES),
  /** The coins it has issued, net of refunds (against `budget_coins`). */
  spent_coins: z.number().int(),
  members_earned: z.number().int(),
  purchases_earned: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
  activated_by: z.string().nullable(),
  approved_by: z.string().nullable(),
  activated_at: z.string().nullable(),
});
export type CampaignView = z.output<typeof campaignViewSchema>;

/** What a campaign alone would have issued over the last `days` days of purchases. */
export const campaignDryRunSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  purchases_scanned: z.number().int(),
  purchases_matched: z.number().int(),
  members: z.number().int(),
  /** Before its per-member cap and budget. */
  coins: z.number().int(),
  /** Had its per-member cap and budget held, as at the till. */
  coins_within_budget: z.number().int(),
  elapsed_ms: z.number(),
});
export type CampaignDryRun = z.output<typeof campaignDryRunSchema>;

export const DRY_RUN_MAX_DAYS = 90;
