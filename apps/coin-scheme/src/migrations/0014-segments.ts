import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import type { Kysely } from "kysely";

/**
 * Segments (segment-rules.ts): the operator's conditions over accounts, kept as JSON and
 * evaluated by the scheme itself, since campaigns ask for them at the till, where the scheme
 * never calls the member server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("hcoin_segments"))
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("name_tc", "text", (c) => c.notNull())
    .addColumn("name_sc", "text", (c) => c.notNull())
    .addColumn("definition", "text", (c) => c.notNull())
    .addColumn("created_by", "varchar(128)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_by", "varchar(128)")
    .addColumn("updated_at", "bigint")
    .execute();
}
