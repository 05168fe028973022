import type { SegmentCondition } from "@hcoins/domain/segment-rules";
import { type Kysely, sql } from "kysely";
import { segmentWhere } from "./segment-where.ts";
import type { CoinSchemeTables } from "./tables.ts";

type Counted = string | number;

/** How many accounts meet the conditions now (the console's live count). */
export async function countMembers(
  db: Kysely<CoinSchemeTables>,
  conditions: readonly SegmentCondition[],
  now: number,
): Promise<number> {
  const row = await db
    .selectFrom("hcoin_accounts")
    .select(sql<Counted>`count(*)`.as("members"))
    .where(segmentWhere(conditions, now))
    .executeTakeFirstOrThrow();
  return Number(row.members);
}

/** The accounts that meet the conditions now (a dry run's member set). */
export async function memberIds(
  db: Kysely<CoinSchemeTables>,
  conditions: readonly SegmentCondition[],
  now: number,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom("hcoin_accounts")
    .select("id")
    .where(segmentWhere(conditions, now))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Which of these segments the account is in now, in one query (one arm per segment, each the
 * same where-clause the count uses, narrowed to the account).
 */
export async function segmentsOfAccount(
  db: Kysely<CoinSchemeTables>,
  accountId: number,
  segments: readonly { id: number; conditions: readonly SegmentCondition[] }[],
  now: number,
): Promise<number[]> {
  const arms = segments.map((segment) =>
    db
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
