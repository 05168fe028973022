import { expiryOf } from "@hcoins/domain/ledger-rules";
import type { RedemptionResult, VoucherCancelResult } from "./api-schemas.ts";
import type { Bulkhead } from "./bulkhead.ts";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import { expiryPolicyOf } from "./expiry.ts";
import { type LowStockCrossing, type LowStockObserver, reportLowStock } from "./low-stock-alerts.ts";
import { plainEntry, postCredit } from "./postings.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import { refuseRewardOutsideSegment } from "./reward-segments.ts";
import type { SoldOutRewards } from "./sold-out-rewards.ts";
import type { AccountRow, RewardRow, VoucherRow } from "./tables.ts";
import { refuseRewardAboveTier } from "./tiers.ts";
import { entryView, voucherView } from "./views.ts";
import { issueVoucher, oncePerKey, refuseUnredeemable, replayedVoucher } from "./voucher-issue.ts";
import { findVoucher, refuseUnusable } from "./vouchers.ts";

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

  private redeemNow(input: RedeemInput): Promise<RedemptionResult> {
    return oncePerKey(
      this.repository,
      this.soldOut,
      "redemption",
      input,
      (account, key) => this.take(account, key, input),
      async (earlier) => {
        const { voucher, transaction, balance } = await replayedVoucher(
          this.repository,
          earlier,
          input,
          this.now(),
        );
        return { voucher, transaction, balance, duplicate: true };
      },
    );
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
      await refuseRewardAboveTier(repository, locked.id, reward.id, at);
      await refuseRewardOutsideSegment(repository, locked.id, reward, at);
      if (locked.balance < reward.coins)
        throw new SchemeError(SchemeErrorCode.insufficientBalance, {
          balance: locked.balance,
          coins: reward.coins,
        });
      const { crossing: crossed, ...issued } = await issueVoucher(
        repository,
        locked,
        reward,
        {
          key,
          actorType: "client",
          actor: input.client,
          client: input.client,
          reason: `redeemed reward ${reward.id}`,
        },
        { coins: reward.coins },
        "redemption",
        at,
      );
      crossing = crossed;
      return { ...issued, duplicate: false };
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

/** Only an issued voucher (expired or not) may be cancelled. */
function refuseCancel(voucher: VoucherRow) {
  if (voucher.status === "cancelled") throw new SchemeError(SchemeErrorCode.voucherCancelled);
  if (voucher.status === "used") refuseUnusable(voucher, Number.NEGATIVE_INFINITY);
}
