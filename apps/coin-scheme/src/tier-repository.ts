import { type Insertable, type Kysely, sql } from "kysely";
import type {
  AccountTierRow,
  CoinSchemeTables,
  HcoinTierHistoryTable,
  HcoinTiersTable,
  TierHistoryRow,
  TierRow,
} from "./tables.ts";

// PostgreSQL sums bigints as numeric, which pg hands over as a string.
type Counted = string | number;

/** The tier ladder, each account's tier and its history: the only code that touches those tables. */
export class TierRepository {
  constructor(private readonly db: Kysely<CoinSchemeTables>) {}

  ladder(): Promise<TierRow[]> {
    return this.db.selectFrom("hcoin_tiers").selectAll().orderBy("sort_order").execute();
  }

  /** Makes the ladder exactly `tiers`: codes not among them go, the others are written over or added. */
  async replaceLadder(tiers: Omit<Insertable<HcoinTiersTable>, "id">[]): Promise<void> {
    const codes = tiers.map((tier) => tier.code);
    let removal = this.db.deleteFrom("hcoin_tiers");
    if (codes.length > 0) removal = removal.where("code", "not in", codes);
    await removal.execute();
    for (const tier of tiers) {
      const { code: _code, ...fields } = tier;
      await this.db
        .insertInto("hcoin_tiers")
        .values(tier)
        .onConflict((oc) => oc.column("code").doUpdateSet(fields))
        .execute();
    }
  }

  /** The tier codes some account holds now. */
  async heldCodes(): Promise<string[]> {
    const rows = await this.db
      .selectFrom("hcoin_account_tiers")
      .select("tier_code")
      .distinct()
      .where("tier_code", "is not", null)
      .execute();
    return rows.map((row) => row.tier_code as string);
  }

  standing(accountId: number): Promise<AccountTierRow | undefined> {
    return this.db
      .selectFrom("hcoin_account_tiers")
      .selectAll()
      .where("account_id", "=", accountId)
      .executeTakeFirst();
  }

  async setStanding(
    accountId: number,
    standing: { tier_code: string | null; reached_at: number; review_at: number | null },
    at: number,
  ): Promise<void> {
    const row = { ...standing, updated_at: at };
    await this.db
      .insertInto("hcoin_account_tiers")
      .values({ account_id: accountId, ...row })
      .onConflict((oc) => oc.column("account_id").doUpdateSet(row))
      .execute();
  }

  async addHistory(row: Insertable<HcoinTierHistoryTable>): Promise<void> {
    await this.db.insertInto("hcoin_tier_history").values(row).execute();
  }

  /** The account's tier history, newest first. */
  historyOf(accountId: number, limit: number): Promise<TierHistoryRow[]> {
    return this.db
      .selectFrom("hcoin_tier_history")
      .selectAll()
      .where("account_id", "=", accountId)
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }

  /** The last change of the account's tier made by `at`. */
  tierChangeAt(accountId: number, at: number): Promise<TierHistoryRow | undefined> {
    return this.db
      .selectFrom("hcoin_tier_history")
      .selectAll()
      .where("account_id", "=", accountId)
      .where("reason", "!=", "kept")
      .where("created_at", "<=", at)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  /** Every change of every account's tier made before `to`, oldest first (a dry run replays them). */
  changesBefore(to: number): Promise<Pick<TierHistoryRow, "account_id" | "to_code" | "created_at">[]> {
    return this.db
      .selectFrom("hcoin_tier_history")
      .select(["account_id", "to_code", "created_at"])
      .where("reason", "!=", "kept")
      .where("created_at", "<", to)
      .orderBy("id")
      .execute();
  }

  /** Qualifying spend in [from, to): purchases' net minus refunds' (which may take it below zero). */
  async spendBetween(accountId: number, from: number, to: number): Promise<number> {
    const row = await this.db
      .selectFrom("hcoin_ledger")
      .select(
        sql<Counted>`coalesce(sum(case when kind = 'refund' then -net_cents else net_cents end), 0)`.as(
          "spend",
        ),
      )
      .where("account_id", "=", accountId)
      .where("kind", "in", ["purchase", "refund"])
      .where("created_at", ">=", from)
      .where("created_at", "<", to)
      .executeTakeFirstOrThrow();
    return Number(row.spend);
  }

  /**
   * The next `limit` accounts after `afterId` a requalification must look at: those with a
   * purchase or refund since `since` (they may have reached a tier) and those whose review is due
   * by `at`. The first `limit` of the two lists together are among the first `limit` of each.
   */
  async requalifyCandidates(since: number, at: number, afterId: number, limit: number): Promise<number[]> {
    const spent = await this.db
      .selectFrom("hcoin_ledger")
      .select("account_id")
      .distinct()
      .where("kind", "in", ["purchase", "refund"])
      .where("created_at", ">=", since)
      .where("account_id", ">", afterId)
      .orderBy("account_id")
      .limit(limit)
      .execute();
    const due = await this.db
      .selectFrom("hcoin_account_tiers")
      .select("account_id")
      .where("review_at", "<=", at)
      .where("account_id", ">", afterId)
      .orderBy("account_id")
      .limit(limit)
      .execute();
    const ids = new Set([...spent, ...due].map((row) => Number(row.account_id)));
    return [...ids].sort((a, b) => a - b).slice(0, limit);
  }
}
