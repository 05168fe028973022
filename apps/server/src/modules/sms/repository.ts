import type { TableViews } from "@hcoins/server-kit/database";
import type { Kysely } from "kysely";
import type { SmsPurpose } from "./sender.ts";
import type { SmsTables } from "./tables.ts";

export interface NumberAndPurpose {
  prefix: string;
  phone: string;
  purpose: SmsPurpose;
}

/** The sms_codes table: at most one live code per number and purpose. */
export class SmsCodeRepository {
  private readonly db: Kysely<SmsTables>;

  constructor(database: TableViews) {
    this.db = database.tables<SmsTables>();
  }

  /** This table inside the caller's transaction, or outside any. */
  private on(trx: TableViews | undefined): Kysely<SmsTables> {
    return trx ? trx.tables<SmsTables>() : this.db;
  }

  /** A new send replaces the previous code of that number and purpose. */
  async replace(key: NumberAndPurpose, codeHash: string, now: number, expiresAt: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom("sms_codes")
        .where("mobile_phone_prefix", "=", key.prefix)
        .where("mobile_phone", "=", key.phone)
        .where("purpose", "=", key.purpose)
        .execute();
      await trx
        .insertInto("sms_codes")
        .values({
          mobile_phone_prefix: key.prefix,
          mobile_phone: key.phone,
          purpose: key.purpose,
          code_hash: codeHash,
          attempts: 0,
          expires_at: expiresAt,
          verified_at: null,
          consumed_at: null,
          created_at: now,
        })
        .execute();
    });
  }

  current(key: NumberAndPurpose, trx?: TableViews) {
    return this.on(trx)
      .selectFrom("sms_codes")
      .selectAll()
      .where("mobile_phone_prefix", "=", key.prefix)
      .where("mobile_phone", "=", key.phone)
      .where("purpose", "=", key.purpose)
      .orderBy("id", "desc")
      .executeTakeFirst();
  }

  /**
   * Takes one try before the comparison, atomically, so parallel guesses cannot
   * exceed the limit; false when the tries are used up.
   */
  async takeAttempt(id: number, maxAttempts: number): Promise<boolean> {
    const result = await this.db
      .updateTable("sms_codes")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("id", "=", id)
      .where("attempts", "<", maxAttempts)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A right code gives its try back and is marked verified (the first time). */
  async markVerified(id: number, now: number): Promise<void> {
    await this.db
      .updateTable("sms_codes")
      .set((eb) => ({
        attempts: eb("attempts", "-", 1),
        verified_at: eb.fn.coalesce("verified_at", eb.val(now)),
      }))
      .where("id", "=", id)
      .execute();
  }

  /** True for the one caller that consumed the code; a concurrent second caller gets false. */
  async consume(id: number, now: number, trx?: TableViews): Promise<boolean> {
    const result = await this.on(trx)
      .updateTable("sms_codes")
      .set({ consumed_at: now })
      .where("id", "=", id)
      .where("consumed_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async unconsume(id: number): Promise<void> {
    await this.db.updateTable("sms_codes").set({ consumed_at: null }).where("id", "=", id).execute();
  }

  /** Every code record of a number, any purpose. */
  codesOf(prefix: string, phone: string) {
    return this.db
      .selectFrom("sms_codes")
      .selectAll()
      .where("mobile_phone_prefix", "=", prefix)
      .where("mobile_phone", "=", phone)
      .orderBy("id")
      .execute();
  }

  /** Deletes the code records that expired before `expiredBefore`; returns how many. */
  async deleteCodesExpiredBefore(expiredBefore: number): Promise<number> {
    const result = await this.db
      .deleteFrom("sms_codes")
      .where("expires_at", "<", expiredBefore)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteCodesOf(prefix: string, phone: string, trx: TableViews): Promise<number> {
    const result = await this.on(trx)
      .deleteFrom("sms_codes")
      .where("mobile_phone_prefix", "=", prefix)
      .where("mobile_phone", "=", phone)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
