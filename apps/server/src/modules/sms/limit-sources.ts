import type { TableViews } from "@hcoins/server-kit/database";
import type { Kysely } from "kysely";
import type { LimitSourceKind, SmsTables } from "./tables.ts";

export interface LimitSource {
  kind: LimitSourceKind;
  source: string;
}

/**
 * The sms_limit_sources table: which addresses and devices asked a code for a number lately. The
 * counters cannot be listed by number (their keys hold the address or device), so this is how an
 * operator's reset finds them, on Redis and in-process counters alike.
 */
export class SmsLimitSourceRepository {
  private readonly db: Kysely<SmsTables>;

  constructor(database: TableViews) {
    this.db = database.tables<SmsTables>();
  }

  /** Remembers each source until `expiresAt` (a later ask moves it on). */
  async note(prefix: string, phone: string, sources: LimitSource[], expiresAt: number): Promise<void> {
    if (sources.length === 0) return;
    await this.db
      .insertInto("sms_limit_sources")
      .values(
        sources.map(({ kind, source }) => ({
          mobile_phone_prefix: prefix,
          mobile_phone: phone,
          kind,
          source,
          expires_at: expiresAt,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(["mobile_phone_prefix", "mobile_phone", "kind", "source"])
          .doUpdateSet({ expires_at: expiresAt }),
      )
      .execute();
  }

  /** The number's sources not yet expired at `now`. */
  async of(prefix: string, phone: string, now: number): Promise<LimitSource[]> {
    return this.db
      .selectFrom("sms_limit_sources")
      .select(["kind", "source"])
      .where("mobile_phone_prefix", "=", prefix)
      .where("mobile_phone", "=", phone)
      .where("expires_at", ">", now)
      .orderBy("kind")
      .orderBy("source")
      .execute();
  }

  /** Every row of the number, expired or not (a data access request). */
  allOf(prefix: string, phone: string) {
    return this.db
      .selectFrom("sms_limit_sources")
      .selectAll()
      .where("mobile_phone_prefix", "=", prefix)
      .where("mobile_phone", "=", phone)
      .execute();
  }

  async deleteExpired(now: number): Promise<number> {
    const result = await this.db
      .deleteFrom("sms_limit_sources")
      .where("expires_at", "<=", now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteOf(prefix: string, phone: string, trx: TableViews): Promise<number> {
    const result = await trx
      .tables<SmsTables>()
      .deleteFrom("sms_limit_sources")
      .where("mobile_phone_prefix", "=", prefix)
      .where("mobile_phone", "=", phone)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
