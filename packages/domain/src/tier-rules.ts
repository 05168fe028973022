import { programmeDate } from "./earn-rules.ts";

/*
 * Tiers: the rules, with no storage. A tier is reached by qualifying spend (purchases' net
 * minus refunds, in cents) inside a window: the last 12 months (rolling) or the calendar year
 * so far (Hong Kong time). Reaching a higher tier takes effect at once; a lower one only at
 * the member's review date (12 months after reaching the tier, or a fixed day of the year),
 * and then only down to what the spend qualifies for. docs/coin-scheme.md "Tiers" tells it in
 * plain words with a worked example.
 */

export const TIER_WINDOWS = ["rolling_12_months", "calendar_year"] as const;
export type TierWindow = (typeof TIER_WINDOWS)[number];

export const TIER_REVIEW_RULES = ["anniversary", "fixed_date"] as const;
export type TierReviewRule = (typeof TIER_REVIEW_RULES)[number];

/** When a tier is reviewed: 12 months after it was reached, or every year on `date` (MM-DD). */
export type TierReview = { rule: "anniversary" } | { rule: "fixed_date"; date: string };

/** What a rule needs of a tier; the scheme's tiers carry more (names, multiplier, benefits). */
export interface TierStep {
  code: string;
  qualifyingCents: number;
}

/** Why a member's tier changed, or was looked at: the tier history's reasons. */
export const TIER_CHANGE_REASONS = ["upgrade", "downgrade", "kept", "set"] as const;
export type TierChangeReason = (typeof TIER_CHANGE_REASONS)[number];

// Hong Kong keeps UTC+8 all year: its midnight is 16:00 UTC the day before.
const HONG_KONG_OFFSET_MS = 8 * 60 * 60 * 1000;
const hongKongMidnight = (year: number, monthIndex: number, day: number) =>
  Date.UTC(year, monthIndex, day) - HONG_KONG_OFFSET_MS;

const dateParts = (at: number) =>
  programmeDate(at).split("-").map(Number) as [year: number, month: number, day: number];

/** The same day `years` on, 29 February becoming 28 February in a year without one. */
function sameDayYearsOn(at: number, years: number): number {
  const [year, month, day] = dateParts(at);
  const lastDay = new Date(Date.UTC(year + years, month, 0)).getUTCDate();
  return hongKongMidnight(year + years, month - 1, Math.min(day, lastDay));
}

/** "MM-DD", a day every year has (so never 02-29). */
export function isMonthDay(text: string): boolean {
  if (!/^\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`2025-${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(5, 10) === text;
}

/** Where the window that counts at `at` begins: the same day a year ago, or 1 January. */
export function windowStart(window: TierWindow, at: number): number {
  if (window === "rolling_12_months") return sameDayYearsOn(at, -1);
  return hongKongMidnight(dateParts(at)[0], 0, 1);
}

/**
 * The spans whose spend counts at a review (`to` excluded). Rolling: the 12 months up to the
 * review. Calendar year: the year just ended and the year so far, each on its own, so that a
 * review early in a year does not judge a member on a few weeks of spend.
 */
export function reviewSpans(window: TierWindow, at: number): { from: number; to: number }[] {
  const now = { from: windowStart(window, at), to: at + 1 };
  if (window === "rolling_12_months") return [now];
  const year = dateParts(at)[0];
  return [{ from: hongKongMidnight(year - 1, 0, 1), to: now.from }, now];
}

/** The last instant the window that counts at `at` can still take spend: the year's end, or none (rolling). */
export function windowEnd(window: TierWindow, at: number): number | null {
  if (window === "rolling_12_months") return null;
  return hongKongMidnight(dateParts(at)[0] + 1, 0, 1) - 1;
}

/** The ladder from the lowest threshold to the highest. */
export const ladderOrder = <T extends TierStep>(ladder: readonly T[]): T[] =>
  [...ladder].sort((a, b) => a.qualifyingCents - b.qualifyingCents);

/** The highest tier `spendCents` qualifies for; null below the lowest threshold. */
export function tierForSpend<T extends TierStep>(ladder: readonly T[], spendCents: number): T | null {
  let reached: T | null = null;
  for (const tier of ladderOrder(ladder)) if (spendCents >= tier.qualifyingCents) reached = tier;
  return reached;
}

/** The tier above what `spendCents` qualifies for, and the spend it still needs; null at the top. */
export function nextTier<T extends TierStep>(
  ladder: readonly T[],
  spendCents: number,
): { tier: T; spendNeededCents: number } | null {
  const above = ladderOrder(ladder).find((tier) => tier.qualifyingCents > spendCents);
  return above ? { tier: above, spendNeededCents: above.qualifyingCents - spendCents } : null;
}

/** A tier's place on the ladder from 0 (the lowest); -1 for none or a code not on it. */
export function tierRank(ladder: readonly TierStep[], code: string | null): number {
  return code === null ? -1 : ladderOrder(ladder).findIndex((tier) => tier.code === code);
}

/**
 * When a tier reached (or last reviewed) at `from` is next reviewed, at the start of that Hong
 * Kong day: the same day a year on (anniversary), or the first `MM-DD` after `from`.
 */
export function reviewDateAfter(review: TierReview, from: number): number {
  if (review.rule === "anniversary") return sameDayYearsOn(from, 1);
  const [month, day] = review.date.split("-").map(Number) as [number, number];
  const year = dateParts(from)[0];
  const thisYear = hongKongMidnight(year, month - 1, day);
  return thisYear > from ? thisYear : hongKongMidnight(year + 1, month - 1, day);
}

export interface TierStanding {
  /** The member's tier now; null for none. */
  code: string | null;
  /** When it is next reviewed; null without a tier. */
  reviewAt: number | null;
}

/** What a requalification decides; `change` null when nothing happens. */
export interface TierDecision<T extends TierStep> {
  change: Exclude<TierChangeReason, "set"> | null;
  tier: T | null;
  reviewAt: number | null;
}

/**
 * One member's requalification at `at`. `spendCents`: the window's spend now; `reviewSpendCents`:
 * the best of the review's spans (reviewSpans). A higher tier than held is taken at once and its
 * review is set from today. At or after the review date the member keeps the tier held when the
 * review spend qualifies for it (or higher), and otherwise goes down to what it qualifies for,
 * never lower; either way the next review follows the one just made.
 */
export function requalify<T extends TierStep>(input: {
  ladder: readonly T[];
  standing: TierStanding;
  spendCents: number;
  reviewSpendCents: number;
  review: TierReview;
  at: number;
}): TierDecision<T> {
  const { ladder, standing, review, at } = input;
  const held = ladder.find((tier) => tier.code === standing.code) ?? null;
  const reached = tierForSpend(ladder, input.spendCents);
  if (reached && tierRank(ladder, reached.code) > tierRank(ladder, standing.code)) {
    return { change: "upgrade", tier: reached, reviewAt: reviewDateAfter(review, at) };
  }
  if (held === null || standing.reviewAt === null || at < standing.reviewAt) {
    return { change: null, tier: held, reviewAt: standing.reviewAt };
  }
  const deserved = tierForSpend(ladder, Math.max(input.spendCents, input.reviewSpendCents));
  // From the review just due, not from today: a job that ran late does not move the member's date.
  let nextReview = reviewDateAfter(review, standing.reviewAt);
  while (nextReview <= at) nextReview = reviewDateAfter(review, nextReview);
  if (tierRank(ladder, deserved?.code ?? null) >= tierRank(ladder, held.code)) {
    return { change: "kept", tier: held, reviewAt: nextReview };
  }
  return { change: "downgrade", tier: deserved, reviewAt: deserved ? nextReview : null };
}
