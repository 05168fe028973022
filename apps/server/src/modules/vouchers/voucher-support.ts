import type { SchemeVoucher } from "@hcoins/coin-scheme/contract";
import type { GoodwillReward } from "@hcoins/domain/api/console-vouchers";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyBaseLogger } from "fastify";
import { AppError, validationError } from "../../errors.ts";
import type { Actor, AuditService } from "../audit/service.ts";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
} from "../coins/coin-scheme-client.ts";
import type { ConsoleActionKeys } from "../console-action-keys/console-action-keys.ts";
import type { MemberRow, MemberService } from "../members/service.ts";
import { codeLastFour } from "./masked-vouchers.ts";

const SCHEME_ACCOUNT_NOT_FOUND = 6004;
const SCHEME_VOUCHER_NOT_FOUND = 6024;
const SCHEME_VOUCHER_SPENT = [6025, 6026, 6027];
/** The scheme's refusals of a goodwill voucher, as the console's rules on `reward_id`. */
const GOODWILL_REFUSALS: Record<number, string> = {
  6020: "rewardNotAvailable",
  6021: "rewardNotAvailable",
  6022: "rewardOutOfStock",
  6023: "rewardLimitReached",
  6033: "accountSuspended",
};

/** Who acts: the audit log's actor, and the operator's email the scheme's ledger names. */
export interface VoucherOperator extends Actor {
  operator: string;
}

export interface GoodwillIssued {
  voucher_id: number;
  code_last_four: string;
}

/**
 * Operators' work on a member's vouchers: cancel, reveal a code, give a goodwill voucher. The
 * console names a voucher by the scheme's id and never sees a code but through reveal; cancel and
 * goodwill apply once per idempotency key (console-action-keys.ts), so a retry or a double click cannot
 * cancel twice, audit twice or give two vouchers.
 */
export class VoucherSupportService {
  constructor(
    private readonly members: MemberService,
    private readonly coinScheme: CoinSchemeClient,
    private readonly audit: AuditService,
    private readonly keys: ConsoleActionKeys,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Cancels one of the member's vouchers at the scheme (its coins go back), once per key. */
  async cancel(
    memberId: number,
    voucherId: number,
    reason: string,
    key: string,
    by: VoucherOperator,
  ): Promise<void> {
    const member = await this.member(memberId);
    await this.keys.once(`cancel:${member.id}:${key}`, { voucherId, reason }, async () => {
      const voucher = await this.voucherOf(member, voucherId);
      const result = await this.ask("voucher cancel", () =>
        this.coinScheme.cancelVoucher(voucher.code, by.operator, reason),
      );
      await this.audit.record({
        actor: by.actor,
        address: by.address,
        action: "voucher.cancel",
        target: `voucher:${voucher.id}`,
        before: {
          member: `member:${member.id}`,
          code_last_four: codeLastFour(voucher.code),
          status: "issued",
          balance: result.balance - result.transaction.coins,
        },
        after: {
          status: result.voucher.status,
          balance: result.balance,
          reason,
          transaction_id: result.transaction.id,
        },
      });
      return { voucher_id: voucher.id };
    });
  }

  /** The full code of one of the member's vouchers, for customer service to read out; audited. */
  async reveal(
    memberId: number,
    voucherId: number,
    reason: string,
    by: Actor,
  ): Promise<{ code: string; code_last_four: string }> {
    const member = await this.member(memberId);
    const voucher = await this.voucherOf(member, voucherId);
    const lastFour = codeLastFour(voucher.code);
    await this.audit.record({
      ...by,
      action: "voucher.reveal",
      target: `voucher:${voucher.id}`,
      before: null,
      after: { member: `member:${member.id}`, code_last_four: lastFour, status: voucher.status, reason },
    });
    return { code: voucher.code, code_last_four: lastFour };
  }

  /** What a goodwill voucher may be for: the active rewards in their window with stock left. */
  async goodwillRewards(): Promise<GoodwillReward[]> {
    const { rewards } = await this.ask("goodwill rewards", () =>
      this.coinScheme.rewards({ activeOnly: true }),
    );
    return rewards
      .filter((reward) => reward.stock > 0)
      .map((reward) => ({
        id: reward.id,
        title: reward.title,
        coins: reward.coins,
        stock: reward.stock,
        per_member_limit: reward.per_member_limit,
      }));
  }

  /**
   * Gives the member a reward's voucher without spending their coins: at the scheme, stock and
   * the per-member limit as for a redemption, the voucher marked goodwill (a cost in the figures).
   * Once per key; `note` is internal (the audit entry only, never the member's). Executes at once:
   * an approval step, when one gates it, calls this as its executor.
   */
  async issueGoodwillVoucher(
    memberId: number,
    rewardId: number,
    note: string,
    key: string,
    by: VoucherOperator,
  ): Promise<GoodwillIssued> {
    const member = await this.member(memberId);
    const hcoinsMemberNo = member.external_customer_id;
    if (!hcoinsMemberNo) throw new AppError(ErrorCode.coinAccountNotLinked);
    return this.keys.once(`goodwill:${member.id}:${key}`, { rewardId, note }, async () => {
      let result: Awaited<ReturnType<CoinSchemeClient["goodwillVoucher"]>>;
      try {
        result = await this.coinScheme.goodwillVoucher({
          hcoinsMemberNo,
          rewardId,
          operator: by.operator,
          key,
        });
      } catch (error) {
        const rule = error instanceof CoinSchemeRefusedError ? GOODWILL_REFUSALS[error.errorCode] : undefined;
        if (rule) throw validationError([{ field: "reward_id", rule }]);
        throw this.schemeFailure("goodwill voucher", error);
      }
      const issued = { voucher_id: result.voucher.id, code_last_four: codeLastFour(result.voucher.code) };
      await this.audit.record({
        actor: by.actor,
        address: by.address,
        action: "voucher.goodwill",
        target: `member:${member.id}`,
        before: null,
        after: {
          voucher: `voucher:${issued.voucher_id}`,
          code_last_four: issued.code_last_four,
          reward_id: rewardId,
          coins_value: result.goodwill_coins,
          note,
        },
      });
      return issued;
    });
  }

  /** 4040 for no such member, 4235 when they have no H Coins account: what a goodwill request checks first. */
  async holderOf(id: number): Promise<void> {
    const member = await this.member(id);
    if (!member.external_customer_id) throw new AppError(ErrorCode.coinAccountNotLinked);
  }

  private async member(id: number): Promise<MemberRow> {
    const member = await this.members.findById(id);
    if (!member) throw new AppError(ErrorCode.notFound);
    return member;
  }

  /** One of the member's own vouchers by the scheme's id; 4040 when the member holds none such. */
  private async voucherOf(member: MemberRow, voucherId: number): Promise<SchemeVoucher> {
    const hcoinsMemberNo = member.external_customer_id;
    if (!hcoinsMemberNo) throw new AppError(ErrorCode.notFound);
    const { vouchers } = await this.ask("member's vouchers", () => this.coinScheme.vouchers(hcoinsMemberNo));
    const voucher = vouchers.find((each) => each.id === voucherId);
    if (!voucher) throw new AppError(ErrorCode.notFound);
    return voucher;
  }

  private async ask<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw this.schemeFailure(what, error);
    }
  }

  /** A scheme refusal or outage as the console's answer: 4040, `voucherNotCancellable`, else 5030. */
  private schemeFailure(what: string, error: unknown): unknown {
    if (error instanceof CoinSchemeRefusedError) {
      if (error.errorCode === SCHEME_VOUCHER_NOT_FOUND || error.errorCode === SCHEME_ACCOUNT_NOT_FOUND)
        return new AppError(ErrorCode.notFound);
      if (SCHEME_VOUCHER_SPENT.includes(error.errorCode))
        return validationError([{ field: "voucherId", rule: "voucherNotCancellable" }]);
    }
    if (error instanceof CoinSchemeRefusedError || error instanceof CoinSchemeUnavailableError) {
      this.log.warn({ err: error }, `${what} failed at the scheme`);
      return new AppError(ErrorCode.serviceUnavailable);
    }
    return error;
  }
}
