import type { TableViews } from "@hcoins/server-kit/database";
import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { OperatorSessionsTable, OperatorsTable, OperatorTables } from "./tables.ts";

export type OperatorRow = Selectable<OperatorsTable>;

/** The operators and operator_sessions tables; only the operators service uses this. */
export class OperatorRepository {
  private readonly db: Kysely<OperatorTables>;

  constructor(database: TableViews) {
    this.db = database.tables<OperatorTables>();
  }

  byEmail(email: string) {
    return this.db.selectFrom("operators").selectAll().where("email", "=", email).executeTakeFirst();
  }

  byId(id: number) {
    return this.db.selectFrom("operators").selectAll().where("id", "=", id).executeTakeFirst();
  }

  byInvitation(invitationHash: string) {
    return this.db
      .selectFrom("operators")
      .selectAll()
      .where("invitation_hash", "=", invitationHash)
      .executeTakeFirst();
  }

  all() {
    return this.db.selectFrom("operators").selectAll().orderBy("email").execute();
  }

  insert(values: Insertable<OperatorsTable>) {
    return this.db.insertInto("operators").values(values).returningAll().executeTakeFirstOrThrow();
  }

  update(id: number, values: Updateable<OperatorsTable>) {
    return this.db
      .updateTable("operators")
      .set(values)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Spends the invitation once: false when another call used it first. */
  async useInvitation(id: number, invitationHash: string, values: Updateable<OperatorsTable>) {
    const result = await this.db
      .updateTable("operators")
      .set({ ...values, invitation_hash: null, invitation_expires_at: null })
      .where("id", "=", id)
      .where("invitation_hash", "=", invitationHash)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records a code's time step unless that step (or a later one) was used: false for a replay. */
  async takeTotpStep(id: number, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable("operators")
      .set({ last_totp_step: step })
      .where("id", "=", id)
      .where((eb) => eb.or([eb("last_totp_step", "is", null), eb("last_totp_step", "<", step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertSession(values: Insertable<OperatorSessionsTable>): Promise<void> {
    await this.db.insertInto("operator_sessions").values(values).execute();
  }

  session(tokenHash: string) {
    return this.db
      .selectFrom("operator_sessions")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
  }

  /** The operator's sessions neither revoked nor past their lifetime, newest first. */
  openSessionsOf(operatorId: number, now: number) {
    return this.db
      .selectFrom("operator_sessions")
      .selectAll()
      .where("operator_id", "=", operatorId)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now)
      .orderBy("created_at", "desc")
      .execute();
  }

  async touchSession(tokenHash: string, now: number): Promise<void> {
    await this.db
      .updateTable("operator_sessions")
      .set({ last_seen_at: now })
      .where("token_hash", "=", tokenHash)
      .execute();
  }

  async revokeSession(tokenHash: string, now: number): Promise<void> {
    await this.db
      .updateTable("operator_sessions")
      .set({ revoked_at: now })
      .where("token_hash", "=", tokenHash)
      .where("revoked_at", "is", null)
      .execute();
  }

  async revokeSessionsOf(operatorId: number, now: number): Promise<void> {
    await this.db
      .updateTable("operator_sessions")
      .set({ revoked_at: now })
      .where("operator_id", "=", operatorId)
      .where("revoked_at", "is", null)
      .execute();
  }

  /** Deletes sessions ended (expired or revoked) before `before`; returns how many. */
  async deleteEndedSessions(before: number): Promise<number> {
    const result = await this.db
      .deleteFrom("operator_sessions")
      .where((eb) => eb.or([eb("expires_at", "<", before), eb("revoked_at", "<", before)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
