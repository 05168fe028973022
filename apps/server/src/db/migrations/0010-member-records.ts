import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import type { Kysely } from "kysely";

/**
 * Customer service's records of a member, and what an SMS allowance reset must find.
 * `sms_limit_sources`: the client addresses and devices that asked a code for a number in the last
 * hour, so an operator's reset can clear the number's per-address and per-device counts (keyed by
 * them, which the operator does not know) and the member page can show them; a row lives as long
 * as the longest of those counts (an hour), the SMS code purge deletes it after.
 * `member_phone_history`: a member's earlier mobile numbers, one row per change.
 * `member_case_notes`: operators' notes on a member (operators only, never the member's API).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sms_limit_sources")
    .addColumn("mobile_phone_prefix", "varchar(4)", (c) => c.notNull())
    .addColumn("mobile_phone", "varchar(16)", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("source", "varchar(128)", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("sms_limit_sources_pk", [
      "mobile_phone_prefix",
      "mobile_phone",
      "kind",
      "source",
    ])
    .execute();
  await db.schema
    .createIndex("sms_limit_sources_expiry")
    .on("sms_limit_sources")
    .column("expires_at")
    .execute();

  await withIdColumn(db, db.schema.createTable("member_phone_history"))
    .addColumn("member_id", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("mobile_phone_prefix", "varchar(4)", (c) => c.notNull())
    .addColumn("mobile_phone", "varchar(16)", (c) => c.notNull())
    .addColumn("replaced_at", "bigint", (c) => c.notNull())
    .addColumn("replaced_by", "varchar(300)", (c) => c.notNull())
    .addColumn("reason", "varchar(500)", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("member_phone_history_member")
    .on("member_phone_history")
    .columns(["member_id", "id"])
    .execute();

  await withIdColumn(db, db.schema.createTable("member_case_notes"))
    .addColumn("member_id", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("note", "varchar(2000)", (c) => c.notNull())
    .addColumn("author", "varchar(300)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("member_case_notes_member")
    .on("member_case_notes")
    .columns(["member_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("member_case_notes").execute();
  await db.schema.dropTable("member_phone_history").execute();
  await db.schema.dropTable("sms_limit_sources").execute();
}
