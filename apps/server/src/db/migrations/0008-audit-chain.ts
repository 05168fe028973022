import type { Kysely } from "kysely";
import { type ChainedFields, entryHash, GENESIS_HASH } from "../../modules/audit/chain.ts";

/**
 * The audit log's hash chain (modules/audit/chain.ts): each entry's `prev_hash` and `hash`, and the
 * chain's head row. Entries written before it are chained here, oldest first, from the genesis hash,
 * so the check covers them too (from this migration on, not from when they were written: a change
 * made to one before today is not seen).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: a migration sees the tables as they were then, not the module's types
  const tables = db as Kysely<any>;
  await db.schema
    .alterTable("audit_log")
    .addColumn("prev_hash", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("audit_log")
    .addColumn("hash", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createTable("audit_chain")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("anchor_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("last_hash", "varchar(64)", (c) => c.notNull())
    .execute();

  let previous = GENESIS_HASH;
  let lastId = 0;
  for (;;) {
    const page: (ChainedFields & { id: number })[] = await tables
      .selectFrom("audit_log")
      .select(["id", "at", "actor", "action", "target", "before", "after", "address"])
      .where("id", ">", lastId)
      .orderBy("id")
      .limit(1000)
      .execute();
    for (const row of page) {
      const hash = entryHash(previous, row);
      await tables
        .updateTable("audit_log")
        .set({ prev_hash: previous, hash })
        .where("id", "=", row.id)
        .execute();
      previous = hash;
      lastId = row.id;
    }
    if (page.length < 1000) break;
  }
  await tables
    .insertInto("audit_chain")
    .values({ id: 1, anchor_hash: GENESIS_HASH, last_hash: previous })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_chain").execute();
  await db.schema.alterTable("audit_log").dropColumn("hash").execute();
  await db.schema.alterTable("audit_log").dropColumn("prev_hash").execute();
}
