import { TIER_CHANGE_REASONS, TIER_WINDOWS } from "@hcoins/domain/tier-rules";
import { tierLadderSchema, tierSchema } from "@hcoins/domain/tier-schema";
import { z } from "zod";
import { localizedSchema } from "./api-schemas.ts";

/* The wire shapes of the scheme's tiers (tiers.ts), beside api-schemas.ts's and exported with them (contract.ts). */

export { tierSchema };
export type SchemeTier = z.infer<typeof tierSchema>;

export const tierLadderResponse = tierLadderSchema;
export type TierLadderResult = z.infer<typeof tierLadderResponse>;

/** One change (or review) of an account's tier. */
export const tierHistoryEntrySchema = z.object({
  reason: z.enum(TIER_CHANGE_REASONS),
  from_code: z.string().nullable(),
  to_code: z.string().nullable(),
  /** The new tier's names when it changed; null for no tier. */
  to_name: localizedSchema.nullable(),
  /** The qualifying spend the decision looked at, HKD text. */
  spend_amount: z.string(),
  /** The review date it set; null without a tier. */
  review_at: z.string().nullable(),
  /** `requalify-tiers` (the daily job), `purchase`, or the operator who set it. */
  actor: z.string(),
  created_at: z.string(),
});
export type TierHistoryEntry = z.infer<typeof tierHistoryEntrySchema>;

export const accountTierResponse = z.object({
  hcoins_memberno: z.string(),
  /** The tier held now; null below every threshold or when the programme has no tiers. */
  tier: tierSchema.nullable(),
  window: z.enum(TIER_WINDOWS),
  window_start: z.string(),
  /** When the window stops taking spend (the calendar year's end); null for a rolling window. */
  window_end: z.string().nullable(),
  /** Qualifying spend in the window so far, HKD text (below zero when refunds outweigh purchases). */
  spend_amount: z.string(),
  /** The tier above what the spend reaches and the spend it still needs; null at the top. */
  next: z.object({ tier: tierSchema, spend_needed_amount: z.string() }).nullable(),
  /** When the tier held is next reviewed; null without one. */
  review_at: z.string().nullable(),
  /** Newest first, at most 50. */
  history: z.array(tierHistoryEntrySchema),
  as_of: z.string(),
});
export type AccountTierResult = z.infer<typeof accountTierResponse>;

export const tierRequalifyResponse = z.object({
  at: z.string(),
  /** Accounts looked at. */
  accounts: z.number().int(),
  upgrades: z.number().int(),
  downgrades: z.number().int(),
  kept: z.number().int(),
});
export type TierRequalifyResult = z.infer<typeof tierRequalifyResponse>;
