import { COIN_MOVEMENTS, GOODWILL_COLUMNS, zeroes } from "@hcoins/domain/coin-figures";
import { addDays, dayStartMs, daysOf } from "@hcoins/domain/figures-range";
import type { CoinDayFigures, CoinFiguresResult } from "./api-schemas.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import type { EntryKind } from "./tables.ts";

/** A day's columns besides its date, all 0 for a day nothing happened on. */
const DAY_COLUMNS = [...COIN_MOVEMENTS, ...GOODWILL_COLUMNS, "outstanding"] as const;

const DAY_MS = 86_400_000;

/** The columns the ledger's entry kinds count in: a day's figures and a store's line alike. */
export type MovementColumn =
  | "earned"
  | "refunded"
  | "adjusted"
  | "redeemed"
  | "cancelled"
  | "expired"
  | "forfeited";

/** Which column an entry kind counts in, and its sign there (debits are negative on the ledger). */
export const ENTRY_COLUMN: Record<EntryKind, { column: MovementColumn; sign: 1 | -1 }> = {
  purchase: { column: "earned", sign: 1 },
  refund: { column: "refunded", sign: -1 },
  adjustment: { column: "adjusted", sign: 1 },
  redemption: { column: "redeemed", sign: -1 },
  cancellation: { column: "cancelled", sign: 1 },
  expiry: { column: "expired", sign: -1 },
  forfeit: { column: "forfeited", sign: -1 },
};

const dayOfNumber = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/**
 * The coins each Hong Kong day from `from` to `to` (both included, a range figures-range.ts
 * accepts) saw move, and what the accounts held at each day's end. The ends are counted back
 * from the balances now, which the ledger check proves equal to the ledger's sum: the balance
 * now, less what came after `to`, is the end of `to`; each day before it, less that day's net.
 */
export async function coinFigures(
  repository: CoinSchemeRepository,
  from: string,
  to: string,
): Promise<CoinFiguresResult> {
  const until = dayStartMs(addDays(to, 1));
  const [rows, goodwill, after, { outstanding, accounts }] = await Promise.all([
    repository.figures.coinsByDayAndKind(dayStartMs(from), until),
    repository.figures.goodwillByDay(dayStartMs(from), until),
    repository.figures.coinsSince(until),
    repository.figures.balances(),
  ]);
  const net = new Map<string, number>();
  const byDay = new Map<string, CoinDayFigures>(
    daysOf(from, to).map((day) => [day, { day, ...zeroes(DAY_COLUMNS) }]),
  );
  for (const row of rows) {
    const day = dayOfNumber(row.dayNumber);
    const figures = byDay.get(day);
    const counted = ENTRY_COLUMN[row.kind];
    if (!figures || !counted) continue;
    figures[counted.column] += counted.sign * row.coins;
    net.set(day, (net.get(day) ?? 0) + row.coins);
  }
  for (const row of goodwill) {
    const figures = byDay.get(dayOfNumber(row.dayNumber));
    if (!figures) continue;
    figures.goodwill_vouchers += row.vouchers;
    figures.goodwill_coins += row.coins;
  }
  const days = [...byDay.values()];
  let end = outstanding - after;
  for (const figures of days.toReversed()) {
    figures.outstanding = end;
    end -= net.get(figures.day) ?? 0;
  }
  return { from, to, days, outstanding, accounts };
}
