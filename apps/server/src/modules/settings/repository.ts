import type { TableViews } from "@hcoins/server-kit/database";
import type { Kysely } from "kysely";
import type { SettingsTables } from "./tables.ts";

/** The settings table; only the settings service uses this. */
export class SettingsRepository {
  private readonly db: Kysely<SettingsTables>;

  constructor(database: TableViews) {
    this.db = database.tables<SettingsTables>();
  }

  /** This table inside the caller's transaction, or outside any. */
  private on(trx: TableViews | undefined): Kysely<SettingsTables> {
    return trx ? trx.tables<SettingsTables>() : this.db;
  }

  async valueOf(key: string, trx?: TableViews): Promise<string | undefined> {
    const row = await this.on(trx)
      .selectFrom("settings")
      .select("value")
      .where("key", "=", key)
      .executeTakeFirst();
    return row?.value;
  }

  /** True when the key was new; an existing value is left as it is. */
  async insertIfAbsent(key: string, value: string, trx?: TableViews): Promise<boolean> {
    const result = await this.on(trx)
      .insertInto("settings")
      .values({ key, value })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async update(key: string, value: string, trx?: TableViews): Promise<void> {
    await this.on(trx).updateTable("settings").set({ value }).where("key", "=", key).execute();
  }
}
