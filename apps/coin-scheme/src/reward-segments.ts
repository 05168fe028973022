import { SchemeError, SchemeErrorCode } from "./errors.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import type { RewardRow } from "./tables.ts";

/*
 * A reward for a segment (hcoin_rewards.segment_id) is an offer to that segment's members alone:
 * the catalogue shows it only to them, and a redemption by anyone else is refused (6072), since
 * membership may have changed between the look and the redemption. Membership is the segment's
 * where-clause as of now (segment-repository.ts), the same the console counts. Vouchers the
 * programme issues itself (goodwill, tier, referral and mission rewards) are not held to it.
 */

/** The rewards, segment rewards the account is not in left out (one query for all of them). */
export async function rewardsForAccount(
  repository: CoinSchemeRepository,
  rows: RewardRow[],
  accountId: number | null,
  at: number,
): Promise<RewardRow[]> {
  const segmentIds = [...new Set(rows.flatMap((row) => (row.segment_id === null ? [] : [row.segment_id])))];
  if (segmentIds.length === 0) return rows;
  const isIn = new Set(
    accountId === null ? [] : await repository.segments.accountIn(accountId, segmentIds, at),
  );
  return rows.filter((row) => row.segment_id === null || isIn.has(row.segment_id));
}

/** Refuses (6072) a segment's reward to an account not in the segment at `at`. */
export async function refuseRewardOutsideSegment(
  repository: CoinSchemeRepository,
  accountId: number,
  reward: RewardRow,
  at: number,
): Promise<void> {
  if (reward.segment_id === null) return;
  const isIn = await repository.segments.accountIn(accountId, [reward.segment_id], at);
  if (isIn.length === 0)
    throw new SchemeError(SchemeErrorCode.rewardForSegment, {
      reward_id: reward.id,
      segment_id: reward.segment_id,
    });
}
