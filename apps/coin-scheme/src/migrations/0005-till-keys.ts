import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import { type Kysely, sql } from "kysely";

/**
 * Till keys an operator makes (issue 17), beside those of COIN_SCHEME_API_KEYS: the key itself
 * is never kept, only its SHA-256 (hex), which a presented key is looked up by. A revoked key
 * keeps its row (the ledger names it), so a name is unique only among the keys not revoked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("hcoin_till_keys"))
    .addColumn("name", "varchar(64)", (c) => c.notNull())
    .addColumn("key_hash", "varchar(64)", (c) => c.notNull().unique())
    // The stores it may earn, refund and take vouchers at, as a JSON array of codes (never empty).
    .addColumn("store_codes", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("created_by", "varchar(64)", (c) => c.notNull())
    .addColumn("stores_changed_at", "bigint")
    .addColumn("revoked_at", "bigint")
    .addColumn("revoked_by", "varchar(64)")
    .addColumn("last_used_at", "bigint")
    .execute();
  await db.schema
    .createIndex("hcoin_till_keys_live_name")
    .on("hcoin_till_keys")
    .column("name")
    .unique()
    .where(sql.ref("revoked_at"), "is", null)
    .execute();
}
