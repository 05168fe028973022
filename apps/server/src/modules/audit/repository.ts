import { containsText } from "@hcoins/server-kit/contains-text";
import type { DatabaseHandle, TableViews } from "@hcoins/server-kit/database";
import type { Kysely, SelectQueryBuilder } from "kysely";
import { type ChainedFields, entryHash } from "./chain.ts";
import type { AuditLogTable, AuditTables } from "./tables.ts";

/** Which entries a search or an export takes: what the repository's query is built from. */
export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  /** Unix ms, inclusive. */
  from?: number | undefined;
  to?: number | undefined;
  /**
   * How actor, action and target match: `exact` (the code's own look-ups) or `contains`, any part
   * in any case (what an operator types in the console: "ann@", "voucher", "member:42").
   */
  match?: "exact" | "contains" | undefined;
  /** Newest first (desc, the default) or oldest first. */
  dir?: "asc" | "desc" | undefined;
}

/** The audit_log and audit_chain tables; only the audit service uses this. */
/**
 * The chain's head row, written to itself so that it stays locked until the transaction ends
 * (PostgreSQL's row lock across instances; SQLite's one writer, taken before the read).
 */
const lockedHead = (db: Kysely<AuditTables>) =>
  db
    .updateTable("audit_chain")
    .set((eb) => ({ last_hash: eb.ref("last_hash") }))
    .where("id", "=", 1)
    .returning("last_hash")
    .executeTakeFirstOrThrow();

export class AuditRepository {
  private readonly db: Kysely<AuditTables>;

  constructor(private readonly database: DatabaseHandle) {
    this.db = database.tables<AuditTables>();
  }

  /**
   * Appends one entry to the chain, in `trx` when given (the caller's change) or a transaction of
   * its own. The head row is written first: that locks it until the transaction ends (PostgreSQL's
   * row lock, across instances; SQLite's one writer, across processes too, as the write comes before
   * the read), so each writer reads the hash the previous one left and ids follow the chain.
   */
  async append(entry: ChainedFields, trx?: TableViews): Promise<void> {
    if (!trx) return this.database.transaction((own) => this.append(entry, own));
    const db = trx.tables<AuditTables>();
    const head = await lockedHead(db);
    const hash = entryHash(head.last_hash, entry);
    await db
      .insertInto("audit_log")
      .values({ ...entry, at: Number(entry.at), prev_hash: head.last_hash, hash })
      .execute();
    await db.updateTable("audit_chain").set({ last_hash: hash }).where("id", "=", 1).execute();
  }

  head() {
    return this.db.selectFrom("audit_chain").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
  }

  /** Up to `limit` entries after `afterId`, oldest first: the check reads the chain in pages. */
  chainPage(afterId: number, limit: number): Promise<(AuditLogTable & { id: number })[]> {
    return this.db
      .selectFrom("audit_log")
      .selectAll()
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(limit)
      .execute() as never;
  }

  private filtered(filter: AuditFilter) {
    let query = this.db.selectFrom("audit_log");
    for (const column of ["actor", "action", "target"] as const) {
      const text = filter[column];
      if (!text) continue;
      query =
        filter.match === "contains"
          ? query.where(containsText(column, text))
          : query.where(column, "=", text);
    }
    if (filter.from !== undefined) query = query.where("at", ">=", filter.from);
    if (filter.to !== undefined) query = query.where("at", "<=", filter.to);
    return query;
  }

  /** Newest first (or oldest, `dir` asc); `limit` null for every matching entry. */
  find(filter: AuditFilter, page: { limit: number | null; offset: number }) {
    let query: SelectQueryBuilder<AuditTables, "audit_log", AuditLogTable & { id: number }> = this.filtered(
      filter,
    )
      .selectAll()
      .orderBy("at", filter.dir ?? "desc")
      .orderBy("id", filter.dir ?? "desc") as never;
    if (page.limit !== null) query = query.limit(page.limit).offset(page.offset);
    return query.execute();
  }

  async count(filter: AuditFilter): Promise<number> {
    const row = await this.filtered(filter)
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Deletes the oldest entries, up to the first written at or after `at`: a prefix of the chain, so
   * what stays is one unbroken chain whose new anchor is the first kept entry's `prev_hash`. Under the
   * head's lock, so no entry is appended meanwhile.
   */
  deleteBefore(at: number): Promise<number> {
    return this.database.transaction(async (trx) => {
      const db = trx.tables<AuditTables>();
      const head = await lockedHead(db);
      const firstKept = await db
        .selectFrom("audit_log")
        .select(["id", "prev_hash"])
        .where("at", ">=", at)
        .orderBy("id")
        .limit(1)
        .executeTakeFirst();
      let doomed = db.deleteFrom("audit_log");
      if (firstKept) doomed = doomed.where("id", "<", firstKept.id);
      const result = await doomed.executeTakeFirst();
      const deleted = Number(result.numDeletedRows);
      if (deleted > 0) {
        await db
          .updateTable("audit_chain")
          .set({ anchor_hash: firstKept?.prev_hash ?? head.last_hash })
          .where("id", "=", 1)
          .execute();
      }
      return deleted;
    });
  }
}
