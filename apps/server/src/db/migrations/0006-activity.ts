import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import type { Kysely } from "kysely";

/**
 * What the operators watch. `sms_deliveries`: one row per SMS handed to the sender, whether it
 * went out (never the code), kept SMS_LOG_RETENTION_DAYS; `sms_codes` cannot serve, since a new
 * code replaces the number's previous one and a refused send leaves none. `daily_counts`: how many
 * of a thing (registrations, logins, SMS sent and failed) happened on a Hong Kong day, one row per
 * day and name, raised by one upsert so that concurrent requests on several instances all count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("sms_deliveries"))
    .addColumn("mobile_phone_prefix", "varchar(4)", (c) => c.notNull())
    .addColumn("mobile_phone", "varchar(16)", (c) => c.notNull())
    .addColumn("purpose", "varchar(16)", (c) => c.notNull())
    .addColumn("delivered", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  // A member's recent SMS (newest first), and the retention job's cut-off.
  await db.schema
    .createIndex("sms_deliveries_number")
    .on("sms_deliveries")
    .columns(["mobile_phone_prefix", "mobile_phone", "id"])
    .execute();
  await db.schema.createIndex("sms_deliveries_created").on("sms_deliveries").column("created_at").execute();

  await db.schema
    .createTable("daily_counts")
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("name", "varchar(32)", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("daily_counts_pk", ["day", "name"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("daily_counts").execute();
  await db.schema.dropTable("sms_deliveries").execute();
}
