import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type { GoodwillResult } from "./api-schemas.ts";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import {
  type LowStockCrossing,
  type LowStockObserver,
  lowStockAfterDecrease,
  reportLowStock,
} from "./low-stock-alerts.ts";
import { plainEntry, postDebit } from "./postings.ts";
import { issuedVoucher, refuseUnredeemable } from "./redemptions.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import type { SoldOutRewards } from "./sold-out-rewards.ts";
import type { AccountRow, EntryRow, RewardRow, VoucherRow } from "./tables.ts";
import { entryView, voucherView } from "./views.ts";
import { newVoucherCode } from "./voucher-codes.ts";

export interface GoodwillInput {
  hcoinsMemberNo: string;
  rewardId: number;
  /** The operator who gave it, as the relaying client names them. */
  operator: string;
  /** The client's idempotency key. */
  key: string;
  client: string;
}

/**
 * A goodwill voucher: an operator gives a member a reward without spending their coins. It is a
 * redemption in all but the price: one unit of stock by the same conditional statement, the
 * per-member limit under the account's lock, a voucher like a redeemed one. Its trace on the
 * ledger is a `redemption` entry of 0 coins by the operator (so the member's history shows the
 * voucher arriving, and the ledger's sums and checks are untouched); the voucher row keeps the
 * reward's price in `goodwill_coins`, which the figures count as the day's goodwill cost.
 * Cancelled, it gives back its unit and 0 coins. Once per account and key, as a redemption.
 */
export class GoodwillVouchers {
  constructor(
    private readonly repository: CoinSchemeRepository,
    private readonly now: () => number,
    private readonly soldOut: SoldOutRewards,
    private readonly lowStock?: LowStockObserver,
  ) {}

  async issue(input: GoodwillInput): Promise<GoodwillResult> {
    const account = await this.repository.accountByMemberNo(input.hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    const key = `goodwill:${account.id}:${input.key}`;
    const earlier = await this.repository.entryByKey(key);
    if (earlier) return this.replay(earlier, input);
    try {
      return await this.give(account, key, input);
    } catch (error) {
      if (error instanceof SchemeError && error.errorCode === SchemeErrorCode.rewardOutOfStock)
        this.soldOut.mark(input.rewardId);
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.repository.entryByKey(key);
      if (!winner) throw error;
      return this.replay(winner, input);
    }
  }

  private async give(account: AccountRow, key: string, input: GoodwillInput): Promise<GoodwillResult> {
    const at = this.now();
    // Heard only once the transaction has committed, as a redemption's.
    let crossing: LowStockCrossing | null = null;
    const result = await this.repository.inTransaction(async (repository) => {
      const locked = await repository.lockAccount(account.id);
      if (locked.suspended_at !== null) throw new SchemeError(SchemeErrorCode.accountSuspended);
      const reward = await repository.rewards.reward(input.rewardId);
      refuseUnredeemable(reward, input.rewardId, at);
      if (reward.per_member_limit !== null) {
        const held = (await repository.rewards.heldByAccount(locked.id, reward.id)).get(reward.id) ?? 0;
        if (held >= reward.per_member_limit)
          throw new SchemeError(SchemeErrorCode.rewardLimitReached, {
            per_member_limit: reward.per_member_limit,
          });
      }
      const stockLeft = await repository.rewards.takeStock(reward.id);
      if (stockLeft === null)
        throw new SchemeError(SchemeErrorCode.rewardOutOfStock, { reward_id: reward.id });
      crossing = await lowStockAfterDecrease(repository.rewards, reward, stockLeft, "goodwill", at);
      const code = newVoucherCode();
      const posted = await postDebit(
        repository,
        locked,
        plainEntry({
          kind: "redemption",
          entry_key: key,
          actor_type: "operator",
          actor: input.operator,
          client: input.client,
          reason: `goodwill voucher for reward ${reward.id}`,
          coins: 0,
          reward_id: reward.id,
          voucher_code: code,
        }),
        at,
      );
      const voucher = await repository.rewards.insertVoucher(
        issuedVoucher(
          code,
          reward,
          locked.id,
          posted.entry.id,
          { coins: 0, goodwill_coins: reward.coins },
          at,
        ),
      );
      return {
        voucher: voucherView(voucher, reward, locked.hcoins_memberno, at),
        transaction: entryView(posted.entry, locked),
        goodwill_coins: reward.coins,
        duplicate: false,
      };
    });
    reportLowStock(this.lowStock, crossing);
    return result;
  }

  /** A key used before on this account: the same reward gets the first answer, another 6009. */
  private async replay(earlier: EntryRow, input: GoodwillInput): Promise<GoodwillResult> {
    if (earlier.reward_id !== input.rewardId)
      throw new SchemeError(SchemeErrorCode.receiptConflict, { idempotency_key: input.key });
    const account = (await this.repository.accountById(earlier.account_id)) as AccountRow;
    const voucher = (await this.repository.rewards.voucherByEntry(earlier.id)) as VoucherRow;
    const reward = (await this.repository.rewards.reward(voucher.reward_id)) as RewardRow;
    return {
      voucher: voucherView(voucher, reward, account.hcoins_memberno, this.now()),
      transaction: entryView(earlier, account),
      goodwill_coins: Number(voucher.goodwill_coins),
      duplicate: true,
    };
  }
}
