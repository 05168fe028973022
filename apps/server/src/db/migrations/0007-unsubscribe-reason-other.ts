import type { Kysely } from "kysely";

/**
 * The member's own words beside the "Other" unsubscribe reason (UNSUBSCRIBE_OTHER_MAX_LENGTH
 * characters at most; varchar counts characters on both databases). "" when none, like
 * `unsubscribe_reasons`, so existing rows need no backfill.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("members")
    .addColumn("unsubscribe_reason_other", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("members").dropColumn("unsubscribe_reason_other").execute();
}
