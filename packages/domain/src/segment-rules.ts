import { z } from "zod";
import { BRAND_CODE_PATTERN } from "./api/console-stores.ts";
import { CONSENT_CHANNELS } from "./marketing-consent.ts";
import { AGE_RANGES, DISTRICT_CODES, REGION_CODES } from "./profile-options.ts";

/*
 * A segment as data: conditions over what the coin scheme knows of an account, all of which must
 * hold. The scheme stores it as this JSON and translates it into one query (segment-where.ts),
 * used both for the console's live count and for "is this account in it" at the till, so that
 * the two never disagree. Amounts are HKD text, dates Hong Kong calendar dates (YYYY-MM-DD).
 */

const hkd = z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, "amountFormat");
const hkDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "dateFormat");
const days = z.number().int().min(1).max(3660);
/** At least one of `codes`, each once at most. */
const codesIn = (codes: readonly string[]) =>
  z.array(z.enum(codes, "invalid")).min(1, "required").max(codes.length, "tooMany");

/** One condition over an account; the console names each in three languages. */
export const segmentConditionSchema = z.discriminatedUnion("fact", [
  /** The account's tier is one of these tier ids. */
  z.object({ fact: z.literal("tier"), in: z.array(z.number().int().positive()).min(1, "required") }),
  /** It bought something in the last `days` days (`is: false`: it did not, i.e. lapsed). */
  z.object({ fact: z.literal("purchased_within"), days, is: z.boolean() }),
  /** Its net spend (purchases minus refunds) in the last `days` days is at least and/or below. */
  z.object({ fact: z.literal("spend"), days, at_least: hkd.optional(), below: hkd.optional() }),
  /** It bought at a store of one of these brands in the last `days` days. */
  z.object({
    fact: z.literal("brands_bought"),
    in: z.array(z.string().regex(BRAND_CODE_PATTERN, "brandCode")).min(1, "required").max(100, "tooMany"),
    days,
  }),
  /** Its scheme account was opened on or after and/or before these Hong Kong dates. */
  z.object({ fact: z.literal("joined"), on_or_after: hkDate.optional(), before: hkDate.optional() }),
  /** Its birth month (as the scheme recorded it) is one of these. */
  z.object({
    fact: z.literal("birth_month"),
    in: z.array(z.number().int().min(1).max(12)).min(1, "required").max(12),
  }),
  /*
   * The profile facts the member server tells the scheme (docs/decisions/239): an account whose
   * member has not given the fact (or whose facts the scheme has not heard yet) is in no segment
   * over it, whichever way the condition goes.
   */
  /** The member's region of residence is one of these (profile-options.ts codes). */
  z.object({ fact: z.literal("region"), in: codesIn(REGION_CODES) }),
  /** The member's district of residence is one of these. */
  z.object({ fact: z.literal("district"), in: codesIn(DISTRICT_CODES) }),
  /**
   * The age range the member chose in their profile is one of these. The programme asks for a
   * range, not a birth date, so a range is all the scheme can hold; it is as the member last chose it.
   */
  z.object({ fact: z.literal("age_range"), in: codesIn(AGE_RANGES) }),
  /** The member agreed to direct marketing on the channel (`is: false`: they did not, or withdrew). */
  z.object({
    fact: z.literal("marketing_consent"),
    channel: z.enum(CONSENT_CHANNELS, "invalid"),
    is: z.boolean(),
  }),
]);
export type SegmentCondition = z.infer<typeof segmentConditionSchema>;

export const segmentConditionsSchema = z.array(segmentConditionSchema).max(20, "tooMany");

const name = z.string().trim().min(1, "required").max(100, "tooLong");

/** What an operator writes; the scheme adds its id and who did what. */
export const segmentDefinitionSchema = z.object({
  name: z.object({ en: name, tc: name, sc: name }),
  conditions: segmentConditionsSchema,
});
export type SegmentDefinition = z.infer<typeof segmentDefinitionSchema>;

/** A stored segment, with how many accounts are in it now. */
export const segmentViewSchema = segmentDefinitionSchema.extend({
  id: z.number().int(),
  members: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type SegmentView = z.output<typeof segmentViewSchema>;
