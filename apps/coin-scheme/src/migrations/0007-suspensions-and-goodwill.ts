import type { Kysely } from "kysely";

/**
 * - An account's suspension (the member server suspends the account of a member an operator
 *   disabled): while `suspended_at` is set, tills may not earn on it nor take its vouchers.
 * - Goodwill vouchers: `goodwill_coins` is the reward's price when an operator gave it without
 *   coins (its cost in the figures); null for a voucher a member redeemed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("hcoin_accounts").addColumn("suspended_at", "bigint").execute();
  await db.schema.alterTable("hcoin_accounts").addColumn("suspended_by", "varchar(300)").execute();
  await db.schema.alterTable("hcoin_vouchers").addColumn("goodwill_coins", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("hcoin_vouchers").dropColumn("goodwill_coins").execute();
  await db.schema.alterTable("hcoin_accounts").dropColumn("suspended_by").execute();
  await db.schema.alterTable("hcoin_accounts").dropColumn("suspended_at").execute();
}
