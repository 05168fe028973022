import type { TableViews } from "@hcoins/server-kit/database";
import type { Kysely, Selectable } from "kysely";
import type { MediaTable, MediaTables } from "./tables.ts";

export type MediaRow = Selectable<MediaTable>;
export type MediaSummary = Omit<MediaRow, "bytes">;

/** The media table; only the media service uses this. */
export class MediaRepository {
  private readonly db: Kysely<MediaTables>;

  constructor(database: TableViews) {
    this.db = database.tables<MediaTables>();
  }

  /** This table inside the caller's transaction, or outside any. */
  private on(trx: TableViews | undefined): Kysely<MediaTables> {
    return trx ? trx.tables<MediaTables>() : this.db;
  }

  find(token: string): Promise<MediaRow | undefined> {
    return this.db.selectFrom("media").selectAll().where("token", "=", token).executeTakeFirst();
  }

  async exists(token: string, trx?: TableViews): Promise<boolean> {
    const row = await this.on(trx)
      .selectFrom("media")
      .select("token")
      .where("token", "=", token)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** True when the row is new; the same bytes stored again change nothing (same token). */
  async insert(row: MediaRow, trx?: TableViews): Promise<boolean> {
    const result = await this.on(trx)
      .insertInto("media")
      .values(row)
      .onConflict((oc) => oc.column("token").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  list(): Promise<MediaSummary[]> {
    return this.db
      .selectFrom("media")
      .select(["token", "content_type", "byte_size", "original_name", "created_at"])
      .orderBy("created_at")
      .orderBy("token")
      .execute();
  }

  /** True when any image is stored. */
  async hasAny(trx?: TableViews): Promise<boolean> {
    return (await this.on(trx).selectFrom("media").select("token").limit(1).executeTakeFirst()) !== undefined;
  }
}
