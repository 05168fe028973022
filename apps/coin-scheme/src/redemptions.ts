import { expiryOf, programmeDayStart } from "@hcoins/domain/ledger-rules";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type { Insertable } from "kysely";
import type { RedemptionResult, VoucherCancelResult } from "./api-schemas.ts";
import type { Bulkhead } from "./bulkhead.ts";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import { expiryPolicyOf } from "./expiry.ts";
import {
  type LowStockCrossing,
  type LowStockObserver,
  lowStockAfterDecrease,
  reportLowStock,
} from "./low-stock-alerts.ts";
import { plainEntry, postCredit, postDebit } from "./postings.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import { isRedeemable } from "./rewards.ts";
import type { SoldOutRewards } from "./sold-out-rewards.ts";
import type { AccountRow, EntryRow, HcoinVouchersTable, RewardRow, VoucherRow } from "./tables.ts";
import { entryView, voucherView } from "./views.ts";
import { newVoucherCode } from "./voucher-codes.ts";
import { findVoucher, refuseUnusable } from "./vouchers.ts";

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

export interface RedeemInput {
  hcoinsMemberNo: string;
  rewardId: number;
  /** The client's idempotency key. */
  key: string;
  /** The API client (the member server) that relayed the member's redemption. */
  client: string;
}

/**
 * Redemption and its undoing. A redemption spends the reward's coins (soonest-expiring first,
 * postings.ts), takes one unit of stock and issues a voucher, all in one transaction under the
 * account's lock: the lock orders one member's redemptions (so the balance and the per-member
 * limit are read as they are), and the stock moves by one conditional statement, so a rush of
 * members on any number of instances can never take it below zero nor pay without a voucher.
 *
 * A rush must not starve the tills of the instance's database connections: redemptions run in a
 * bulkhead (at most COIN_REDEMPTION_CONCURRENCY at once, below half the pool; 5030 "busy" beyond
 * its queue or wait), and a reward this instance just found sold out is refused at once
 * (sold-out-rewards.ts), so the rest of the rush is answered 6022 without waiting its turn.
 */
export class Redemptions {
  constructor(
    private readonly repository: CoinSchemeRepository,
    private readonly now: () => number,
    private readonly bulkhead: Bulkhead,
    private readonly soldOut: SoldOutRewards,
    private readonly lowStock?: LowStockObserver,
  ) {}

  /**
   * Happens once per account and key: sent again (a retry, a double tap) it answers the first
   * redemption with `duplicate: true`, whatever the stock or balance now; the key with another
   * reward is refused (6009). Refused while the account's balance is below zero (6032): the
   * coins earned next repay it first.
   */
  redeem(input: RedeemInput): Promise<RedemptionResult> {
    // Known sold out: two reads (a retry of a redemption that happened still gets its voucher), no turn.
    if (this.soldOut.has(input.rewardId)) return this.redeemNow(input);
    return this.bulkhead.run(() => this.redeemNow(input));
  }

  private async redeemNow(input: RedeemInput): Promise<RedemptionResult> {
    const account = await this.repository.accountByMemberNo(input.hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    const key = `redemption:${account.id}:${input.key}`;
    const earlier = await this.repository.entryByKey(key);
    if (earlier) return this.replay(earlier, input);

    try {
      return await this.take(account, key, input);
    } catch (error) {
      if (error instanceof SchemeError && error.errorCode === SchemeErrorCode.rewardOutOfStock)
        this.soldOut.mark(input.rewardId);
      // Two calls with one key at once: the loser answers what the winner wrote.
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.repository.entryByKey(key);
      if (!winner) throw error;
      return this.replay(winner, input);
    }
  }

  private async take(account: AccountRow, key: string, input: RedeemInput): Promise<RedemptionResult> {
    const at = this.now();
    // Refusals that need no lock, so that a sold-out rush queues on nothing.
    if (this.soldOut.has(input.rewardId))
      throw new SchemeError(SchemeErrorCode.rewardOutOfStock, { reward_id: input.rewardId });
    refuseNegative(account);
    const offered = await this.repository.rewards.reward(input.rewardId);
    refuseUnredeemable(offered, input.rewardId, at);
    // Heard only once the transaction has committed: a redemption rolled back crossed nothing.
    let crossing: LowStockCrossing | null = null;
    const result = await this.repository.inTransaction(async (repository) => {
      const locked = await repository.lockAccount(account.id);
      refuseNegative(locked);
      const reward = await repository.rewards.reward(input.rewardId);
      refuseUnredeemable(reward, input.rewardId, at);
      if (locked.balance < reward.coins)
        throw new SchemeError(SchemeErrorCode.insufficientBalance, {
          balance: locked.balance,
          coins: reward.coins,
        });
      if (reward.per_member_limit !== null) {
        const held = (await repository.rewards.heldByAccount(locked.id, reward.id)).get(reward.id) ?? 0;
        if (held >= reward.per_member_limit)
          throw new SchemeError(SchemeErrorCode.rewardLimitReached, {
            per_member_limit: reward.per_member_limit,
          });
      }
      const remaining = await repository.rewards.takeStock(reward.id);
      if (remaining === null)
        throw new SchemeError(SchemeErrorCode.rewardOutOfStock, { reward_id: reward.id });
      crossing = await lowStockAfterDecrease(repository.rewards, reward, remaining, "redemption", at);
      const code = newVoucherCode();
      const posted = await postDebit(
        repository,
        locked,
        plainEntry({
          kind: "redemption",
          entry_key: key,
          actor_type: "client",
          actor: input.client,
          client: input.client,
          reason: `redeemed reward ${reward.id}`,
          coins: -reward.coins,
          reward_id: reward.id,
          voucher_code: code,
        }),
        at,
      );
      const voucher = await repository.rewards.insertVoucher(
        issuedVoucher(code, reward, locked.id, posted.entry.id, { coins: reward.coins }, at),
      );
      return {
        voucher: voucherView(voucher, reward, locked.hcoins_memberno, at),
        transaction: entryView(posted.entry, locked),
        balance: posted.balance,
        duplicate: false,
      };
    });
    reportLowStock(this.lowStock, crossing);
    return result;
  }

  /**
   * An operator's cancellation of an issued (or expired) voucher: its coins come back as a
   * `cancellation` credit and its unit goes back in stock, in one transaction. The credit is new
   * coins under the expiry policy in force (as an adjustment's are), not the spent credits
   * revived: they may have expired meanwhile, and the ledger never rewrites an entry. Used
   * vouchers are refused (6025), cancelled ones too (6027), so a second cancel changes nothing.
   */
  async cancel(input: {
    code: string;
    operator: string;
    reason: string;
    client: string;
  }): Promise<VoucherCancelResult> {
    const found = await findVoucher(this.repository, input.code);
    refuseCancel(found);
    const at = this.now();
    return this.repository.inTransaction(async (repository) => {
      const locked = await repository.lockAccount(found.account_id);
      const cancelled = await repository.rewards.markCancelled(found.id, {
        at,
        by: input.operator,
        reason: input.reason,
      });
      if (!cancelled) {
        refuseCancel((await repository.rewards.voucherByCode(found.code)) as VoucherRow);
      }
      const policy = await expiryPolicyOf(repository);
      const posted = await postCredit(
        repository,
        locked,
        {
          ...plainEntry({
            kind: "cancellation",
            entry_key: `cancellation:${found.id}`,
            actor_type: "operator",
            actor: input.operator,
            client: input.client,
            reason: input.reason,
            coins: found.coins,
            reward_id: found.reward_id,
            voucher_code: found.code,
          }),
          expires_at: expiryOf(policy, at),
        },
        at,
      );
      await repository.rewards.changeStock(found.reward_id, 1, at);
      this.soldOut.clear(found.reward_id);
      const voucher = (await repository.rewards.voucherByCode(found.code)) as VoucherRow;
      const reward = (await repository.rewards.reward(found.reward_id)) as RewardRow;
      return {
        voucher: voucherView(voucher, reward, locked.hcoins_memberno, at),
        transaction: entryView(posted.entry, locked),
        balance: posted.balance,
      };
    });
  }

  /** A key already used on this account: the same reward gets the first answer, another 6009. */
  private async replay(earlier: EntryRow, input: RedeemInput): Promise<RedemptionResult> {
    if (earlier.reward_id !== input.rewardId)
      throw new SchemeError(SchemeErrorCode.receiptConflict, { idempotency_key: input.key });
    const account = (await this.repository.accountById(earlier.account_id)) as AccountRow;
    const voucher = (await this.repository.rewards.voucherByEntry(earlier.id)) as VoucherRow;
    const reward = (await this.repository.rewards.reward(voucher.reward_id)) as RewardRow;
    return {
      voucher: voucherView(voucher, reward, account.hcoins_memberno, this.now()),
      transaction: entryView(earlier, account),
      balance: account.balance,
      duplicate: true,
    };
  }
}

/**
 * A refund after the coins were spent can leave the balance below zero
 * (docs/decisions/141-a-refund-of-spent-coins-takes-the-balance-below-zero.md): the account redeems nothing until coins earned later bring it back to zero or more. Vouchers it
 * holds stay usable.
 */
function refuseNegative(account: AccountRow) {
  if (account.balance < 0)
    throw new SchemeError(SchemeErrorCode.balanceNegative, { balance: account.balance });
}

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

/** Only an issued voucher (expired or not) may be cancelled. */
function refuseCancel(voucher: VoucherRow) {
  if (voucher.status === "cancelled") throw new SchemeError(SchemeErrorCode.voucherCancelled);
  if (voucher.status === "used") refuseUnusable(voucher, Number.NEGATIVE_INFINITY);
}
