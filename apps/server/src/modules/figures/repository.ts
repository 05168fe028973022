import type { TableViews } from "@hcoins/server-kit/database";
import { type Kysely, sql } from "kysely";
import type { FiguresTables } from "./tables.ts";

/** The daily_counts table; only the figures service uses this. */
export class DailyCountRepository {
  private readonly db: Kysely<FiguresTables>;

  constructor(database: TableViews) {
    this.db = database.tables<FiguresTables>();
  }

  /** One more of `name` on `day`: a single upsert, so concurrent requests (any instance) all count. */
  async increment(day: string, name: string): Promise<void> {
    await this.db
      .insertInto("daily_counts")
      .values({ day, name, count: 1 })
      .onConflict((oc) =>
        oc.columns(["day", "name"]).doUpdateSet({ count: sql<number>`daily_counts.count + 1` }),
      )
      .execute();
  }

  /** The rows of the days from `from` to `to` (both included); a day with nothing counted has none. */
  between(from: string, to: string): Promise<{ day: string; name: string; count: number }[]> {
    return this.db
      .selectFrom("daily_counts")
      .select(["day", "name", "count"])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .execute();
  }
}
