import { type SegmentCondition, segmentConditionsSchema } from "@hcoins/domain/segment-rules";
import { type Insertable, type Kysely, sql } from "kysely";
import { parseDefinition } from "./campaign-engine.ts";
import { segmentWhere } from "./segment-where.ts";
import type { CoinSchemeTables, HcoinSegmentsTable, SegmentRow } from "./tables.ts";

/** A stored definition read back (it passed the schema when written). */
export const storedConditions = (row: SegmentRow): SegmentCondition[] =>
  segmentConditionsSchema.parse(JSON.parse(row.definition));

type Counted = string | number;

/** Segments' rows, and who is in them now (every question through segment-where.ts). */
export class SegmentRepository {
  constructor(private readonly db: Kysely<CoinSchemeTables>) {}

  all() {
    return this.db.selectFrom("hcoin_segments").selectAll().orderBy("id", "desc").execute();
  }

  one(id: number) {
    return this.db.selectFrom("hcoin_segments").selectAll().where("id", "=", id).executeTakeFirst();
  }

  some(ids: readonly number[]) {
    return this.db.selectFrom("hcoin_segments").selectAll().where("id", "in", ids).execute();
  }

  async insert(row: Insertable<HcoinSegmentsTable>): Promise<number> {
    const inserted = await this.db
      .insertInto("hcoin_segments")
      .values(row)
      .returning("id")
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async update(
    id: number,
    fields: Pick<
      HcoinSegmentsTable,
      "name_en" | "name_tc" | "name_sc" | "definition" | "updated_by" | "updated_at"
    >,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("hcoin_segments")
      .set(fields)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The campaigns, ended ones aside, whose conditions name the segment. */
  async campaignsNaming(segmentId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom("hcoin_campaigns")
      .select(["id", "definition"])
      .where("status", "!=", "ended")
      .where("definition", "like", '%"segment"%')
      .execute();
    return rows
      .filter((row) =>
        parseDefinition(row.definition).conditions.some(
          (condition) => condition.fact === "segment" && condition.in.includes(segmentId),
        ),
      )
      .map((row) => row.id);
  }

  /** The active rewards for the segment's members only. */
  async activeRewardsNaming(segmentId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom("hcoin_rewards")
      .select("id")
      .where("segment_id", "=", segmentId)
      .where("active", "=", 1)
      .orderBy("id")
      .execute();
    return rows.map((row) => row.id);
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom("hcoin_segments").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** How many accounts meet the conditions now (the console's live count). */
  async countMembers(conditions: readonly SegmentCondition[], now: number): Promise<number> {
    const row = await this.db
      .selectFrom("hcoin_accounts")
      .select(sql<Counted>`count(*)`.as("members"))
      .where(segmentWhere(conditions, now))
      .executeTakeFirstOrThrow();
    return Number(row.members);
  }

  /** The accounts that meet the conditions now (a dry run's member set). */
  async memberIds(conditions: readonly SegmentCondition[], now: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom("hcoin_accounts")
      .select("id")
      .where(segmentWhere(conditions, now))
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Which of these stored segments the account is in at `at` (a segment since deleted: none). */
  async accountIn(accountId: number, segmentIds: readonly number[], at: number): Promise<number[]> {
    const rows = await this.some(segmentIds);
    return this.segmentsOfAccount(
      accountId,
      rows.map((row) => ({ id: row.id, conditions: storedConditions(row) })),
      at,
    );
  }

  /**
   * Which of these segments the account is in now, in one query (one arm per segment, each the
   * same where-clause the count uses, narrowed to the account).
   */
  async segmentsOfAccount(
    accountId: number,
    segments: readonly { id: number; conditions: readonly SegmentCondition[] }[],
    now: number,
  ): Promise<number[]> {
    const arms = segments.map((segment) =>
      this.db
        .selectFrom("hcoin_accounts")
        .select(sql<number>`cast(${segment.id} as integer)`.as("segment_id"))
        .where("hcoin_accounts.id", "=", accountId)
        .where(segmentWhere(segment.conditions, now)),
    );
    const [first, ...rest] = arms;
    if (!first) return [];
    const rows = await rest.reduce((query, arm) => query.unionAll(arm), first).execute();
    return rows.map((row) => Number(row.segment_id)).sort((a, b) => a - b);
  }
}
