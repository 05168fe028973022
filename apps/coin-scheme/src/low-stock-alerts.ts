import type { RewardRepository } from "./reward-repository.ts";
import type { RewardRow } from "./tables.ts";

/** What took the stock down: a member's redemption, an operator's goodwill voucher or stock change. */
export type LowStockCause = "redemption" | "goodwill" | "referral" | "mission" | "campaign" | "stock_change";

/** A reward's stock that has just gone to or below its low-stock threshold. */
export interface LowStockCrossing {
  rewardId: number;
  remaining: number;
  threshold: number;
  cause: LowStockCause;
}

/**
 * Who hears a crossing, once it is committed: the standalone scheme logs it, the member server
 * logs it and counts it in its metrics (create-coin-services.ts).
 */
export interface LowStockObserver {
  lowStock(crossing: LowStockCrossing): void;
}

/** Where a reward's stock stands, as the console marks it: sold out wins over low. */
export type StockLevel = "in_stock" | "low" | "sold_out";

export function stockLevel(row: Pick<RewardRow, "stock" | "low_stock_threshold">): StockLevel {
  if (row.stock <= 0) return "sold_out";
  if (row.low_stock_threshold !== null && row.stock <= row.low_stock_threshold) return "low";
  return "in_stock";
}

/** The warn line of a crossing, the same for the standalone scheme and the embedded one. */
export function logLowStock(
  log: { warn(fields: object, message: string): void },
  crossing: LowStockCrossing,
) {
  log.warn(
    {
      event: "reward_low_stock",
      reward_id: crossing.rewardId,
      remaining: crossing.remaining,
      threshold: crossing.threshold,
      cause: crossing.cause,
    },
    "reward stock at or below its low-stock threshold",
  );
}

/**
 * The alert fires once per crossing: after a stock decrease that leaves the reward at or below its
 * threshold while the alert is armed (`low_stock_alerted_at` null). The arming flag is taken by one
 * conditional statement (RewardRepository.fireLowStock), so under a rush on any number of
 * instances exactly one redemption fires it; the ones after find it taken and stay silent. It is
 * re-armed by an operator (a stock change that leaves the reward above its threshold, or a new
 * threshold); a cancelled voucher's unit coming back does not re-arm it, so one unit going back
 * and forth at the threshold does not alert again.
 *
 * `before` is the reward as read in the transaction before the decrease, `remaining` the stock
 * after it. Answers the crossing to report after the transaction commits, or null.
 */
export async function lowStockAfterDecrease(
  rewards: RewardRepository,
  before: RewardRow,
  remaining: number,
  cause: LowStockCause,
  at: number,
): Promise<LowStockCrossing | null> {
  const threshold = before.low_stock_threshold;
  // The common case, no threshold or not low or fired already, costs no statement.
  if (threshold === null || remaining > threshold || before.low_stock_alerted_at !== null) return null;
  const fired = await rewards.fireLowStock(before.id, at);
  if (!fired) return null;
  return { rewardId: before.id, remaining: fired.stock, threshold: fired.threshold, cause };
}

/** Reports a committed crossing; an observer's failure never undoes or fails the redemption. */
export function reportLowStock(observer: LowStockObserver | undefined, crossing: LowStockCrossing | null) {
  if (!crossing || !observer) return;
  try {
    observer.lowStock(crossing);
  } catch {
    // A log or metric that fails is not the member's problem: the voucher is issued.
  }
}
