import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type {
  CoinSchemeTables,
  HcoinRewardsTable,
  HcoinVouchersTable,
  RewardRow,
  VoucherRow,
} from "./tables.ts";

// PostgreSQL counts as bigint, which pg hands over as a string.
type Counted = string | number;

/**
 * The storage of the catalogue and the vouchers (CoinSchemeRepository.rewards, on the same
 * connection or transaction). Stock changes are single conditional statements, so concurrent
 * redemptions on any number of instances can never take it below zero; a voucher changes
 * state only from `issued`, in one conditional statement too.
 */
export class RewardRepository {
  constructor(private readonly db: Kysely<CoinSchemeTables>) {}

  reward(id: number): Promise<RewardRow | undefined> {
    return this.db.selectFrom("hcoin_rewards").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The catalogue in its order; `openAt` keeps only active rewards whose window holds that instant. */
  rewardList(openAt: number | null): Promise<RewardRow[]> {
    let query = this.db.selectFrom("hcoin_rewards").selectAll();
    if (openAt !== null) {
      query = query
        .where("active", "=", 1)
        .where((eb) => eb.or([eb("starts_at", "is", null), eb("starts_at", "<=", openAt)]))
        .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", openAt)]));
    }
    return query.orderBy("sort_order").orderBy("id").execute();
  }

  rewardsByIds(ids: readonly number[]): Promise<RewardRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom("hcoin_rewards").selectAll().where("id", "in", ids).execute();
  }

  insertReward(reward: Insertable<HcoinRewardsTable>): Promise<RewardRow> {
    return this.db.insertInto("hcoin_rewards").values(reward).returningAll().executeTakeFirstOrThrow();
  }

  updateReward(id: number, fields: Updateable<HcoinRewardsTable>): Promise<RewardRow | undefined> {
    return this.db
      .updateTable("hcoin_rewards")
      .set(fields)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Takes one unit: the stock left, or null when there was none (nothing changed). */
  async takeStock(id: number): Promise<number | null> {
    const row = await this.db
      .updateTable("hcoin_rewards")
      .set({ stock: sql`stock - 1` })
      .where("id", "=", id)
      .where("stock", ">", 0)
      .returning("stock")
      .executeTakeFirst();
    return row ? Number(row.stock) : null;
  }

  /** Adds `change` units (negative removes): the row after, or null when that would go below zero. */
  changeStock(id: number, change: number, at: number): Promise<RewardRow | undefined> {
    return this.db
      .updateTable("hcoin_rewards")
      .set({ stock: sql`stock + ${change}`, updated_at: at })
      .where("id", "=", id)
      .where(sql<boolean>`stock + ${change} >= 0`)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Fires the reward's low-stock alert: takes the arming flag when it is armed and the stock is at
   * or below the threshold, in one conditional statement, so that one caller alone fires it. The
   * stock and threshold it fired at, or null when it was not armed or not low (nothing changed).
   */
  async fireLowStock(id: number, at: number): Promise<{ stock: number; threshold: number } | null> {
    const row = await this.db
      .updateTable("hcoin_rewards")
      .set({ low_stock_alerted_at: at })
      .where("id", "=", id)
      .where("low_stock_alerted_at", "is", null)
      .where("low_stock_threshold", "is not", null)
      .where(sql<boolean>`stock <= low_stock_threshold`)
      .returning(["stock", "low_stock_threshold"])
      .executeTakeFirst();
    return row ? { stock: Number(row.stock), threshold: Number(row.low_stock_threshold) } : null;
  }

  /** Re-arms the low-stock alert when the reward is above its threshold now (or has none). */
  async rearmLowStock(id: number): Promise<void> {
    await this.db
      .updateTable("hcoin_rewards")
      .set({ low_stock_alerted_at: null })
      .where("id", "=", id)
      .where("low_stock_alerted_at", "is not", null)
      .where(sql<boolean>`(low_stock_threshold is null or stock > low_stock_threshold)`)
      .execute();
  }

  /** The count of each reward's vouchers an account holds (cancelled ones not counted). */
  async heldByAccount(accountId: number, rewardId?: number): Promise<Map<number, number>> {
    let query = this.db
      .selectFrom("hcoin_vouchers")
      .select(["reward_id", sql<Counted>`count(*)`.as("n")])
      .where("account_id", "=", accountId)
      .where("status", "!=", "cancelled");
    if (rewardId !== undefined) query = query.where("reward_id", "=", rewardId);
    const rows = await query.groupBy("reward_id").execute();
    return new Map(rows.map((row) => [row.reward_id, Number(row.n)]));
  }

  // ---- vouchers ------------------------------------------------------------------

  insertVoucher(voucher: Insertable<HcoinVouchersTable>): Promise<VoucherRow> {
    return this.db.insertInto("hcoin_vouchers").values(voucher).returningAll().executeTakeFirstOrThrow();
  }

  voucherByCode(code: string): Promise<VoucherRow | undefined> {
    return this.db.selectFrom("hcoin_vouchers").selectAll().where("code", "=", code).executeTakeFirst();
  }

  voucherByEntry(entryId: number): Promise<VoucherRow | undefined> {
    return this.db
      .selectFrom("hcoin_vouchers")
      .selectAll()
      .where("entry_id", "=", entryId)
      .executeTakeFirst();
  }

  vouchersOf(accountId: number): Promise<VoucherRow[]> {
    return this.db
      .selectFrom("hcoin_vouchers")
      .selectAll()
      .where("account_id", "=", accountId)
      .orderBy("id", "desc")
      .execute();
  }

  /** Marks an issued voucher used; false when it was not issued any more (used or cancelled meanwhile). */
  async markUsed(
    id: number,
    use: { at: number; storeCode: string; receiptNo: string | null; by: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("hcoin_vouchers")
      .set({
        status: "used",
        used_at: use.at,
        used_store_code: use.storeCode,
        used_receipt_no: use.receiptNo,
        used_by: use.by,
      })
      .where("id", "=", id)
      .where("status", "=", "issued")
      .where("valid_until", ">=", use.at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Marks an issued voucher cancelled; false when it was not issued any more. */
  async markCancelled(id: number, cancel: { at: number; by: string; reason: string }): Promise<boolean> {
    const result = await this.db
      .updateTable("hcoin_vouchers")
      .set({
        status: "cancelled",
        cancelled_at: cancel.at,
        cancelled_by: cancel.by,
        cancel_reason: cancel.reason,
      })
      .where("id", "=", id)
      .where("status", "=", "issued")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
