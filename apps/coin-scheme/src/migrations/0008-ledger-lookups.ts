import type { Kysely } from "kysely";

/**
 * Customer service's ledger lookups. A member's ledger paged by time with its filters reads
 * (account, time, id) in order; a receipt dispute finds the accounts of a receipt number at any
 * store, which the (store_code, receipt_no) index cannot answer without the store.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("hcoin_ledger_account_time")
    .on("hcoin_ledger")
    .columns(["account_id", "created_at", "id"])
    .execute();
  await db.schema.createIndex("hcoin_ledger_receipt_no").on("hcoin_ledger").column("receipt_no").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("hcoin_ledger_receipt_no").execute();
  await db.schema.dropIndex("hcoin_ledger_account_time").execute();
}
