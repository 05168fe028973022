import { formatCents, formatMultiplier } from "@hcoins/domain/earn-rules";
import {
  isMonthDay,
  nextTier,
  requalify,
  reviewDateAfter,
  reviewSpans,
  type TierReview,
  type TierReviewRule,
  type TierWindow,
  tierForSpend,
  windowEnd,
  windowStart,
} from "@hcoins/domain/tier-rules";
import { SchemeError, SchemeErrorCode, schemeValidationError } from "./errors.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import type { AccountRow, AccountTierRow, TierChange, TierHistoryRow, TierRow } from "./tables.ts";
import type {
  AccountTierResult,
  SchemeTier,
  TierHistoryEntry,
  TierLadderResult,
  TierRequalifyResult,
} from "./tier-schemas.ts";
import { iso } from "./views.ts";

/*
 * Tiers. The operator's ladder (names and benefits in en, tc and sc, a qualifying spend, an earn
 * multiplier, an optional reward) and two settings: the window qualifying spend is counted in,
 * and when a tier is reviewed. Reaching a higher tier takes effect at once (requalifyAccount,
 * after a purchase, and the daily job); a lower tier only at the member's review date (the
 * job), never below what the spend qualifies for. The rules are @hcoins/domain/tier-rules; each
 * change and review is a row of the tier history, which the holders' export carries.
 */

const RULES_KEY = "tier_rules";
/** 00:40 Hong Kong time, after the expiry run (00:10): reviews fall due at midnight. */
export const REQUALIFY_CRON = "40 0 * * *";
export const REQUALIFY_ACTOR = "requalify-tiers";
const BATCH = 500;
const HISTORY_SHOWN = 50;
export const MAX_TIERS = 10;

/** The settings: where spend is counted and when tiers are reviewed. */
export interface TierRules {
  window: TierWindow;
  review: TierReview;
}

const DEFAULT_RULES: TierRules = { window: "rolling_12_months", review: { rule: "anniversary" } };

/** What the engine needs of a member's tier for a purchase: `multiplier` in hundredths (150 = ×1.5). */
export interface TierFact {
  id: number;
  code: string;
  multiplier: number;
  name: { en: string; tc: string; sc: string };
}

/** A rung as the operator writes it (the PUT's body, its amounts parsed). */
export interface TierInput {
  code: string;
  name: { en: string; tc: string; sc: string };
  benefits: { en: string; tc: string; sc: string };
  qualifyingCents: number;
  multiplier: number;
  rewardId: number | null;
}

const step = (row: TierRow) => ({ ...row, qualifyingCents: row.qualifying_cents });
const names = (row: TierRow) => ({ en: row.name_en, tc: row.name_tc, sc: row.name_sc });

export function tierView(row: TierRow): SchemeTier {
  return {
    id: row.id,
    code: row.code,
    name: names(row),
    benefits: { en: row.benefits_en, tc: row.benefits_tc, sc: row.benefits_sc },
    qualifying_amount: formatCents(row.qualifying_cents),
    multiplier: formatMultiplier(row.multiplier),
    reward_id: row.reward_id,
  };
}

function historyView(row: TierHistoryRow): TierHistoryEntry {
  return {
    reason: row.reason,
    from_code: row.from_code,
    to_code: row.to_code,
    to_name: row.to_names === null ? null : (JSON.parse(row.to_names) as TierHistoryEntry["to_name"]),
    spend_amount: formatCents(Number(row.spend_cents)),
    review_at: row.review_at === null ? null : iso(Number(row.review_at)),
    actor: row.actor,
    created_at: iso(Number(row.created_at)),
  };
}

export async function tierRulesOf(repository: CoinSchemeRepository): Promise<TierRules> {
  const row = await repository.setting(RULES_KEY);
  if (!row) return DEFAULT_RULES;
  const stored = JSON.parse(row.value) as {
    window: TierWindow;
    review_rule: TierReviewRule;
    review_date: string | null;
  };
  const review: TierReview =
    stored.review_rule === "fixed_date" && stored.review_date !== null
      ? { rule: "fixed_date", date: stored.review_date }
      : { rule: "anniversary" };
  return { window: stored.window, review };
}

/** The ladder with the settings, as GET /tiers answers. */
export async function tierLadderResult(repository: CoinSchemeRepository): Promise<TierLadderResult> {
  const [rules, setting, ladder] = await Promise.all([
    tierRulesOf(repository),
    repository.setting(RULES_KEY),
    repository.tiers.ladder(),
  ]);
  return {
    window: rules.window,
    review_rule: rules.review.rule,
    review_date: rules.review.rule === "fixed_date" ? rules.review.date : null,
    tiers: ladder.map(tierView),
    updated_by: setting?.updated_by ?? null,
    updated_at: setting ? iso(setting.updated_at) : null,
  };
}

/**
 * Replaces the ladder and the settings in one transaction. Refused: two tiers with one code or
 * one threshold (4000), a reward the catalogue lacks (6050), leaving out a tier members hold
 * (6051). Members keep their tiers and review dates; new thresholds count from the next
 * requalification (after a purchase, or the daily job).
 */
export function setTierLadder(
  repository: CoinSchemeRepository,
  input: { rules: TierRules; tiers: TierInput[] },
  by: string,
  at: number,
): Promise<TierLadderResult> {
  const ordered = [...input.tiers].sort((a, b) => a.qualifyingCents - b.qualifyingCents);
  if (new Set(ordered.map((tier) => tier.code)).size < ordered.length)
    throw schemeValidationError("tiers", "tierCodeRepeated");
  if (new Set(ordered.map((tier) => tier.qualifyingCents)).size < ordered.length)
    throw schemeValidationError("tiers", "tierThresholdRepeated");
  if (input.rules.review.rule === "fixed_date" && !isMonthDay(input.rules.review.date))
    throw schemeValidationError("review_date", "monthDayInvalid");
  return repository.inTransaction(async (trx) => {
    for (const tier of ordered) {
      if (tier.rewardId !== null && !(await trx.rewards.reward(tier.rewardId)))
        throw new SchemeError(SchemeErrorCode.tierRewardNotFound, {
          code: tier.code,
          reward_id: tier.rewardId,
        });
    }
    const kept = new Set(ordered.map((tier) => tier.code));
    const dropped = (await trx.tiers.heldCodes()).filter((code) => !kept.has(code));
    if (dropped.length > 0) throw new SchemeError(SchemeErrorCode.tierHeld, { codes: dropped });
    await trx.tiers.replaceLadder(
      ordered.map((tier, index) => ({
        code: tier.code,
        name_en: tier.name.en,
        name_tc: tier.name.tc,
        name_sc: tier.name.sc,
        benefits_en: tier.benefits.en,
        benefits_tc: tier.benefits.tc,
        benefits_sc: tier.benefits.sc,
        qualifying_cents: tier.qualifyingCents,
        multiplier: tier.multiplier,
        reward_id: tier.rewardId,
        sort_order: index,
        updated_by: by,
        updated_at: at,
      })),
    );
    const { window, review } = input.rules;
    const stored = {
      window,
      review_rule: review.rule,
      review_date: review.rule === "fixed_date" ? review.date : null,
    };
    await trx.setSetting(RULES_KEY, JSON.stringify(stored), by, at);
    return tierLadderResult(trx);
  });
}

/**
 * The account's tier at `atMs`, for the engine's `tier` earn line: the tier its last change by
 * then put it in, or (never changed) the ladder's tier for no spend (a tier with a zero
 * threshold); null when neither, or when that tier has left the ladder since. Call it inside
 * the purchase's transaction, before requalifyAccount: the purchase earns at the tier it was
 * made in, and any tier it reaches counts from the next purchase on.
 */
export async function tierAt(
  repository: CoinSchemeRepository,
  accountId: number,
  atMs: number,
): Promise<TierFact | null> {
  const ladder = await repository.tiers.ladder();
  if (ladder.length === 0) return null;
  const change = await repository.tiers.tierChangeAt(accountId, atMs);
  const row = change
    ? ladder.find((tier) => tier.code === change.to_code)
    : tierForSpend(ladder.map(step), 0);
  return row ? { id: row.id, code: row.code, multiplier: row.multiplier, name: names(row) } : null;
}

/**
 * tierAt for many past purchases at once (a campaign's dry run): the tier id each account was in
 * at any instant before `to`, from the ladder and every change, read once. Purchases are asked in
 * any order; each account's changes are searched from its newest.
 */
export async function tierIdsOverTime(
  repository: CoinSchemeRepository,
  to: number,
): Promise<(accountId: number, at: number) => number | null> {
  const ladder = await repository.tiers.ladder();
  if (ladder.length === 0) return () => null;
  const ids = new Map(ladder.map((tier) => [tier.code, tier.id] as const));
  const unchanged = tierForSpend(ladder.map(step), 0)?.id ?? null;
  const changes = new Map<number, { at: number; id: number | null }[]>();
  for (const row of await repository.tiers.changesBefore(to)) {
    const list = changes.get(row.account_id) ?? [];
    list.push({
      at: Number(row.created_at),
      id: row.to_code === null ? null : (ids.get(row.to_code) ?? null),
    });
    changes.set(row.account_id, list);
  }
  return (accountId, at) => {
    const list = changes.get(accountId);
    if (!list) return unchanged;
    for (let index = list.length - 1; index >= 0; index -= 1) {
      const change = list[index] as { at: number; id: number | null };
      // A change made by a purchase counts from the next one: that purchase earned at the tier before.
      if (change.at < at) return change.id;
    }
    return unchanged;
  };
}

/** What a purchase reads of the tiers, once, under the account's lock. */
export interface TierContext {
  ladder: TierRow[];
  standing: AccountTierRow | undefined;
  rules: TierRules;
}

/** The purchase's tier context: null without a ladder (no tier to earn at, nothing to requalify). */
export async function purchaseTierContext(
  repository: CoinSchemeRepository,
  accountId: number,
): Promise<TierContext | null> {
  const ladder = await repository.tiers.ladder();
  if (ladder.length === 0) return null;
  return {
    ladder,
    standing: await repository.tiers.standing(accountId),
    rules: await tierRulesOf(repository),
  };
}

/**
 * The account's tier now: tierAt at the present instant, read from its standing (every change
 * writes the standing with its history row), or the ladder's tier for no spend when it never had
 * one. Call it before requalifyAccount: the purchase earns at the tier it was made in.
 */
export function tierNow(context: TierContext | null): TierFact | null {
  if (!context) return null;
  const { ladder, standing } = context;
  const row = standing
    ? ladder.find((tier) => tier.code === standing.tier_code)
    : tierForSpend(ladder.map(step), 0);
  return row ? { id: row.id, code: row.code, multiplier: row.multiplier, name: names(row) } : null;
}

/**
 * A tier's reward is for members of that tier and those above it: refused (6053) to an account
 * below the lowest tier that offers it. A reward no tier names is everyone's. Goodwill vouchers
 * (an operator's decision) are not held to it.
 */
export async function refuseRewardAboveTier(
  repository: CoinSchemeRepository,
  accountId: number,
  rewardId: number,
  at: number,
): Promise<void> {
  const ladder = await repository.tiers.ladder();
  const offering = ladder.filter((tier) => tier.reward_id === rewardId);
  if (offering.length === 0) return;
  const held = await tierAt(repository, accountId, at);
  const rank = (code: string | null | undefined) => ladder.findIndex((tier) => tier.code === code);
  const lowest = Math.min(...offering.map((tier) => rank(tier.code)));
  if (rank(held?.code) < lowest)
    throw new SchemeError(SchemeErrorCode.rewardForHigherTier, {
      reward_id: rewardId,
      tier_code: ladder[lowest]?.code,
    });
}

/** What a requalification did to one account. */
export interface Requalification {
  change: Exclude<TierChange, "set"> | null;
  from: string | null;
  to: string | null;
}

/**
 * Requalifies one account at `at`: up at once when the window's spend reaches a higher tier;
 * at or after its review date, kept or down to what the review's spend qualifies for. Writes the
 * account's tier and a history row when anything happened. Run it in a transaction holding the
 * account's lock (lockAccount): the purchase's own, or the job's. `actor` names who asked
 * (`purchase`, or the job); `known` is what the purchase read already (purchaseTierContext).
 */
export async function requalifyAccount(
  repository: CoinSchemeRepository,
  accountId: number,
  at: number,
  actor = "purchase",
  known?: TierContext,
): Promise<Requalification> {
  const ladderRows = known?.ladder ?? (await repository.tiers.ladder());
  const current = known ? known.standing : await repository.tiers.standing(accountId);
  const from = current?.tier_code ?? null;
  if (ladderRows.length === 0) return { change: null, from, to: from };
  const rules = known?.rules ?? (await tierRulesOf(repository));
  const ladder = ladderRows.map(step);
  const windowFrom = windowStart(rules.window, at);
  const spendCents = await repository.tiers.spendBetween(accountId, windowFrom, at + 1);
  const standing = { code: from, reviewAt: current?.review_at == null ? null : Number(current.review_at) };
  // The review's spans are read only when a review is due (requalify looks at them then alone),
  // and the window's own span is the spend above.
  let reviewSpendCents = spendCents;
  if (standing.reviewAt !== null && at >= standing.reviewAt)
    for (const span of reviewSpans(rules.window, at))
      if (span.from !== windowFrom)
        reviewSpendCents = Math.max(
          reviewSpendCents,
          await repository.tiers.spendBetween(accountId, span.from, span.to),
        );
  const decision = requalify({ ladder, standing, spendCents, reviewSpendCents, review: rules.review, at });
  if (decision.change === null) return { change: null, from, to: from };
  const to = decision.tier?.code ?? null;
  await repository.tiers.setStanding(
    accountId,
    {
      tier_code: to,
      reached_at: decision.change === "kept" && current ? Number(current.reached_at) : at,
      review_at: decision.reviewAt,
    },
    at,
  );
  await repository.tiers.addHistory({
    account_id: accountId,
    reason: decision.change,
    from_code: from,
    to_code: to,
    to_names: decision.tier ? JSON.stringify(names(decision.tier)) : null,
    spend_cents: decision.change === "upgrade" ? spendCents : reviewSpendCents,
    review_at: decision.reviewAt,
    actor,
    created_at: at,
  });
  return { change: decision.change, from, to };
}

/**
 * The daily job: every account with spend in the window (an upgrade it may have missed) and
 * every account whose review is due, each in its own transaction under its account's lock, so
 * that a rerun, a crash halfway or two instances at once change nothing twice (a second look
 * finds the tier already set and the review moved on).
 */
export async function runTierRequalification(
  repository: CoinSchemeRepository,
  at: number,
): Promise<TierRequalifyResult> {
  const result = { at: iso(at), accounts: 0, upgrades: 0, downgrades: 0, kept: 0 };
  if ((await repository.tiers.ladder()).length === 0) return result;
  const rules = await tierRulesOf(repository);
  // The earliest spend any review or upgrade counts: the calendar year before this one, or the 12 months.
  const since = Math.min(...reviewSpans(rules.window, at).map((span) => span.from));
  let after = 0;
  for (;;) {
    const ids = await repository.tiers.requalifyCandidates(since, at, after, BATCH);
    if (ids.length === 0) break;
    for (const id of ids) {
      const done = await repository.inTransaction(async (trx) => {
        await trx.lockAccount(id);
        return requalifyAccount(trx, id, at, REQUALIFY_ACTOR);
      });
      result.accounts += 1;
      if (done.change === "upgrade") result.upgrades += 1;
      if (done.change === "downgrade") result.downgrades += 1;
      if (done.change === "kept") result.kept += 1;
    }
    after = ids[ids.length - 1] as number;
  }
  return result;
}

/** An operator puts the account in a tier (a correction, a goodwill upgrade): its review is set from today. */
export function setAccountTier(
  repository: CoinSchemeRepository,
  account: AccountRow,
  code: string,
  operator: string,
  at: number,
): Promise<AccountTierResult> {
  return repository.inTransaction(async (trx) => {
    await trx.lockAccount(account.id);
    const tier = (await trx.tiers.ladder()).find((row) => row.code === code);
    if (!tier) throw new SchemeError(SchemeErrorCode.tierNotFound, { code });
    const rules = await tierRulesOf(trx);
    const current = await trx.tiers.standing(account.id);
    const reviewAt = reviewDateAfter(rules.review, at);
    await trx.tiers.setStanding(account.id, { tier_code: code, reached_at: at, review_at: reviewAt }, at);
    await trx.tiers.addHistory({
      account_id: account.id,
      reason: "set",
      from_code: current?.tier_code ?? null,
      to_code: code,
      to_names: JSON.stringify(names(tier)),
      spend_cents: await trx.tiers.spendBetween(account.id, windowStart(rules.window, at), at + 1),
      review_at: reviewAt,
      actor: operator,
      created_at: at,
    });
    return accountTierResult(trx, account, at);
  });
}

/** The account's tier, its window's spend, the next tier and what it still needs, its review and history. */
export async function accountTierResult(
  repository: CoinSchemeRepository,
  account: AccountRow,
  at: number,
): Promise<AccountTierResult> {
  const [rules, ladderRows, current, history] = await Promise.all([
    tierRulesOf(repository),
    repository.tiers.ladder(),
    repository.tiers.standing(account.id),
    repository.tiers.historyOf(account.id, HISTORY_SHOWN),
  ]);
  const start = windowStart(rules.window, at);
  const end = windowEnd(rules.window, at);
  const spendCents = await repository.tiers.spendBetween(account.id, start, at + 1);
  const ladder = ladderRows.map(step);
  const held = current
    ? (ladderRows.find((tier) => tier.code === current.tier_code) ?? null)
    : (tierForSpend(ladder, 0) ?? null);
  // The next rung above both the tier held and the spend: a member kept in gold by the review
  // date is not told to reach silver.
  const heldCents = held?.qualifying_cents ?? Number.NEGATIVE_INFINITY;
  const next = nextTier(
    ladder.filter((tier) => tier.qualifyingCents > heldCents),
    spendCents,
  );
  return {
    hcoins_memberno: account.hcoins_memberno,
    tier: held ? tierView(held) : null,
    window: rules.window,
    window_start: iso(start),
    window_end: end === null ? null : iso(end),
    spend_amount: formatCents(spendCents),
    next: next
      ? { tier: tierView(next.tier), spend_needed_amount: formatCents(next.spendNeededCents) }
      : null,
    review_at: current?.review_at == null ? null : iso(Number(current.review_at)),
    history: history.map(historyView),
    as_of: iso(at),
  };
}

/** Every tier change and review of the account, oldest first (the holders' export). */
export async function tierHistoryOf(repository: CoinSchemeRepository, accountId: number) {
  const rows = await repository.tiers.historyOf(accountId, Number.MAX_SAFE_INTEGER);
  return rows.reverse().map(historyView);
}
