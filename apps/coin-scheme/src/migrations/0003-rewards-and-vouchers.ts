import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import type { Kysely } from "kysely";

/**
 * Rewards and vouchers (issue 16): the catalogue (`hcoin_rewards`, each text in en, tc and sc),
 * the vouchers redemptions issue (`hcoin_vouchers`, their reward's value and stores copied at
 * issue so that a later edit of the reward changes no voucher held), and on the ledger the
 * reward and voucher a redemption or cancellation entry is about.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let rewards = withIdColumn(db, db.schema.createTable("hcoin_rewards"))
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("coins", "bigint", (c) => c.notNull())
    .addColumn("stock", "integer", (c) => c.notNull())
    .addColumn("value_cents", "bigint")
    // The stores as a JSON array of codes; [] = every store of the scheme.
    .addColumn("store_codes", "text", (c) => c.notNull());
  for (const field of ["title", "description", "terms"]) {
    for (const language of ["en", "tc", "sc"]) {
      rewards = rewards.addColumn(`${field}_${language}`, "text", (c) => c.notNull());
    }
  }
  await rewards
    .addColumn("image_url", "varchar(500)")
    .addColumn("starts_at", "bigint")
    .addColumn("ends_at", "bigint")
    .addColumn("per_member_limit", "integer")
    .addColumn("voucher_valid_days", "integer", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable("hcoin_vouchers"))
    // Normalised: 16 characters of Crockford base 32, no hyphens.
    .addColumn("code", "varchar(16)", (c) => c.notNull().unique())
    .addColumn("reward_id", "integer", (c) => c.notNull().references("hcoin_rewards.id"))
    .addColumn("account_id", "integer", (c) => c.notNull().references("hcoin_accounts.id"))
    .addColumn("entry_id", "integer", (c) => c.notNull().references("hcoin_ledger.id"))
    .addColumn("coins", "bigint", (c) => c.notNull())
    .addColumn("value_cents", "bigint")
    .addColumn("store_codes", "text", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("issued_at", "bigint", (c) => c.notNull())
    .addColumn("valid_until", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .addColumn("used_store_code", "varchar(32)")
    .addColumn("used_receipt_no", "varchar(64)")
    .addColumn("used_by", "varchar(64)")
    .addColumn("cancelled_at", "bigint")
    .addColumn("cancelled_by", "varchar(64)")
    .addColumn("cancel_reason", "varchar(500)")
    .execute();
  // A member's vouchers, newest first; how many of a reward they hold (the per-member limit).
  await db.schema
    .createIndex("hcoin_vouchers_account_reward")
    .on("hcoin_vouchers")
    .columns(["account_id", "reward_id"])
    .execute();

  await db.schema.alterTable("hcoin_ledger").addColumn("reward_id", "integer").execute();
  await db.schema.alterTable("hcoin_ledger").addColumn("voucher_code", "varchar(16)").execute();
}
