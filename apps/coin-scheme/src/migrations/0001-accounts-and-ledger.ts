import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import type { Kysely } from "kysely";

/**
 * The scheme's tables. Every statement is "if not exists": in a member server database made
 * before the scheme had migrations of its own, the member server's migration 0002-coin-scheme
 * already created these very tables (and the standalone scheme's database has them from the
 * same migration), so this one then only records itself and keeps their rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("hcoin_accounts").ifNotExists())
    .addColumn("hcoins_memberno", "varchar(16)", (c) => c.notNull().unique())
    .addColumn("mobile_phone_prefix", "varchar(4)", (c) => c.notNull())
    .addColumn("mobile_phone", "varchar(16)", (c) => c.notNull())
    .addColumn("linked_member_ref", "varchar(64)", (c) => c.unique())
    .addColumn("linked_at", "bigint")
    .addColumn("linked_by", "varchar(64)")
    .addColumn("created_by", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("hcoin_accounts_phone_unique", ["mobile_phone_prefix", "mobile_phone"])
    .execute();

  await withIdColumn(db, db.schema.createTable("hcoin_transactions").ifNotExists())
    .addColumn("account_id", "integer", (c) => c.notNull().references("hcoin_accounts.id"))
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("store_code", "varchar(32)", (c) => c.notNull())
    .addColumn("receipt_no", "varchar(64)", (c) => c.notNull())
    .addColumn("client", "varchar(64)", (c) => c.notNull())
    .addColumn("net_cents", "bigint", (c) => c.notNull())
    .addColumn("electronic_cents", "bigint", (c) => c.notNull())
    .addColumn("partner_store", "integer", (c) => c.notNull())
    .addColumn("birthday_multiplier", "integer", (c) => c.notNull())
    .addColumn("holiday_multiplier", "integer", (c) => c.notNull())
    .addColumn("base_coins", "bigint", (c) => c.notNull())
    .addColumn("birthday_bonus", "bigint", (c) => c.notNull())
    .addColumn("holiday_bonus", "bigint", (c) => c.notNull())
    .addColumn("coins", "bigint", (c) => c.notNull())
    .addColumn("qr_unix_seconds", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("hcoin_transactions_receipt_unique", ["store_code", "receipt_no", "kind"])
    .execute();
  await db.schema
    .createIndex("hcoin_transactions_account")
    .ifNotExists()
    .on("hcoin_transactions")
    .columns(["account_id", "id"])
    .execute();

  await db.schema
    .createTable("hcoin_stores")
    .ifNotExists()
    .addColumn("store_code", "varchar(32)", (c) => c.primaryKey())
    .addColumn("partner_property", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("hcoin_bonus_days")
    .ifNotExists()
    .addColumn("date", "varchar(10)", (c) => c.primaryKey())
    .addColumn("multiplier", "integer", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["hcoin_bonus_days", "hcoin_stores", "hcoin_transactions", "hcoin_accounts"]) {
    await db.schema.dropTable(table).execute();
  }
}
