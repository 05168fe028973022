import type { TableViews } from "@hcoins/server-kit/database";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type { Kysely, Selectable } from "kysely";
import type { AuthTables, ResetTokensTable } from "./tables.ts";

/** The reset_tokens and signature_nonces tables; only the auth service uses this. */
export class AuthRepository {
  private readonly db: Kysely<AuthTables>;

  constructor(database: TableViews) {
    this.db = database.tables<AuthTables>();
  }

  /** These tables inside the caller's transaction, or outside any. */
  private on(trx: TableViews | undefined): Kysely<AuthTables> {
    return trx ? trx.tables<AuthTables>() : this.db;
  }

  async insertResetToken(row: Selectable<ResetTokensTable>, trx: TableViews): Promise<void> {
    await this.on(trx).insertInto("reset_tokens").values(row).execute();
  }

  resetToken(tokenHash: string) {
    return this.db
      .selectFrom("reset_tokens")
      .select(["member_id", "expires_at", "used_at"])
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
  }

  /** True for the one caller that used the token up. */
  async useResetToken(tokenHash: string, now: number, trx: TableViews): Promise<boolean> {
    const result = await this.on(trx)
      .updateTable("reset_tokens")
      .set({ used_at: now })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  resetTokensOf(memberId: number) {
    return this.db
      .selectFrom("reset_tokens")
      .selectAll()
      .where("member_id", "=", memberId)
      .orderBy("created_at")
      .execute();
  }

  async deleteResetTokensOf(memberId: number, trx: TableViews): Promise<number> {
    const result = await this.on(trx)
      .deleteFrom("reset_tokens")
      .where("member_id", "=", memberId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes the reset tokens used up, or expired by `expiredBy`; returns how many. */
  async deleteSpentResetTokens(expiredBy: number): Promise<number> {
    const result = await this.db
      .deleteFrom("reset_tokens")
      .where((eb) => eb.or([eb("used_at", "is not", null), eb("expires_at", "<=", expiredBy)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes the nonces seen before `seenBefore`; returns how many. */
  async deleteNoncesSeenBefore(seenBefore: number): Promise<number> {
    const result = await this.db
      .deleteFrom("signature_nonces")
      .where("seen_at", "<", seenBefore)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Inserts the nonce; false when it was seen before. Nonces seen before `pruneBefore` go on the way. */
  async rememberNonce(nonce: string, now: number, pruneBefore: number): Promise<boolean> {
    await this.db.deleteFrom("signature_nonces").where("seen_at", "<", pruneBefore).execute();
    try {
      await this.db.insertInto("signature_nonces").values({ nonce, seen_at: now }).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
}
