import { preparedQuery } from "@hcoins/server-kit/prepared-query";
import type { Kysely } from "kysely";
import type { Database, MemberRow } from "../../db/schema.ts";
import { newToken, sha256 } from "../../secrets.ts";

/** Access tokens: 256-bit random, stored as SHA-256, valid ACCESS_TOKEN_TTL_DAYS, revocable. */
export class AccessTokens {
  private readonly sessionRow;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlDays: number,
    private readonly now: () => number,
  ) {
    // Every member call looks its token up (plugins/auth-header.ts): token and member in one
    // statement, compiled once.
    this.sessionRow = preparedQuery(db, (tokenHash: string) =>
      db
        .selectFrom("access_tokens")
        .innerJoin("members", "members.id", "access_tokens.member_id")
        .selectAll("members")
        .select([
          "access_tokens.expires_at as token_expires_at",
          "access_tokens.revoked_at as token_revoked_at",
        ])
        .where("access_tokens.token_hash", "=", tokenHash),
    );
  }

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

  /** The member behind a live token, or null for an unknown, expired or revoked one. */
  async memberFor(token: string): Promise<{ member: MemberRow; tokenHash: string } | null> {
    const tokenHash = sha256(token);
    const [row] = await this.sessionRow(tokenHash);
    if (!row) return null;
    const { token_expires_at, token_revoked_at, ...member } = row;
    if (token_revoked_at !== null || token_expires_at <= this.now()) return null;
    return { member, tokenHash };
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
