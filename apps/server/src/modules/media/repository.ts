import type { Kysely } from "kysely";
import type { Database, MediaRow } from "../../db/schema.ts";

export type MediaSummary = Omit<MediaRow, "bytes">;

/** The media table; only the media service uses this. */
export class MediaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(token: string): Promise<MediaRow | undefined> {
    return this.db.selectFrom("media").selectAll().where("token", "=", token).executeTakeFirst();
  }

  async exists(token: string, trx: Kysely<Database> = this.db): Promise<boolean> {
    const row = await trx.selectFrom("media").select("token").where("token", "=", token).executeTakeFirst();
    return row !== undefined;
  }

  /** True when the row is new; the same bytes stored again change nothing (same token). */
  async insert(row: MediaRow, trx: Kysely<Database> = this.db): Promise<boolean> {
    const result = await trx
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
}
