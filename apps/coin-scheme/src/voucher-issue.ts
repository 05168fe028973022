import { programmeDayStart } from "@hcoins/domain/ledger-rules";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type { Insertable } from "kysely";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import { type LowStockCause, type LowStockCrossing, lowStockAfterDecrease } from "./low-stock-alerts.ts";
import { plainEntry, postDebit } from "./postings.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import { isRedeemable } from "./rewards.ts";
import type { SoldOutRewards } from "./sold-out-rewards.ts";
import type { AccountRow, EntryRow, HcoinVouchersTable, RewardRow, VoucherRow } from "./tables.ts";
import { entryView, voucherView } from "./views.ts";
import { newVoucherCode } from "./voucher-codes.ts";

/*
 * What a redemption (coins spent) and a goodwill voucher (none spent, the price a cost) share:
 * they happen once per account and idempotency key, and issue a voucher the same way under the
 * account's lock.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A voucher issued at `issuedAt` and valid for `days` days may be used until the end of the
 * Hong Kong day `days` days after the day of issue (issued on the 1st for 7 days: through the
 * 8th, 23:59:59.999 HKT): a member reads a date, never a time of day.
 */
export const voucherValidUntil = (issuedAt: number, days: number) =>
  programmeDayStart(issuedAt) + (days + 1) * DAY_MS - 1;

/**
 * The row of a voucher just issued for `reward` to an account, by its ledger entry: what a
 * redemption (coins spent) and a goodwill voucher (none spent, its coins a cost) both insert.
 */
export const issuedVoucher = (
  code: string,
  reward: RewardRow,
  accountId: number,
  entryId: number,
  spent: { coins: number; goodwill_coins?: number },
  at: number,
): Insertable<HcoinVouchersTable> => ({
  code,
  reward_id: reward.id,
  account_id: accountId,
  entry_id: entryId,
  ...spent,
  value_cents: reward.value_cents,
  store_codes: reward.store_codes,
  status: "issued",
  issued_at: at,
  valid_until: voucherValidUntil(at, reward.voucher_valid_days),
  used_at: null,
  used_store_code: null,
  used_receipt_no: null,
  used_by: null,
  cancelled_at: null,
  cancelled_by: null,
  cancel_reason: null,
});

/** The reward exists, is offered now and has stock (checked again under the lock). */
export function refuseUnredeemable(
  reward: RewardRow | undefined,
  rewardId: number,
  at: number,
): asserts reward is RewardRow {
  if (!reward) throw new SchemeError(SchemeErrorCode.rewardNotFound, { reward_id: rewardId });
  if (!isRedeemable(reward, at))
    throw new SchemeError(SchemeErrorCode.rewardNotAvailable, { reward_id: rewardId });
  if (reward.stock <= 0) throw new SchemeError(SchemeErrorCode.rewardOutOfStock, { reward_id: rewardId });
}

export interface VoucherAsk {
  hcoinsMemberNo: string;
  rewardId: number;
  /** The client's idempotency key. */
  key: string;
}

/**
 * Runs `issue` once per account and key (`<purpose>:<account id>:<key>`): sent again (a retry, a
 * double tap) `replay` answers from the first entry, whatever the stock or balance now; two calls
 * with one key at once, the loser replays what the winner wrote. A reward found sold out is
 * remembered (sold-out-rewards.ts) so the rest of a rush is refused without a lock.
 */
export async function oncePerKey<R>(
  repository: CoinSchemeRepository,
  soldOut: SoldOutRewards,
  purpose: "redemption" | "goodwill",
  ask: VoucherAsk,
  issue: (account: AccountRow, entryKey: string) => Promise<R>,
  replay: (earlier: EntryRow) => Promise<R>,
): Promise<R> {
  const account = await repository.accountByMemberNo(ask.hcoinsMemberNo);
  if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
  const key = `${purpose}:${account.id}:${ask.key}`;
  const earlier = await repository.entryByKey(key);
  if (earlier) return replay(earlier);
  try {
    return await issue(account, key);
  } catch (error) {
    if (error instanceof SchemeError && error.errorCode === SchemeErrorCode.rewardOutOfStock)
      soldOut.mark(ask.rewardId);
    if (!isUniqueViolation(error)) throw error;
    const winner = await repository.entryByKey(key);
    if (!winner) throw error;
    return replay(winner);
  }
}

/**
 * In the caller's transaction, under `locked`'s lock: the per-member limit, one unit of stock by
 * one conditional statement, the `redemption` entry (its coins `spent`, 0 for goodwill) and the
 * voucher. The low-stock crossing is for the caller to report once the transaction commits.
 */
export async function issueVoucher(
  repository: CoinSchemeRepository,
  locked: AccountRow,
  reward: RewardRow,
  entry: { key: string; actorType: "client" | "operator"; actor: string; client: string; reason: string },
  spent: { coins: number; goodwill_coins?: number },
  cause: LowStockCause,
  at: number,
) {
  if (reward.per_member_limit !== null) {
    const held = (await repository.rewards.heldByAccount(locked.id, reward.id)).get(reward.id) ?? 0;
    if (held >= reward.per_member_limit)
      throw new SchemeError(SchemeErrorCode.rewardLimitReached, {
        per_member_limit: reward.per_member_limit,
      });
  }
  const remaining = await repository.rewards.takeStock(reward.id);
  if (remaining === null) throw new SchemeError(SchemeErrorCode.rewardOutOfStock, { reward_id: reward.id });
  const crossing: LowStockCrossing | null = await lowStockAfterDecrease(
    repository.rewards,
    reward,
    remaining,
    cause,
    at,
  );
  const code = newVoucherCode();
  const posted = await postDebit(
    repository,
    locked,
    plainEntry({
      kind: "redemption",
      entry_key: entry.key,
      actor_type: entry.actorType,
      actor: entry.actor,
      client: entry.client,
      reason: entry.reason,
      coins: -spent.coins,
      reward_id: reward.id,
      voucher_code: code,
    }),
    at,
  );
  const voucher = await repository.rewards.insertVoucher(
    issuedVoucher(code, reward, locked.id, posted.entry.id, spent, at),
  );
  return {
    voucher: voucherView(voucher, reward, locked.hcoins_memberno, at),
    transaction: entryView(posted.entry, locked),
    balance: posted.balance,
    crossing,
  };
}

/** A key used before on this account: the same reward gets the first answer, another 6009. */
export async function replayedVoucher(
  repository: CoinSchemeRepository,
  earlier: EntryRow,
  ask: VoucherAsk,
  now: number,
) {
  if (earlier.reward_id !== ask.rewardId)
    throw new SchemeError(SchemeErrorCode.receiptConflict, { idempotency_key: ask.key });
  const account = (await repository.accountById(earlier.account_id)) as AccountRow;
  const voucher = (await repository.rewards.voucherByEntry(earlier.id)) as VoucherRow;
  const reward = (await repository.rewards.reward(voucher.reward_id)) as RewardRow;
  return {
    voucher: voucherView(voucher, reward, account.hcoins_memberno, now),
    transaction: entryView(earlier, account),
    balance: account.balance,
    goodwill_coins: Number(voucher.goodwill_coins),
  };
}
