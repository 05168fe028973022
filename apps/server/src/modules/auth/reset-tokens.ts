import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { newToken, sha256 } from "../../secrets.ts";

/** Single-use reset tokens handed out after a verified reset code; stored hashed. */
export class ResetTokens {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlSeconds: number,
    private readonly now: () => number,
  ) {}

  async issue(memberId: number, trx: Kysely<Database>): Promise<string> {
    const token = newToken();
    const createdAt = this.now();
    await trx
      .insertInto("reset_tokens")
      .values({
        token_hash: sha256(token),
        member_id: memberId,
        created_at: createdAt,
        expires_at: createdAt + this.ttlSeconds * 1000,
        used_at: null,
      })
      .execute();
    return token;
  }

  /** The member of a token that is known, unused and unexpired; null otherwise. */
  async peek(token: string): Promise<number | null> {
    const row = await this.db
      .selectFrom("reset_tokens")
      .select(["member_id", "expires_at", "used_at"])
      .where("token_hash", "=", sha256(token))
      .executeTakeFirst();
    if (!row || row.used_at !== null || row.expires_at <= this.now()) return null;
    return row.member_id;
  }

  /** True for the one caller that used the token up. */
  async use(token: string, trx: Kysely<Database>): Promise<boolean> {
    const result = await trx
      .updateTable("reset_tokens")
      .set({ used_at: this.now() })
      .where("token_hash", "=", sha256(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", this.now())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
