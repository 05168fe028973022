import type { EarnLine } from "@hcoins/domain/earn-lines";
import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { CampaignRow, CoinSchemeTables, EarnLineRow, HcoinCampaignsTable } from "./tables.ts";

// PostgreSQL sums and counts bigints as numeric/bigint, which pg hands over as strings.
type Counted = string | number;

/** Campaigns and the earn lines (CoinSchemeRepository.campaigns), on the same connection or transaction. */
export class CampaignRepository {
  constructor(private readonly db: Kysely<CoinSchemeTables>) {}

  /** Newest first. */
  list(): Promise<CampaignRow[]> {
    return this.db.selectFrom("hcoin_campaigns").selectAll().orderBy("id", "desc").execute();
  }

  byId(id: number): Promise<CampaignRow | undefined> {
    return this.db.selectFrom("hcoin_campaigns").selectAll().where("id", "=", id).executeTakeFirst();
  }

  insert(row: Insertable<HcoinCampaignsTable>): Promise<CampaignRow> {
    return this.db.insertInto("hcoin_campaigns").values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(id: number, changes: Updateable<HcoinCampaignsTable>): Promise<CampaignRow> {
    return this.db
      .updateTable("hcoin_campaigns")
      .set(changes)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The campaigns that earn at `at`: active, and their schedule covers it. One indexed read per purchase, never cached, so a pause holds on every instance from the next purchase. */
  live(at: number): Promise<CampaignRow[]> {
    return this.db
      .selectFrom("hcoin_campaigns")
      .selectAll()
      .where("status", "=", "active")
      .where("ends_at", ">", at)
      .where("starts_at", "<=", at)
      .orderBy("id")
      .execute();
  }

  /**
   * Reserves up to `coins` of an active campaign's budget, outside any purchase's transaction
   * (campaign-earn.ts BudgetReservation), and answers how many (0 when it is spent, or the campaign
   * stopped meanwhile). While the budget has room for all of them it is one conditional UPDATE,
   * atomic on its own; near its end the row is locked in a short transaction and what remains is
   * taken, so two instances take from one budget one after the other and never past it.
   */
  async reserveBudget(id: number, coins: number): Promise<number> {
    const whole = await this.db
      .updateTable("hcoin_campaigns")
      .set({ spent_coins: sql`spent_coins + ${coins}` })
      .where("id", "=", id)
      .where("status", "=", "active")
      .where(sql<boolean>`(budget_coins is null or spent_coins + ${coins} <= budget_coins)`)
      .returning("id")
      .executeTakeFirst();
    if (whole) return coins;
    const take = (db: Kysely<CoinSchemeTables>) => takeWhatRemains(db, id, coins);
    return this.db.isTransaction ? take(this.db) : this.db.transaction().execute(take);
  }

  /** A reward campaign's voucher adds its reward's price to what the campaign cost (no budget to check). */
  async addSpent(id: number, coins: number): Promise<void> {
    await this.db
      .updateTable("hcoin_campaigns")
      .set({ spent_coins: sql`spent_coins + ${coins}` })
      .where("id", "=", id)
      .execute();
  }

  /** A refund gives coins back to a campaign's budget. */
  async returnBudget(id: number, coins: number): Promise<void> {
    await this.db
      .updateTable("hcoin_campaigns")
      .set({ spent_coins: sql`spent_coins - ${coins}` })
      .where("id", "=", id)
      .execute();
  }

  /** What the account has earned from a campaign, net of refunds (its per-member cap counts this). */
  async earnedBy(accountId: number, campaignId: number): Promise<number> {
    const row = await this.db
      .selectFrom("hcoin_earn_lines as l")
      .innerJoin("hcoin_ledger as e", "e.id", "l.entry_id")
      .select(sql<Counted>`coalesce(sum(l.coins), 0)`.as("coins"))
      .where("e.account_id", "=", accountId)
      .where("l.campaign_id", "=", campaignId)
      .executeTakeFirstOrThrow();
    return Number(row.coins);
  }

  /** Issued coins (net of refunds), members and purchases per campaign, for the list. */
  async results(ids: number[]): Promise<Map<number, { coins: number; members: number; purchases: number }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("hcoin_earn_lines as l")
      .innerJoin("hcoin_ledger as e", "e.id", "l.entry_id")
      .select([
        "l.campaign_id",
        sql<Counted>`coalesce(sum(l.coins), 0)`.as("coins"),
        sql<Counted>`count(distinct e.account_id)`.as("members"),
        sql<Counted>`count(distinct case when e.kind = 'purchase' then e.id end)`.as("purchases"),
      ])
      .where("l.campaign_id", "in", ids)
      .groupBy("l.campaign_id")
      .execute();
    return new Map(
      rows.map((row) => [
        Number(row.campaign_id),
        { coins: Number(row.coins), members: Number(row.members), purchases: Number(row.purchases) },
      ]),
    );
  }

  /** Every purchase from `from` until `to`, oldest first, with its account's birth month (a dry run's facts). */
  purchasesBetween(from: number, to: number) {
    return this.db
      .selectFrom("hcoin_ledger as e")
      .innerJoin("hcoin_accounts as a", "a.id", "e.account_id")
      .select([
        "e.id",
        "e.account_id",
        "e.store_code",
        "e.partner_store",
        "e.net_cents",
        "e.electronic_cents",
        "e.base_coins",
        "e.created_at",
        "a.birth_month",
      ])
      .where("e.kind", "=", "purchase")
      .where("e.created_at", ">=", from)
      .where("e.created_at", "<", to)
      .orderBy("e.created_at")
      .orderBy("e.id")
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, store_code: row.store_code ?? "" })));
  }

  /** The id of every account's first purchase. */
  async firstPurchaseIds(): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom("hcoin_ledger")
      .select(sql<number>`min(id)`.as("id"))
      .where("kind", "=", "purchase")
      .groupBy("account_id")
      .execute();
    return new Set(rows.map((row) => Number(row.id)));
  }

  async insertLines(entryId: number, lines: EarnLine[]): Promise<void> {
    if (lines.length === 0) return;
    await this.db
      .insertInto("hcoin_earn_lines")
      .values(
        lines.map((line, position) => ({
          entry_id: entryId,
          position,
          kind: line.kind,
          coins: line.coins,
          campaign_id: line.campaign_id,
          name_en: line.name?.en ?? null,
          name_tc: line.name?.tc ?? null,
          name_sc: line.name?.sc ?? null,
        })),
      )
      .execute();
  }

  /** The lines of these entries, in one read, by entry. */
  async linesOf(entryIds: number[]): Promise<Map<number, EarnLine[]>> {
    const byEntry = new Map<number, EarnLine[]>();
    if (entryIds.length === 0) return byEntry;
    const rows = await this.db
      .selectFrom("hcoin_earn_lines")
      .selectAll()
      .where("entry_id", "in", entryIds)
      .orderBy("entry_id")
      .orderBy("position")
      .execute();
    for (const row of rows) {
      const lines = byEntry.get(row.entry_id) ?? [];
      lines.push(earnLine(row));
      byEntry.set(row.entry_id, lines);
    }
    return byEntry;
  }

  /** A receipt's campaign and tier coins its refunds took back so far (positive), by `kind:campaign_id`. */
  async refundedBonusCoins(storeCode: string, receiptNo: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom("hcoin_earn_lines as l")
      .innerJoin("hcoin_ledger as e", "e.id", "l.entry_id")
      .select(["l.kind", "l.campaign_id", sql<Counted>`coalesce(sum(l.coins), 0)`.as("coins")])
      .where("e.kind", "=", "refund")
      .where("e.store_code", "=", storeCode)
      .where("e.receipt_no", "=", receiptNo)
      .where("l.kind", "in", ["campaign", "tier"])
      .groupBy(["l.kind", "l.campaign_id"])
      .execute();
    return new Map(rows.map((row) => [`${row.kind}:${row.campaign_id}`, -Number(row.coins)]));
  }

  /** Purchases and refunds whose lines do not add up to their coins (ledger-check), at most `limit` ids. */
  async unbalancedEntries(limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom("hcoin_ledger as e")
      .select("e.id")
      .where("e.kind", "in", ["purchase", "refund"])
      .where(
        sql<boolean>`e.coins <> coalesce((select sum(l.coins) from hcoin_earn_lines l where l.entry_id = e.id), 0)`,
      )
      .orderBy("e.id")
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
}

export function earnLine(row: EarnLineRow): EarnLine {
  return {
    kind: row.kind,
    coins: row.coins,
    campaign_id: row.campaign_id,
    name:
      row.name_en === null
        ? null
        : { en: row.name_en, tc: row.name_tc ?? row.name_en, sc: row.name_sc ?? row.name_en },
  };
}

/** The end of a budget: the no-op UPDATE locks the row (as lockAccount does), then what remains of it is taken. */
async function takeWhatRemains(db: Kysely<CoinSchemeTables>, id: number, coins: number): Promise<number> {
  const row = await db
    .updateTable("hcoin_campaigns")
    .set({ spent_coins: sql`spent_coins` })
    .where("id", "=", id)
    .where("status", "=", "active")
    .returning(["spent_coins", "budget_coins"])
    .executeTakeFirst();
  if (!row) return 0;
  const taken =
    row.budget_coins === null ? coins : Math.max(0, Math.min(coins, row.budget_coins - row.spent_coins));
  if (taken > 0)
    await db
      .updateTable("hcoin_campaigns")
      .set({ spent_coins: sql`spent_coins + ${taken}` })
      .where("id", "=", id)
      .execute();
  return taken;
}
