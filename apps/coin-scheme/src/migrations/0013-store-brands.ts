import type { Kysely } from "kysely";

/**
 * A store's brand code (the member server's brand, as its store list names it): what campaigns,
 * segments and missions mean by "brand". Null until the member server's store registry sends it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("hcoin_stores").addColumn("brand_code", "varchar(64)").execute();
}
