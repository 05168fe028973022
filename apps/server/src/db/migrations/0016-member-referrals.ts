import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import type { Kysely } from "kysely";

/**
 * Referrals (modules/referrals): `referral_codes`, each member's own code (made at registration,
 * or the first time an earlier member asks for it), and `member_referrals`, who registered with
 * whose code, with keyed hashes of the new member's number and device (never the number or the
 * device id) that outlive an erasure, so the same person or device never earns twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("referral_codes")
    .addColumn("member_id", "integer", (c) => c.primaryKey())
    .addColumn("code", "varchar(16)", (c) => c.notNull().unique())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await withIdColumn(db, db.schema.createTable("member_referrals"))
    .addColumn("referrer_member_id", "integer", (c) => c.notNull())
    .addColumn("referred_member_id", "integer", (c) => c.notNull().unique())
    .addColumn("phone_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("device_hash", "varchar(64)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint")
    .execute();
  await db.schema
    .createIndex("member_referrals_referrer")
    .on("member_referrals")
    .column("referrer_member_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("member_referrals").execute();
  await db.schema.dropTable("referral_codes").execute();
}
