import type { Kysely } from "kysely";

/**
 * Low-stock alerts (low-stock-alerts.ts): a reward's `low_stock_threshold` (units; null = no
 * alert) and `low_stock_alerted_at`, when the alert last fired (null = armed). Existing rewards
 * start with no threshold, so a deployment raises no alert nobody asked for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("hcoin_rewards").addColumn("low_stock_threshold", "integer").execute();
  await db.schema.alterTable("hcoin_rewards").addColumn("low_stock_alerted_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("hcoin_rewards").dropColumn("low_stock_alerted_at").execute();
  await db.schema.alterTable("hcoin_rewards").dropColumn("low_stock_threshold").execute();
}
