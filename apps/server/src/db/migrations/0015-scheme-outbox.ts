import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import type { Kysely } from "kysely";

/**
 * The transactional outbox towards the coin scheme (modules/scheme-outbox): a step the scheme must
 * hear (a store registered, a number changed, a holder erased) is written in the transaction of
 * the member server's own change, then delivered after the commit and retried with backoff.
 * `subject` orders a subject's steps (a member, a store): one is delivered only when none before it
 * is pending. A delivered step is deleted; one the scheme refused keeps `failed_at` and its error.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("scheme_outbox"))
    .addColumn("kind", "varchar(40)", (c) => c.notNull())
    .addColumn("subject", "varchar(200)", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
    .addColumn("locked_until", "bigint")
    .addColumn("failed_at", "bigint")
    .addColumn("last_error", "varchar(1000)")
    .execute();
  await db.schema
    .createIndex("scheme_outbox_subject")
    .on("scheme_outbox")
    .columns(["subject", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("scheme_outbox").execute();
}
