import { z } from "zod";
import { TIER_REVIEW_RULES, TIER_WINDOWS } from "./tier-rules.ts";

/* The tier ladder as the coin scheme answers it and the console relays it (tier-rules.ts has the rules). */

const localized = z.object({ en: z.string(), tc: z.string(), sc: z.string() });

/** A rung of the ladder. */
export const tierSchema = z.object({
  /** What a campaign's `tier` condition names; kept while the code stays on the ladder. */
  id: z.number().int(),
  /** The operator's short name for it (a-z, 0-9, hyphens); accounts and the history name the tier by it. */
  code: z.string(),
  name: localized,
  benefits: localized,
  /** The window's qualifying spend that reaches it, HKD text ("5000.00"). */
  qualifying_amount: z.string(),
  /** Earn multiplier, text ("1.5"): a purchase earns its base coins × (multiplier − 1) more. */
  multiplier: z.string(),
  /** A reward meant for members of this tier; null for none. */
  reward_id: z.number().int().nullable(),
});

export const tierLadderSchema = z.object({
  /** Where qualifying spend is counted: the last 12 months, or the calendar year so far (Hong Kong time). */
  window: z.enum(TIER_WINDOWS),
  /** When a tier is reviewed (downgrades happen only then): 12 months after reaching it, or every year on `review_date`. */
  review_rule: z.enum(TIER_REVIEW_RULES),
  /** MM-DD, for `fixed_date`; null otherwise. */
  review_date: z.string().nullable(),
  /** Lowest threshold first. */
  tiers: z.array(tierSchema),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
