import { type Kysely, sql } from "kysely";
import type { CoinSchemeTables, EntryKind } from "./tables.ts";

// PostgreSQL sums and counts bigints as numeric/bigint, which pg hands over as strings.
type Counted = string | number;

const DAY_MS = 86_400_000;
// Hong Kong keeps UTC+8 all year: an entry's Hong Kong day is its (time + 8 h) in whole days.
const HONG_KONG_OFFSET_MS = 8 * 3_600_000;

/**
 * The ledger summed for operators (CoinSchemeRepository.figures). Each query is one aggregate over
 * the `hcoin_ledger_time_kind` index or the accounts' balance rows, never a row per entry to the caller.
 */
export class FiguresRepository {
  constructor(private readonly db: Kysely<CoinSchemeTables>) {}

  /** Coins per Hong Kong day (days since 1970-01-01) and kind, of the entries made in [from, until). */
  async coinsByDayAndKind(
    from: number,
    until: number,
  ): Promise<{ dayNumber: number; kind: EntryKind; coins: number }[]> {
    const dayNumber = sql<Counted>`(created_at + ${sql.lit(HONG_KONG_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
    const rows = await this.db
      .selectFrom("hcoin_ledger")
      .select([dayNumber.as("day_number"), "kind", sql<Counted>`sum(coins)`.as("coins")])
      .where("created_at", ">=", from)
      .where("created_at", "<", until)
      .groupBy([dayNumber, "kind"])
      .execute();
    return rows.map((row) => ({
      dayNumber: Number(row.day_number),
      kind: row.kind,
      coins: Number(row.coins),
    }));
  }

  /** Goodwill vouchers given per Hong Kong day in [from, until), and their rewards' price (the cost). */
  async goodwillByDay(
    from: number,
    until: number,
  ): Promise<{ dayNumber: number; vouchers: number; coins: number }[]> {
    const dayNumber = sql<Counted>`(issued_at + ${sql.lit(HONG_KONG_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
    const rows = await this.db
      .selectFrom("hcoin_vouchers")
      .select([
        dayNumber.as("day_number"),
        sql<Counted>`count(*)`.as("vouchers"),
        sql<Counted>`sum(goodwill_coins)`.as("coins"),
      ])
      .where("goodwill_coins", "is not", null)
      .where("issued_at", ">=", from)
      .where("issued_at", "<", until)
      .groupBy(dayNumber)
      .execute();
    return rows.map((row) => ({
      dayNumber: Number(row.day_number),
      vouchers: Number(row.vouchers),
      coins: Number(row.coins),
    }));
  }

  /** The net coins of every entry made at or after `from` (what the balances gained since). */
  async coinsSince(from: number): Promise<number> {
    const row = await this.db
      .selectFrom("hcoin_ledger")
      .select(sql<Counted>`coalesce(sum(coins), 0)`.as("coins"))
      .where("created_at", ">=", from)
      .executeTakeFirstOrThrow();
    return Number(row.coins);
  }

  /** Every account's balance summed, and how many accounts there are. */
  async balances(): Promise<{ outstanding: number; accounts: number }> {
    const row = await this.db
      .selectFrom("hcoin_accounts")
      .select([
        sql<Counted>`coalesce(sum(balance), 0)`.as("outstanding"),
        sql<Counted>`count(*)`.as("accounts"),
      ])
      .executeTakeFirstOrThrow();
    return { outstanding: Number(row.outstanding), accounts: Number(row.accounts) };
  }
}
