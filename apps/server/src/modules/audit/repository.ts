import type { TableViews } from "@hcoins/server-kit/database";
import type { Insertable, Kysely, SelectQueryBuilder } from "kysely";
import type { AuditFilter } from "./service.ts";
import type { AuditLogTable, AuditTables } from "./tables.ts";

/** The audit_log table; only the audit service uses this. */
export class AuditRepository {
  private readonly db: Kysely<AuditTables>;

  constructor(database: TableViews) {
    this.db = database.tables<AuditTables>();
  }

  async insert(row: Insertable<AuditLogTable>, trx?: TableViews): Promise<void> {
    await (trx ? trx.tables<AuditTables>() : this.db).insertInto("audit_log").values(row).execute();
  }

  private filtered(filter: AuditFilter) {
    let query = this.db.selectFrom("audit_log");
    if (filter.actor) query = query.where("actor", "=", filter.actor);
    if (filter.action) query = query.where("action", "=", filter.action);
    if (filter.target) query = query.where("target", "=", filter.target);
    if (filter.from !== undefined) query = query.where("at", ">=", filter.from);
    if (filter.to !== undefined) query = query.where("at", "<=", filter.to);
    return query;
  }

  /** Newest first; `limit` null for every matching entry. */
  find(filter: AuditFilter, page: { limit: number | null; offset: number }) {
    let query: SelectQueryBuilder<AuditTables, "audit_log", AuditLogTable & { id: number }> = this.filtered(
      filter,
    )
      .selectAll()
      .orderBy("at", "desc")
      .orderBy("id", "desc") as never;
    if (page.limit !== null) query = query.limit(page.limit).offset(page.offset);
    return query.execute();
  }

  async count(filter: AuditFilter): Promise<number> {
    const row = await this.filtered(filter)
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async deleteBefore(at: number): Promise<number> {
    const result = await this.db.deleteFrom("audit_log").where("at", "<", at).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
