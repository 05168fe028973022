import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import type { Kysely } from "kysely";

/**
 * One row per change of a member's direct-marketing consent on a channel: what it became, under
 * which version of the consent statements, from where, and when. Members from before this table
 * have no rows: how their current choice was made was not recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("marketing_consents"))
    .addColumn("member_id", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("channel", "varchar(8)", (c) => c.notNull())
    .addColumn("opted_in", "integer", (c) => c.notNull())
    .addColumn("statement_version", "varchar(32)")
    .addColumn("source", "varchar(16)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("marketing_consents_member")
    .on("marketing_consents")
    .column("member_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("marketing_consents").execute();
}
