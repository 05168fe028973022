import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import type { Kysely } from "kysely";

/**
 * E-stamp missions (mission-rules.ts, missions.ts).
 *
 * `hcoin_missions` keeps the operator's definition as JSON beside what the till's query and the
 * budget read: status and schedule, the budget of completions and `completions` taken from it by
 * one conditional UPDATE in the purchase's transaction (no instance completes past the budget).
 *
 * `hcoin_mission_progress` is a member's card for one mission and period (a Hong Kong month, or
 * `schedule`), once per (account, mission, period): its stamps, when it was completed and the
 * voucher issued. `hcoin_mission_stamps` names the purchase behind each stamp (and its brand), so
 * that a refund in full takes its stamp back and distinct brands are counted exactly.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("hcoin_missions"))
    .addColumn("definition", "text", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("starts_at", "bigint", (c) => c.notNull())
    .addColumn("ends_at", "bigint", (c) => c.notNull())
    .addColumn("budget_completions", "integer")
    .addColumn("completions", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "varchar(128)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_by", "varchar(128)")
    .addColumn("updated_at", "bigint")
    .addColumn("activated_by", "varchar(128)")
    .addColumn("approved_by", "varchar(128)")
    .addColumn("activated_at", "bigint")
    .execute();
  await db.schema
    .createIndex("hcoin_missions_status")
    .on("hcoin_missions")
    .columns(["status", "ends_at"])
    .execute();

  await withIdColumn(db, db.schema.createTable("hcoin_mission_progress"))
    .addColumn("account_id", "integer", (c) => c.notNull())
    .addColumn("mission_id", "integer", (c) => c.notNull())
    .addColumn("period_key", "varchar(16)", (c) => c.notNull())
    .addColumn("stamps", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("completed_at", "bigint")
    .addColumn("voucher_code", "varchar(32)")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("hcoin_mission_progress_once", ["account_id", "mission_id", "period_key"])
    .execute();

  await db.schema
    .createTable("hcoin_mission_stamps")
    .addColumn("progress_id", "integer", (c) => c.notNull())
    .addColumn("entry_id", "integer", (c) => c.notNull())
    .addColumn("brand_code", "varchar(64)")
    .addPrimaryKeyConstraint("hcoin_mission_stamps_pk", ["progress_id", "entry_id"])
    .execute();
  await db.schema
    .createIndex("hcoin_mission_stamps_entry")
    .on("hcoin_mission_stamps")
    .column("entry_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("hcoin_mission_stamps").execute();
  await db.schema.dropTable("hcoin_mission_progress").execute();
  await db.schema.dropTable("hcoin_missions").execute();
}
