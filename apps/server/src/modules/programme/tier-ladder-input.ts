import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import type { consoleTiers } from "@hcoins/domain/api/console-programme";
import { multiplierHundredths, parseAmountCents } from "@hcoins/domain/earn-rules";
import { isMonthDay } from "@hcoins/domain/tier-rules";
import type { TierLadderInput } from "../coins/coin-scheme-client.ts";

/** The scheme's refusals of a ladder, as the console's field rules. */
export const TIER_REFUSALS: Record<number, { field: string; rule: string }> = {
  6050: { field: "tiers", rule: "tierRewardNotFound" },
  6051: { field: "tiers", rule: "tierHeld" },
};

/**
 * The console's ladder as the scheme takes it (cents, hundredths), or every field's rule: the
 * amounts and multipliers as text ("5000", "1.5") are read here by the domain's rules, so the
 * console's form and the scheme agree on what they accept.
 */
export function tierLadderInputOf(
  body: ConsoleBodyOf<typeof consoleTiers.set>,
): { ladder: TierLadderInput } | { errors: { field: string; rule: string }[] } {
  const errors: { field: string; rule: string }[] = [];
  const tiers = body.tiers.map((tier, index) => {
    const amount = parseAmountCents(tier.qualifying_amount);
    if ("rule" in amount) errors.push({ field: `tiers.${index}.qualifying_amount`, rule: amount.rule });
    const multiplier = multiplierHundredths(tier.multiplier);
    if (multiplier === null) errors.push({ field: `tiers.${index}.multiplier`, rule: "multiplierInvalid" });
    return {
      code: tier.code,
      name: tier.name,
      benefits: tier.benefits,
      qualifyingCents: "cents" in amount ? amount.cents : 0,
      multiplier: multiplier ?? 100,
      rewardId: tier.reward_id ?? null,
    };
  });
  const date = body.review_date ?? "";
  if (body.review_rule === "fixed_date" && !isMonthDay(date))
    errors.push({ field: "review_date", rule: "monthDayInvalid" });
  // The ladder as a whole only once each rung reads: an unreadable amount is no threshold to compare.
  if (errors.length > 0) return { errors };
  const codes = tiers.map((tier) => tier.code);
  if (new Set(codes).size < codes.length) errors.push({ field: "tiers", rule: "tierCodeRepeated" });
  const thresholds = tiers.map((tier) => tier.qualifyingCents);
  if (new Set(thresholds).size < thresholds.length)
    errors.push({ field: "tiers", rule: "tierThresholdRepeated" });
  if (errors.length > 0) return { errors };
  const review =
    body.review_rule === "fixed_date"
      ? { rule: "fixed_date" as const, date }
      : { rule: "anniversary" as const };
  return { ladder: { window: body.window, review, tiers } };
}
