import type { Kysely } from "kysely";

/**
 * The ledger by time, with the kind and coins in the index: the operators' figures sum each
 * Hong Kong day's entries per kind from the index alone, without reading the ledger's rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("hcoin_ledger_time_kind")
    .on("hcoin_ledger")
    .columns(["created_at", "kind", "coins"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("hcoin_ledger_time_kind").execute();
}
