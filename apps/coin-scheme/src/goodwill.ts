import type { GoodwillResult } from "./api-schemas.ts";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import { type LowStockCrossing, type LowStockObserver, reportLowStock } from "./low-stock-alerts.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import type { SoldOutRewards } from "./sold-out-rewards.ts";
import type { AccountRow } from "./tables.ts";
import { issueVoucher, oncePerKey, refuseUnredeemable, replayedVoucher } from "./voucher-issue.ts";

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

  issue(input: GoodwillInput): Promise<GoodwillResult> {
    return oncePerKey(
      this.repository,
      this.soldOut,
      "goodwill",
      input,
      (account, key) => this.give(account, key, input),
      async (earlier) => {
        const { voucher, transaction, goodwill_coins } = await replayedVoucher(
          this.repository,
          earlier,
          input,
          this.now(),
        );
        return { voucher, transaction, goodwill_coins, duplicate: true };
      },
    );
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
      const issued = await issueVoucher(
        repository,
        locked,
        reward,
        {
          key,
          actorType: "operator",
          actor: input.operator,
          client: input.client,
          reason: `goodwill voucher for reward ${reward.id}`,
        },
        { coins: 0, goodwill_coins: reward.coins },
        "goodwill",
        at,
      );
      crossing = issued.crossing;
      return {
        voucher: issued.voucher,
        transaction: issued.transaction,
        goodwill_coins: reward.coins,
        duplicate: false,
      };
    });
    reportLowStock(this.lowStock, crossing);
    return result;
  }
}
