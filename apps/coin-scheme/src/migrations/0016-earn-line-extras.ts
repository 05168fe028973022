import { type Kysely, sql } from "kysely";

/**
 * The campaign and tier lines by entry, covering: the figures' campaign breakdown
 * (figures-repository.ts coinsByCampaign) probes the range's entries from this index alone.
 * Without it PostgreSQL read every campaign and tier line ever written (325 ms against 125 ms over
 * 1,000,000 entries for 30 days). Partial, so a purchase without extras writes nothing more to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("hcoin_earn_lines_extras")
    .on("hcoin_earn_lines")
    .columns(["entry_id", "kind", "campaign_id", "coins"])
    .where(sql.ref("kind"), "in", ["campaign", "tier"])
    .execute();
}
