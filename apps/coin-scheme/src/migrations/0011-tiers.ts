import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import type { Kysely } from "kysely";

/**
 * Tiers (issue 28, tiers.ts): the operator's ladder (`hcoin_tiers`, names and benefits in en,
 * tc and sc), each account's tier and its review date (`hcoin_account_tiers`, one row once the
 * account first reaches a tier), and every change or review of it (`hcoin_tier_history`, which
 * copies the tier's names so that it still reads after the operator renames or removes a tier).
 * The window and review rule are a setting (`tier_rules` in hcoin_settings).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let tiers = withIdColumn(db, db.schema.createTable("hcoin_tiers")).addColumn("code", "varchar(32)", (c) =>
    c.notNull().unique(),
  );
  for (const language of ["en", "tc", "sc"])
    tiers = tiers.addColumn(`name_${language}`, "varchar(100)", (c) => c.notNull());
  for (const language of ["en", "tc", "sc"])
    tiers = tiers.addColumn(`benefits_${language}`, "text", (c) => c.notNull());
  await tiers
    .addColumn("qualifying_cents", "bigint", (c) => c.notNull())
    .addColumn("multiplier", "integer", (c) => c.notNull())
    .addColumn("reward_id", "integer", (c) => c.references("hcoin_rewards.id"))
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("updated_by", "varchar(64)", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("hcoin_account_tiers")
    .addColumn("account_id", "integer", (c) => c.primaryKey().references("hcoin_accounts.id"))
    .addColumn("tier_code", "varchar(32)")
    .addColumn("reached_at", "bigint", (c) => c.notNull())
    .addColumn("review_at", "bigint")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  // The requalification job's due reviews.
  await db.schema
    .createIndex("hcoin_account_tiers_review")
    .on("hcoin_account_tiers")
    .column("review_at")
    .execute();

  await withIdColumn(db, db.schema.createTable("hcoin_tier_history"))
    .addColumn("account_id", "integer", (c) => c.notNull().references("hcoin_accounts.id"))
    .addColumn("reason", "varchar(16)", (c) => c.notNull())
    .addColumn("from_code", "varchar(32)")
    .addColumn("to_code", "varchar(32)")
    // The new tier's names then, JSON {en, tc, sc}; null when the member left every tier.
    .addColumn("to_names", "text")
    .addColumn("spend_cents", "bigint", (c) => c.notNull())
    .addColumn("review_at", "bigint")
    .addColumn("actor", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("hcoin_tier_history_account")
    .on("hcoin_tier_history")
    .columns(["account_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("hcoin_tier_history").execute();
  await db.schema.dropTable("hcoin_account_tiers").execute();
  await db.schema.dropTable("hcoin_tiers").execute();
}
