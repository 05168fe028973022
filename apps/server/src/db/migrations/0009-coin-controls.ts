import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import type { Kysely } from "kysely";

/**
 * Controls on operators' coin movements (modules/coin-controls). `coin_adjustments`: one row per
 * adjustment an operator asked for, unique per operator and idempotency key (a retry or a second
 * tab finds it), with the internal note that never goes to the coin scheme. `coin_daily_totals`:
 * coins moved per Hong Kong day by an operator (`operator:<id>`) or a role (`role:<role>`), raised
 * by a conditional update so that parallel calls cannot pass the total. `approval_requests`: the
 * maker-checker queue, one row per request of any kind (its payload JSON), decided once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("coin_adjustments"))
    .addColumn("operator_id", "integer", (c) => c.notNull())
    .addColumn("idempotency_key", "varchar(100)", (c) => c.notNull())
    .addColumn("member_id", "integer", (c) => c.notNull())
    .addColumn("coins", "bigint", (c) => c.notNull())
    .addColumn("reason_code", "varchar(32)", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("approval_id", "integer")
    .addColumn("transaction_id", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("coin_adjustments_key", ["operator_id", "idempotency_key"])
    .execute();
  // The member page's ledger finds each entry's note by the scheme's entry id.
  await db.schema
    .createIndex("coin_adjustments_transaction")
    .on("coin_adjustments")
    .column("transaction_id")
    .execute();

  await db.schema
    .createTable("coin_daily_totals")
    .addColumn("scope", "varchar(64)", (c) => c.notNull())
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("coins", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("coin_daily_totals_pk", ["scope", "day"])
    .execute();

  await withIdColumn(db, db.schema.createTable("approval_requests"))
    .addColumn("kind", "varchar(32)", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("member_id", "integer")
    .addColumn("coins", "bigint", (c) => c.notNull())
    .addColumn("reason_code", "varchar(32)")
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("requested_by_id", "integer", (c) => c.notNull())
    .addColumn("requested_by", "varchar(254)", (c) => c.notNull())
    .addColumn("requested_role", "varchar(32)", (c) => c.notNull())
    .addColumn("requested_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("decided_by", "varchar(254)")
    .addColumn("decided_at", "bigint")
    .addColumn("decision_note", "text")
    .addColumn("outcome", "text")
    .execute();
  await db.schema
    .createIndex("approval_requests_status")
    .on("approval_requests")
    .columns(["status", "requested_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("approval_requests").execute();
  await db.schema.dropTable("coin_daily_totals").execute();
  await db.schema.dropTable("coin_adjustments").execute();
}
