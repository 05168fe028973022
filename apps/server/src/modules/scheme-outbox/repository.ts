import type { TableViews } from "@hcoins/server-kit/database";
import type { Kysely, Selectable } from "kysely";
import type { SchemeOutboxTable, SchemeOutboxTables } from "./tables.ts";

export type OutboxRow = Selectable<SchemeOutboxTable>;

/** The scheme_outbox table (migration 0015). */
export class SchemeOutboxRepository {
  private readonly db: Kysely<SchemeOutboxTables>;

  constructor(database: TableViews) {
    this.db = database.tables<SchemeOutboxTables>();
  }

  /** In the caller's transaction, beside the change the step tells. */
  async add(step: { kind: string; subject: string; payload: string; at: number }, trx: TableViews) {
    const row = await trx
      .tables<SchemeOutboxTables>()
      .insertInto("scheme_outbox")
      .values({
        kind: step.kind,
        subject: step.subject,
        payload: step.payload,
        created_at: step.at,
        next_attempt_at: step.at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The ids of the steps due at `now`, oldest first. */
  async due(now: number, limit: number) {
    const rows = await this.db
      .selectFrom("scheme_outbox")
      .select("id")
      .where("failed_at", "is", null)
      .where("next_attempt_at", "<=", now)
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Takes the step until `lockedUntil` in one conditional statement, so that one delivery (the
   * request's own, or the job's on any instance) holds it; refused while a step of the same subject
   * before it is pending, so that a subject's steps reach the scheme in their order.
   */
  async claim(id: number, now: number, lockedUntil: number): Promise<OutboxRow | undefined> {
    const claimed = await this.db
      .updateTable("scheme_outbox")
      .set({ locked_until: lockedUntil })
      .where("id", "=", id)
      .where("failed_at", "is", null)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("scheme_outbox as earlier")
              .select("earlier.id")
              .whereRef("earlier.subject", "=", "scheme_outbox.subject")
              .whereRef("earlier.id", "<", "scheme_outbox.id")
              .where("earlier.failed_at", "is", null),
          ),
        ),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return undefined;
    return this.db.selectFrom("scheme_outbox").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** In the caller's transaction: the subject's steps, delivered or not, are gone. */
  async removeSubject(subject: string, trx: TableViews) {
    const deleted = await trx
      .tables<SchemeOutboxTables>()
      .deleteFrom("scheme_outbox")
      .where("subject", "=", subject)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  /** Whether a step of this kind and subject waits or failed (on the subject index). */
  async holds(kind: string, subject: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("scheme_outbox")
      .select("id")
      .where("subject", "=", subject)
      .where("kind", "=", kind)
      .executeTakeFirst();
    return row !== undefined;
  }

  async remove(id: number) {
    await this.db.deleteFrom("scheme_outbox").where("id", "=", id).execute();
  }

  async retryLater(id: number, attempts: number, nextAttemptAt: number, error: string) {
    await this.db
      .updateTable("scheme_outbox")
      .set({ attempts, next_attempt_at: nextAttemptAt, locked_until: null, last_error: error })
      .where("id", "=", id)
      .execute();
  }

  async fail(id: number, attempts: number, at: number, error: string) {
    await this.db
      .updateTable("scheme_outbox")
      .set({ attempts, failed_at: at, locked_until: null, last_error: error })
      .where("id", "=", id)
      .execute();
  }

  find(id: number) {
    return this.db.selectFrom("scheme_outbox").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** A failed step pending again, due at `now` (an operator's retry). */
  async reopen(id: number, now: number) {
    await this.db
      .updateTable("scheme_outbox")
      .set({ failed_at: null, next_attempt_at: now, locked_until: null })
      .where("id", "=", id)
      .execute();
  }

  /** Pending and failed steps, oldest first: what an operator or a test looks at. */
  list() {
    return this.db.selectFrom("scheme_outbox").selectAll().orderBy("id").execute();
  }
}
