import type { TableViews } from "@hcoins/server-kit/database";
import type { Kysely } from "kysely";
import type { SmsDeliveriesTable, SmsTables } from "./tables.ts";

export type SmsDelivery = Omit<SmsDeliveriesTable, "id"> & { id: number };

/** The sms_deliveries table: the log of every SMS handed to the sender. */
export class SmsDeliveryRepository {
  private readonly db: Kysely<SmsTables>;

  constructor(database: TableViews) {
    this.db = database.tables<SmsTables>();
  }

  async record(delivery: Omit<SmsDelivery, "id">): Promise<void> {
    await this.db.insertInto("sms_deliveries").values(delivery).execute();
  }

  /** A number's deliveries, newest first; `limit` null for all of them. */
  async of(prefix: string, phone: string, limit: number | null): Promise<SmsDelivery[]> {
    let query = this.db
      .selectFrom("sms_deliveries")
      .selectAll()
      .where("mobile_phone_prefix", "=", prefix)
      .where("mobile_phone", "=", phone)
      .orderBy("id", "desc");
    if (limit !== null) query = query.limit(limit);
    return query.execute();
  }

  /** Deletes the deliveries made before `before`; returns how many. */
  async deleteBefore(before: number): Promise<number> {
    const result = await this.db
      .deleteFrom("sms_deliveries")
      .where("created_at", "<", before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteOf(prefix: string, phone: string, trx: TableViews): Promise<number> {
    const result = await trx
      .tables<SmsTables>()
      .deleteFrom("sms_deliveries")
      .where("mobile_phone_prefix", "=", prefix)
      .where("mobile_phone", "=", phone)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
