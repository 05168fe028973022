import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import type { Kysely } from "kysely";

/**
 * Referrals (referrals.ts): one row per referred account (once ever), naming the referrer's
 * account, the member server's keyed hashes of the referred member's number and device (never the
 * number or the device id), and what became of it: pending until a first qualifying purchase,
 * then rewarded (both vouchers' codes) or refused with a reason. The operators' settings live in
 * hcoin_settings under `referrals`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("hcoin_referrals"))
    .addColumn("referred_account_id", "integer", (c) => c.notNull().unique())
    .addColumn("referrer_account_id", "integer")
    .addColumn("phone_hash", "varchar(64)")
    .addColumn("device_hash", "varchar(64)")
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("refused_reason", "varchar(32)")
    .addColumn("recorded_at", "bigint", (c) => c.notNull())
    .addColumn("decided_at", "bigint")
    .addColumn("purchase_entry_id", "integer")
    .addColumn("referrer_voucher_code", "varchar(32)")
    .addColumn("referred_voucher_code", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("hcoin_referrals_referrer")
    .on("hcoin_referrals")
    .columns(["referrer_account_id", "state"])
    .execute();
  await db.schema.createIndex("hcoin_referrals_phone").on("hcoin_referrals").column("phone_hash").execute();
  await db.schema.createIndex("hcoin_referrals_device").on("hcoin_referrals").column("device_hash").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("hcoin_referrals").execute();
}
