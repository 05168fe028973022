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

  /**
   * Coins per store code and kind, and each group's entry count, of the entries made in
   * [from, until); the null store code is one group (entries no till made).
   */
  async coinsByStoreAndKind(
    from: number,
    until: number,
  ): Promise<{ storeCode: string | null; kind: EntryKind; coins: number; entries: number }[]> {
    const rows = await this.db
      .selectFrom("hcoin_ledger")
      .select([
        "store_code",
        "kind",
        sql<Counted>`sum(coins)`.as("coins"),
        sql<Counted>`count(*)`.as("entries"),
      ])
      .where("created_at", ">=", from)
      .where("created_at", "<", until)
      .groupBy(["store_code", "kind"])
      .execute();
    return rows.map((row) => ({
      storeCode: row.store_code,
      kind: row.kind,
      coins: Number(row.coins),
      entries: Number(row.entries),
    }));
  }

  /**
   * Per reward, the redemption and cancellation entries made in [from, until). A goodwill voucher's
   * redemption entry (0 coins) is told from a paid one by its voucher's `goodwill_coins`, so a
   * reward priced at 0 still counts as redeemed. A cancellation entry finds its voucher too, but
   * every goodwill column counts redemption entries only.
   */
  async redemptionsByReward(
    from: number,
    until: number,
  ): Promise<
    {
      rewardId: number;
      redemptions: number;
      redeemed: number;
      cancellations: number;
      cancelled: number;
      goodwillVouchers: number;
      goodwillCoins: number;
    }[]
  > {
    const paid = sql<Counted>`sum(case when l.kind = 'redemption' and v.goodwill_coins is null then 1 else 0 end)`;
    const goodwill = sql<Counted>`sum(case when l.kind = 'redemption' and v.goodwill_coins is not null then 1 else 0 end)`;
    const rows = await this.db
      .selectFrom("hcoin_ledger as l")
      // By the voucher's unique code (indexed), so each entry in the range finds its voucher in one lookup.
      .leftJoin("hcoin_vouchers as v", "v.code", "l.voucher_code")
      .select([
        "l.reward_id",
        paid.as("redemptions"),
        sql<Counted>`sum(case when l.kind = 'redemption' then -l.coins else 0 end)`.as("redeemed"),
        sql<Counted>`sum(case when l.kind = 'cancellation' then 1 else 0 end)`.as("cancellations"),
        sql<Counted>`sum(case when l.kind = 'cancellation' then l.coins else 0 end)`.as("cancelled"),
        goodwill.as("goodwill_vouchers"),
        sql<Counted>`sum(case when l.kind = 'redemption' then coalesce(v.goodwill_coins, 0) else 0 end)`.as(
          "goodwill_coins",
        ),
      ])
      .where("l.created_at", ">=", from)
      .where("l.created_at", "<", until)
      .where("l.kind", "in", ["redemption", "cancellation"])
      .where("l.reward_id", "is not", null)
      .groupBy("l.reward_id")
      .orderBy("l.reward_id")
      .execute();
    return rows.map((row) => ({
      rewardId: Number(row.reward_id),
      redemptions: Number(row.redemptions),
      redeemed: Number(row.redeemed),
      cancellations: Number(row.cancellations),
      cancelled: Number(row.cancelled),
      goodwillVouchers: Number(row.goodwill_vouchers),
      goodwillCoins: Number(row.goodwill_coins),
    }));
  }

  /**
   * The campaign and tier lines of the purchases and refunds made in [from, until), per campaign
   * (the tier lines one group, campaign id null): their coins (a refund's lines are negative, so
   * the sum is net), the accounts and the purchase entries that earned them. The range comes from
   * the ledger's `hcoin_ledger_time_kind` index, as in coinsByStoreAndKind, and each entry's lines
   * by entry id; `l.kind` in the WHERE (not only the GROUP BY) lets a partial index over the
   * campaign and tier lines serve it (docs/coin-scheme.md, Campaigns, on what PostgreSQL needs).
   */
  async coinsByCampaign(
    from: number,
    until: number,
  ): Promise<
    {
      kind: "campaign" | "tier";
      campaignId: number | null;
      coins: number;
      members: number;
      purchases: number;
    }[]
  > {
    const rows = await this.db
      .selectFrom("hcoin_ledger as e")
      .innerJoin("hcoin_earn_lines as l", "l.entry_id", "e.id")
      .select([
        "l.kind",
        "l.campaign_id",
        sql<Counted>`sum(l.coins)`.as("coins"),
        // Reached by a purchase in the range: a refund of an older purchase reaches no one.
        sql<Counted>`count(distinct case when e.kind = 'purchase' then e.account_id end)`.as("members"),
        sql<Counted>`count(distinct case when e.kind = 'purchase' then e.id end)`.as("purchases"),
      ])
      .where("e.created_at", ">=", from)
      .where("e.created_at", "<", until)
      .where("e.kind", "in", ["purchase", "refund"])
      .where("l.kind", "in", ["campaign", "tier"])
      .groupBy(["l.kind", "l.campaign_id"])
      .orderBy("l.campaign_id")
      .execute();
    return rows.map((row) => ({
      kind: row.kind === "tier" ? "tier" : "campaign",
      campaignId: row.campaign_id === null ? null : Number(row.campaign_id),
      coins: Number(row.coins),
      members: Number(row.members),
      purchases: Number(row.purchases),
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
