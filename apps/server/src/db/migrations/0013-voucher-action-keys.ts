import type { Kysely } from "kysely";

/**
 * The console's voucher actions (cancel, goodwill) by idempotency key: the first call with a key
 * claims its row (the primary key decides between concurrent calls, on any instance), and writes
 * its result there when done, which every later call with the key answers. `request` is what the
 * key was first sent with (the same key with another request is refused).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("voucher_action_keys")
    .addColumn("scope", "varchar(200)", (c) => c.primaryKey())
    .addColumn("request", "varchar(1000)", (c) => c.notNull())
    .addColumn("result", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("voucher_action_keys").execute();
}
