import type { DatabaseHandle, TableViews } from "@hcoins/server-kit/database";
import type { Insertable, Kysely, Selectable } from "kysely";
import type {
  ApprovalRequestTable,
  CoinAdjustmentStatus,
  CoinAdjustmentTable,
  CoinControlTables,
} from "./tables.ts";

export type AdjustmentRow = Selectable<CoinAdjustmentTable>;
export type ApprovalRow = Selectable<ApprovalRequestTable>;

// PostgreSQL answers bigint columns as text.
const adjustmentOf = (row: AdjustmentRow): AdjustmentRow => ({
  ...row,
  coins: Number(row.coins),
  transaction_id: row.transaction_id === null ? null : Number(row.transaction_id),
  created_at: Number(row.created_at),
});
const approvalOf = (row: ApprovalRow): ApprovalRow => ({
  ...row,
  coins: Number(row.coins),
  requested_at: Number(row.requested_at),
  expires_at: Number(row.expires_at),
  decided_at: row.decided_at === null ? null : Number(row.decided_at),
});

/** Migration 0009's tables; only the coin-controls services use this. */
export class CoinControlRepository {
  constructor(private readonly database: DatabaseHandle) {}

  private db(trx?: TableViews): Kysely<CoinControlTables> {
    return (trx ?? this.database).tables<CoinControlTables>();
  }

  transaction<R>(work: (trx: TableViews) => Promise<R>): Promise<R> {
    return this.database.transaction(work);
  }

  async insertAdjustment(row: Insertable<CoinAdjustmentTable>, trx: TableViews): Promise<AdjustmentRow> {
    const inserted = await this.db(trx)
      .insertInto("coin_adjustments")
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
    return adjustmentOf(inserted);
  }

  async adjustmentByKey(operatorId: number, key: string): Promise<AdjustmentRow | undefined> {
    const row = await this.db()
      .selectFrom("coin_adjustments")
      .selectAll()
      .where("operator_id", "=", operatorId)
      .where("idempotency_key", "=", key)
      .executeTakeFirst();
    return row && adjustmentOf(row);
  }

  async adjustmentByApproval(approvalId: number): Promise<AdjustmentRow | undefined> {
    const row = await this.db()
      .selectFrom("coin_adjustments")
      .selectAll()
      .where("approval_id", "=", approvalId)
      .executeTakeFirst();
    return row && adjustmentOf(row);
  }

  /** Moves the row from `from` to `to` (with the fields given); false when it was not in `from` (another call moved it). */
  async moveAdjustment(
    id: number,
    from: CoinAdjustmentStatus,
    to: CoinAdjustmentStatus,
    fields: { transaction_id?: number; approval_id?: number } = {},
    trx?: TableViews,
  ): Promise<boolean> {
    const result = await this.db(trx)
      .updateTable("coin_adjustments")
      .set({ status: to, ...fields })
      .where("id", "=", id)
      .where("status", "=", from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes a reserved row the scheme refused; false when another call got there first. */
  async dropReserved(id: number): Promise<boolean> {
    const result = await this.db()
      .deleteFrom("coin_adjustments")
      .where("id", "=", id)
      .where("status", "=", "reserved")
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The internal notes of the ledger entries named, by the scheme's entry id. */
  async notesOf(transactionIds: readonly number[]): Promise<Map<number, string>> {
    if (transactionIds.length === 0) return new Map();
    const rows = await this.db()
      .selectFrom("coin_adjustments")
      .select(["transaction_id", "note"])
      .where("transaction_id", "in", transactionIds)
      .execute();
    return new Map(rows.map((row) => [Number(row.transaction_id), row.note]));
  }

  /**
   * Adds `coins` to the scope's total of the day when the sum stays within `limit` (null: always),
   * in one conditional update, so that parallel calls on any instance cannot pass it together
   * (PostgreSQL locks the row; SQLite has one writer). Answers the new total, or null when refused.
   */
  async raiseTotal(
    scope: string,
    day: string,
    coins: number,
    limit: number | null,
    trx: TableViews,
  ): Promise<number | null> {
    const db = this.db(trx);
    await db
      .insertInto("coin_daily_totals")
      .values({ scope, day, coins: 0 })
      .onConflict((conflict) => conflict.columns(["scope", "day"]).doNothing())
      .execute();
    let update = db
      .updateTable("coin_daily_totals")
      .set((eb) => ({ coins: eb("coins", "+", coins) }))
      .where("scope", "=", scope)
      .where("day", "=", day);
    if (limit !== null) update = update.where((eb) => eb(eb("coins", "+", coins), "<=", limit));
    const row = await update.returning("coins").executeTakeFirst();
    return row ? Number(row.coins) : null;
  }

  async lowerTotal(scope: string, day: string, coins: number): Promise<void> {
    await this.db()
      .updateTable("coin_daily_totals")
      .set((eb) => ({ coins: eb("coins", "-", coins) }))
      .where("scope", "=", scope)
      .where("day", "=", day)
      .execute();
  }

  async total(scope: string, day: string, trx?: TableViews): Promise<number> {
    const row = await this.db(trx)
      .selectFrom("coin_daily_totals")
      .select("coins")
      .where("scope", "=", scope)
      .where("day", "=", day)
      .executeTakeFirst();
    return row ? Number(row.coins) : 0;
  }

  // ---- approval requests ----

  async insertApproval(row: Insertable<ApprovalRequestTable>, trx: TableViews): Promise<ApprovalRow> {
    const inserted = await this.db(trx)
      .insertInto("approval_requests")
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
    return approvalOf(inserted);
  }

  async approval(id: number): Promise<ApprovalRow | undefined> {
    const row = await this.db()
      .selectFrom("approval_requests")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row && approvalOf(row);
  }

  /**
   * Decides a pending request that has not expired at `now`, in one conditional update: of two
   * operators deciding at once, one wins. False when it was not pending (or has expired).
   */
  async decide(
    id: number,
    status: string,
    fields: { decided_by: string; decided_at: number; decision_note: string },
    now: number,
  ): Promise<boolean> {
    const result = await this.db()
      .updateTable("approval_requests")
      .set({ status, ...fields })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setOutcome(id: number, status: string, outcome: string): Promise<void> {
    await this.db().updateTable("approval_requests").set({ status, outcome }).where("id", "=", id).execute();
  }

  /** An approval whose execution failed to finish, pending again (its executor's key makes a retry safe). */
  async reopen(id: number): Promise<void> {
    await this.db()
      .updateTable("approval_requests")
      .set({ status: "pending", decided_by: null, decided_at: null, decision_note: null })
      .where("id", "=", id)
      .where("status", "=", "approved")
      .execute();
  }

  /** Pending requests whose time has passed, marked expired; answers them. */
  async expireDue(now: number): Promise<ApprovalRow[]> {
    const due = await this.db()
      .selectFrom("approval_requests")
      .selectAll()
      .where("status", "=", "pending")
      .where("expires_at", "<=", now)
      .execute();
    const expired: ApprovalRow[] = [];
    for (const row of due) {
      const result = await this.db()
        .updateTable("approval_requests")
        .set({ status: "expired", decided_at: now })
        .where("id", "=", row.id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) expired.push(approvalOf(row));
    }
    return expired;
  }

  /**
   * One page: pending first (oldest first, the queue's order), then the rest newest first. A pending
   * request past its time counts as expired here already.
   */
  async list(
    status: string | undefined,
    now: number,
    page: { limit: number; offset: number },
  ): Promise<{ rows: ApprovalRow[]; total: number }> {
    let query = this.db().selectFrom("approval_requests");
    if (status === "pending") query = query.where("status", "=", "pending").where("expires_at", ">", now);
    else if (status === "expired")
      query = query.where((eb) =>
        eb.or([
          eb("status", "=", "expired"),
          eb.and([eb("status", "=", "pending"), eb("expires_at", "<=", now)]),
        ]),
      );
    else if (status !== undefined) query = query.where("status", "=", status);
    const total = await query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy((eb) => eb.case().when("status", "=", "pending").then(0).else(1).end())
      .orderBy((eb) => eb.case().when("status", "=", "pending").then(eb.ref("requested_at")).else(0).end())
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows: rows.map(approvalOf), total: Number(total.count) };
  }
}
