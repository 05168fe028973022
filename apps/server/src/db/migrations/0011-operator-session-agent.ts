import type { Kysely } from "kysely";

/**
 * The browser a console session was opened from (its User-Agent, cut to 300 characters), so an
 * administrator listing an operator's sessions can tell them apart. Null for sessions opened before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("operator_sessions").addColumn("user_agent", "varchar(300)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("operator_sessions").dropColumn("user_agent").execute();
}
