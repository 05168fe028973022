import { z } from "zod";

/*
 * The fields of the coin figures, one definition for the coin scheme's answers (its api-schemas.ts)
 * and the console's (api/console-figures.ts), which adds names and brands to the same lines.
 */

const count = () => z.number().int();

/** The coins each entry kind moved, each positive except `adjusted` (operators' credits less debits). */
export const coinMovementFields = {
  /** Earned at tills, bonuses included. */
  earned: count(),
  /** Taken back by refunds. */
  refunded: count(),
  adjusted: count(),
  /** Spent on rewards. */
  redeemed: count(),
  /** Given back when a voucher was cancelled. */
  cancelled: count(),
  expired: count(),
  /** An erased member's balance, forfeited at the erasure. */
  forfeited: count(),
};

/** Goodwill vouchers operators gave (no coins spent), and their rewards' price in coins: a cost. */
export const goodwillFields = { goodwill_vouchers: count(), goodwill_coins: count() };

/**
 * A campaign's line of a range (or the tier multiplier's): the coins its earn lines issued, net
 * of the refunds made in the range (so possibly negative), the members and the purchases it
 * reached in the range.
 */
export const campaignFigureFields = { coins: count(), members: count(), purchases: count() };

/** The coin columns by name, in their order: a line's sums and totals walk them. */
export const COIN_MOVEMENTS = Object.keys(coinMovementFields) as (keyof typeof coinMovementFields)[];
export const GOODWILL_COLUMNS = Object.keys(goodwillFields) as (keyof typeof goodwillFields)[];
export const STORE_FIGURE_COLUMNS = [...COIN_MOVEMENTS, "purchases"] as const;

/** A line with every one of `columns` at 0, for the days and stores nothing happened at. */
export const zeroes = <K extends string>(columns: readonly K[]) =>
  Object.fromEntries(columns.map((column) => [column, 0])) as Record<K, number>;

/** A store's line of a range (or the entries no store made): its coins, and its purchase entries. */
export const storeFigureFields = { ...coinMovementFields, purchases: count() };

/** A reward's line of a range: paid redemptions and their coins, cancellations, goodwill vouchers. */
export const rewardFigureFields = {
  redemptions: count(),
  redeemed: count(),
  cancellations: count(),
  cancelled: count(),
  ...goodwillFields,
};
