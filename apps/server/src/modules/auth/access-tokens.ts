import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { newToken, sha256 } from "../../secrets.ts";

/** Access tokens: 256-bit random, stored as SHA-256, valid ACCESS_TOKEN_TTL_DAYS, revocable. */
export class AccessTokens {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlDays: number,
    private readonly now: () => number,
  ) {}

  async issue(memberId: number, trx: Kysely<Database> = this.db): Promise<string> {
    const token = newToken();
    const createdAt = this.now();
    await trx
      .insertInto("access_tokens")
      .values({
        token_hash: sha256(token),
        member_id: memberId,
        created_at: createdAt,
        expires_at: createdAt + this.ttlDays * 86_400_000,
        revoked_at: null,
      })
      .execute();
    return token;
  }

  /** The member id of a live token, or null for an unknown, expired or revoked one. */
  async resolve(token: string): Promise<{ memberId: number; tokenHash: string } | null> {
    const tokenHash = sha256(token);
    const row = await this.db
      .selectFrom("access_tokens")
      .select(["member_id", "expires_at", "revoked_at"])
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.expires_at <= this.now()) return null;
    return { memberId: row.member_id, tokenHash };
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.db
      .updateTable("access_tokens")
      .set({ revoked_at: this.now() })
      .where("token_hash", "=", tokenHash)
      .where("revoked_at", "is", null)
      .execute();
  }

  /** Revokes every live token of a member, except the one given (the caller's own on password change). */
  async revokeAllOf(
    memberId: number,
    exceptHash: string | null,
    trx: Kysely<Database> = this.db,
  ): Promise<void> {
    let query = trx
      .updateTable("access_tokens")
      .set({ revoked_at: this.now() })
      .where("member_id", "=", memberId)
      .where("revoked_at", "is", null);
    if (exceptHash) query = query.where("token_hash", "!=", exceptHash);
    await query.execute();
  }
}
