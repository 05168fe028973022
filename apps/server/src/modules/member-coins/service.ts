import type { RedemptionResult, SchemeTier, SchemeVoucher } from "@hcoins/coin-scheme/contract";
import { SchemeErrorCode } from "@hcoins/coin-scheme/contract";
import type {
  CoinBalance,
  CoinMissions,
  CoinTier,
  HistoryEntry,
  MemberReward,
  MemberVoucher,
} from "@hcoins/domain/api/member-coins";
import { ErrorCode } from "@hcoins/domain/codes";
import type { Language } from "@hcoins/domain/languages";
import type { FastifyBaseLogger } from "fastify";
import { AppError, validationError } from "../../errors.ts";
import { metrics } from "../../metrics.ts";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
} from "../coins/coin-scheme-client.ts";
import { messageFields } from "../coins/messages.ts";
import { type CoinsService, memberRefOf } from "../coins/service.ts";
import type { MemberRow } from "../members/service.ts";
import type { StoreService } from "../stores/service.ts";
import { historyEntry, memberReward, memberVoucher, rewardTitles, type StoreNames } from "./coin-views.ts";
import type { RedeemStepUp, StepUpProof } from "./step-up.ts";

/** How soon a member told "busy" may try again. */
const BUSY_RETRY_SECONDS = 2;
const REDEEM_BUSY = {
  msg_en: "Many members are redeeming right now. Nothing was spent: please try again in a moment.",
  msg_tc: "現時有大量會員正在換領。你未有被扣除任何 H Coins，請稍後再試。",
  msg_sc: "目前有大量会员正在兑换。您未被扣除任何 H Coins，请稍后再试。",
};

/** What the scheme's refusals of a redemption mean to the member. */
const REDEEM_REFUSALS: Record<number, () => AppError> = {
  [SchemeErrorCode.insufficientBalance]: () => new AppError(ErrorCode.coinsInsufficient),
  [SchemeErrorCode.balanceNegative]: () => new AppError(ErrorCode.coinsBalanceNegative),
  [SchemeErrorCode.rewardOutOfStock]: () => new AppError(ErrorCode.rewardOutOfStock),
  [SchemeErrorCode.rewardNotAvailable]: () => new AppError(ErrorCode.rewardNotAvailable),
  [SchemeErrorCode.rewardLimitReached]: () => new AppError(ErrorCode.rewardLimitReached),
  [SchemeErrorCode.rewardForHigherTier]: () => new AppError(ErrorCode.rewardForHigherTier),
  [SchemeErrorCode.rewardForSegment]: () => new AppError(ErrorCode.rewardForSegment),
  [SchemeErrorCode.rewardNotFound]: () => new AppError(ErrorCode.notFound),
  // The key redeemed another reward: the client made one key for two confirmations.
  [SchemeErrorCode.receiptConflict]: () => validationError([{ field: "idempotency_key", rule: "invalid" }]),
  // Erased or unlinked since the lookup a moment ago.
  [SchemeErrorCode.accountNotFound]: () => new AppError(ErrorCode.coinAccountNotLinked),
  // The embedded scheme's redemptions are all busy (its bulkhead): nothing spent, try again shortly.
  [SchemeErrorCode.serviceUnavailable]: () =>
    new AppError(ErrorCode.serviceUnavailable, {
      reason: "busy",
      retry_after_seconds: BUSY_RETRY_SECONDS,
      ...REDEEM_BUSY,
    }),
};

const NOT_FOUND: Record<number, () => AppError> = {
  [SchemeErrorCode.rewardNotFound]: () => new AppError(ErrorCode.notFound),
};

export interface RedeemRequest {
  rewardId: number;
  key: string;
  proof: StepUpProof;
}

export interface RedeemOutcome {
  voucher: MemberVoucher;
  balance: number;
  duplicate: boolean;
}

/**
 * A member's own H Coins, relayed from the scheme: balance, history, the catalogue, redeeming and
 * vouchers. The account is always the one the scheme links to the calling member
 * (CoinsService.ownAccount), never one a request names. The scheme not answering is 5030 with the
 * reason in the three languages (`msg_en`, `msg_tc`, `msg_sc`); nothing was spent then.
 */
export class MemberCoinsService {
  constructor(
    private readonly scheme: CoinSchemeClient,
    private readonly coins: CoinsService,
    private readonly stores: StoreService,
    private readonly stepUp: RedeemStepUp,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  async balance(member: MemberRow): Promise<CoinBalance> {
    const account = await this.ask(() => this.coins.ownAccount(member));
    if (account === null) {
      return {
        linked: false,
        hcoins_memberno: null,
        balance: null,
        expiring: [],
        as_of: new Date(this.now()).toISOString(),
      };
    }
    const balance = await this.ask(() => this.scheme.balance(account));
    return {
      linked: true,
      hcoins_memberno: balance.hcoins_memberno,
      balance: balance.balance,
      expiring: balance.expiring,
      as_of: balance.as_of,
    };
  }

  /** The member's tier and the spend to the next; the top tier has no next. */
  async tier(member: MemberRow): Promise<CoinTier> {
    const account = await this.ask(() => this.coins.ownAccount(member));
    const asOf = new Date(this.now()).toISOString();
    if (account === null) {
      return { linked: false, tier: null, spend_amount: null, next: null, review_at: null, as_of: asOf };
    }
    const standing = await this.ask(() => this.scheme.accountTier(account));
    return {
      linked: true,
      tier: standing.tier && memberTier(standing.tier),
      spend_amount: standing.spend_amount,
      next: standing.next && {
        tier: memberTier(standing.next.tier),
        spend_needed_amount: standing.next.spend_needed_amount,
        by: standing.window_end,
      },
      review_at: standing.review_at,
      as_of: standing.as_of,
    };
  }

  /** The member's live missions with their stamps; none without an account. */
  async missions(member: MemberRow): Promise<CoinMissions> {
    const account = await this.ask(() => this.coins.ownAccount(member));
    const asOf = new Date(this.now()).toISOString();
    if (account === null) return { linked: false, missions: [], as_of: asOf };
    const { missions } = await this.ask(() => this.scheme.memberMissions(account));
    return { linked: true, missions, as_of: asOf };
  }

  /** Newest first, one page; a member without an account has an empty history. */
  async history(
    member: MemberRow,
    page: number,
    pageSize: number,
  ): Promise<{ entries: HistoryEntry[]; total: number }> {
    const account = await this.ask(() => this.coins.ownAccount(member));
    if (account === null) return { entries: [], total: 0 };
    const ledger = await this.ask(() =>
      this.scheme.ledger(account, { limit: pageSize, offset: (page - 1) * pageSize }),
    );
    const stores = await this.stores.namesOf(
      ledger.entries.flatMap((entry) => (entry.store_code === null ? [] : [entry.store_code])),
    );
    const titles = rewardTitles(ledger);
    return {
      entries: ledger.entries.map((entry) => historyEntry(entry, titles, stores)),
      total: ledger.total,
    };
  }

  /**
   * The active rewards in the catalogue's order; with a member, how many of each they hold. A
   * segment's reward is an offer to its members: the scheme lists it to them alone (with the
   * member's reference), and a visitor never sees one.
   */
  async rewards(member: MemberRow | null): Promise<MemberReward[]> {
    const answer = await this.ask(() =>
      this.scheme.rewards({ activeOnly: true, ...(member ? { memberRef: memberRefOf(member) } : {}) }),
    );
    const rewards = member ? answer.rewards : answer.rewards.filter((reward) => reward.segment_id === null);
    const stores = await this.stores.namesOf(rewards.flatMap((reward) => reward.store_codes));
    const now = this.now();
    return rewards.map((reward) => memberReward(reward, stores, now));
  }

  /** One active reward; 4040 when there is none, it is inactive, or it is a segment's the member is not in. */
  async reward(id: number, member: MemberRow | null): Promise<MemberReward> {
    const { reward } = await this.ask(
      () => this.scheme.reward(id, member ? memberRefOf(member) : undefined),
      NOT_FOUND,
    );
    if (!reward.active || (member === null && reward.segment_id !== null))
      throw new AppError(ErrorCode.notFound);
    return memberReward(reward, await this.stores.namesOf(reward.store_codes), this.now());
  }

  async sendRedeemCode(member: MemberRow, language: Language, clientAddress: string): Promise<void> {
    await this.stepUp.sendCode(member, language, clientAddress);
  }

  /**
   * The proof first: a wrong one reaches no scheme and spends nothing. Then the redemption on the
   * member's own account, once per key (a retry answers the first, `duplicate`). When it does not
   * happen (refused, or the scheme not answering) an SMS code is given back for the retry.
   */
  async redeem(member: MemberRow, request: RedeemRequest): Promise<RedeemOutcome> {
    const proof = await this.stepUp.prove(member, request.proof);
    let result: RedemptionResult;
    try {
      const account = await this.ask(() => this.coins.ownAccount(member));
      if (account === null) throw new AppError(ErrorCode.coinAccountNotLinked);
      result = await this.ask(
        () => this.scheme.redeem({ hcoinsMemberNo: account, rewardId: request.rewardId, key: request.key }),
        REDEEM_REFUSALS,
      );
    } catch (error) {
      // The code given back or not, the member's answer is the refusal: a failed give-back costs them one SMS at most.
      await proof.giveBack().catch((giveBackError: unknown) => {
        this.log.warn({ err: giveBackError, memberId: member.id }, "redeeming SMS code not given back");
      });
      if (error instanceof AppError) {
        metrics.redemption(error.errorCode === ErrorCode.serviceUnavailable ? "unavailable" : "refused");
      }
      throw error;
    }
    metrics.redemption(result.duplicate ? "duplicate" : "redeemed");
    this.log.info(
      {
        memberId: member.id,
        rewardId: request.rewardId,
        voucher: `…${result.voucher.code.slice(-4)}`,
        duplicate: result.duplicate,
      },
      "H Coins reward redeemed",
    );
    return {
      voucher: memberVoucher(result.voucher, await this.stores.namesOf(voucherStoreCodes([result.voucher]))),
      balance: result.balance,
      duplicate: result.duplicate,
    };
  }

  /** The member's vouchers, newest first; none without an account. */
  async vouchers(member: MemberRow): Promise<MemberVoucher[]> {
    const account = await this.ask(() => this.coins.ownAccount(member));
    if (account === null) return [];
    const { vouchers } = await this.ask(() => this.scheme.vouchers(account));
    const stores: StoreNames = await this.stores.namesOf(voucherStoreCodes(vouchers));
    return vouchers.map((voucher) => memberVoucher(voucher, stores));
  }

  /**
   * A scheme call, its refusals mapped by `refusals`; any other refusal, and the scheme not
   * answering, is 5030 with the reason (logged: a refusal no call expects is a fault to look at).
   */
  private async ask<T>(call: () => Promise<T>, refusals: Record<number, () => AppError> = {}): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof CoinSchemeRefusedError) {
        const mapped = refusals[error.errorCode];
        if (mapped) throw mapped();
        this.log.warn({ err: error, errorCode: error.errorCode }, "coin scheme refused");
        throw new AppError(ErrorCode.serviceUnavailable, messageFields("refused"));
      }
      if (error instanceof CoinSchemeUnavailableError) {
        this.log.warn({ err: error, reason: error.reason }, "coin scheme unavailable");
        throw new AppError(ErrorCode.serviceUnavailable, messageFields("unavailable"));
      }
      throw error;
    }
  }
}

const memberTier = (tier: SchemeTier) => ({
  code: tier.code,
  name: tier.name,
  benefits: tier.benefits,
  multiplier: tier.multiplier,
});

const voucherStoreCodes = (vouchers: readonly SchemeVoucher[]) =>
  vouchers.flatMap((voucher) => [
    ...voucher.store_codes,
    ...(voucher.used_store_code === null ? [] : [voucher.used_store_code]),
  ]);
