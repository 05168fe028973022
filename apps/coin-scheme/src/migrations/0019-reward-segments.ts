import type { Kysely } from "kysely";

/**
 * A reward for one segment's members only (reward-segments.ts); null = everyone's. No foreign
 * key: a segment is refused deletion while an active reward names it, and an inactive reward
 * whose segment is gone is for no one until an operator names another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("hcoin_rewards").addColumn("segment_id", "integer").execute();
}
