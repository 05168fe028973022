import type { EarnLine } from "@hcoins/domain/earn-lines";
import { checkQrTime, formatCents, programmeMonth, purchaseAmountsRule } from "@hcoins/domain/earn-rules";
import { type EarnedPurchase, expiryOf, type RefundRule, refundShare } from "@hcoins/domain/ledger-rules";
import { parseMemberQrText } from "@hcoins/domain/member-qr";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type { ReceiptState, TillAccountResult, TransactionResult } from "./api-schemas.ts";
import {
  BudgetReservation,
  campaignLines,
  LiveCampaigns,
  purchaseEarning,
  refundedBonusLines,
  ruleCampaignsIn,
  ruleCampaignsOf,
  ruleLines,
  tierLine,
} from "./campaign-earn.ts";
import { issueCampaignRewards } from "./campaign-rewards.ts";
import type { CoinSchemeSettings } from "./config.ts";
import { SchemeError, SchemeErrorCode, schemeValidationError } from "./errors.ts";
import { expiryPolicyOf } from "./expiry.ts";
import { type LiveMissions, stampMissions, unstampRefundedPurchase } from "./mission-stamps.ts";
import { plainEntry, postCredit, postDebit } from "./postings.ts";
import { rewardReferralOnPurchase } from "./referrals.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import type { SchemeCounters } from "./scheme-counters.ts";
import type { AccountRow, ActorType, EntryRow } from "./tables.ts";
import { purchaseTierContext, requalifyAccount, type TierFact, tierAt, tierNow } from "./tiers.ts";
import { checkVelocity } from "./velocity.ts";
import { entryView } from "./views.ts";

/** Who sends a till call: a till key (`till`) or a full-scope client (`client`). */
type TillActor = Exclude<ActorType, "operator" | "expiry">;

export interface PurchaseInput {
  qrText: string;
  storeCode: string;
  receiptNo: string;
  netCents: number;
  electronicCents: number;
  client: string;
  actorType: TillActor;
}

export interface RefundInput {
  storeCode: string;
  receiptNo: string;
  /** The till's own number of the refund: makes it happen once. */
  refundNo?: string | undefined;
  /** What is returned; without it, what remains of the receipt. */
  netCents?: number | undefined;
  electronicCents?: number | undefined;
  reason?: string | undefined;
  client: string;
  actorType: TillActor;
}

export interface AdjustmentInput {
  hcoinsMemberNo: string;
  /** Positive credits, negative debits; never 0. */
  coins: number;
  reason: string;
  /** The person who decided it. */
  operator: string;
  /** The API client that relayed it. */
  client: string;
  allowNegative: boolean;
  key?: string | undefined;
}

/**
 * The writes to the ledger: earning at the till, refunds and operators' adjustments, each in a
 * transaction that holds the account's lock (repository.lockAccount) and made once by its entry
 * key (tables.ts), so concurrent and repeated calls settle in the database; the loser of a race
 * re-reads what the winner wrote and answers it.
 */
export class LedgerWrites {
  private readonly liveCampaigns = new LiveCampaigns();
  constructor(
    private readonly repository: CoinSchemeRepository,
    private readonly settings: CoinSchemeSettings,
    private readonly now: () => number,
    private readonly counters: SchemeCounters,
    private readonly liveMissions: LiveMissions,
  ) {}

  /**
   * A purchase at the till. A receipt (store code + receipt number) credits once: sent
   * again for the same member and amounts it answers the first result with
   * `duplicate: true` (even when the QR code has expired meanwhile, so a till may retry);
   * for another member or amount it is refused (6009). The birthday rule follows the
   * birth month the member server recorded, never the QR code's. The live campaigns decide every
   * coin beyond 1 per HKD: the programme rules and the promotions (campaign-earn.ts); every line is
   * kept with the entry (hcoin_earn_lines).
   */
  async purchase(input: PurchaseInput): Promise<TransactionResult> {
    const qr = parseMemberQrText(input.qrText);
    if (!qr) throw schemeValidationError("qr_text", "qrInvalid");
    const amountRule = purchaseAmountsRule(input.netCents, input.electronicCents);
    if (amountRule) throw schemeValidationError(amountRule.field, amountRule.rule);

    const key = purchaseKey(input.storeCode, input.receiptNo);
    const earlier = await this.repository.entryByKey(key);
    if (earlier) return this.replayPurchase(earlier, qr.memberRef, input);

    const at = this.now();
    const freshness = checkQrTime(qr.unixSeconds, at);
    if (freshness === "stale") throw new SchemeError(SchemeErrorCode.qrExpired);
    if (freshness === "future") throw new SchemeError(SchemeErrorCode.qrFromFuture);
    const account = await this.repository.accountByMemberRef(qr.memberRef);
    if (!account) throw new SchemeError(SchemeErrorCode.unknownMember);
    refuseSuspended(account);
    const store = await this.repository.store(input.storeCode);
    if (!store) throw new SchemeError(SchemeErrorCode.unknownStore, { store_code: input.storeCode });

    const partnerStore = store.partner_property === 1;
    const inBirthMonth = account.birth_month !== null && account.birth_month === programmeMonth(at);
    // Every earn rule is a campaign (the programme rules, decision 238): one read of the live ones.
    const campaigns = await this.liveCampaigns.at(this.repository, at);
    const missions = await this.liveMissions.at(this.repository, at);
    const factsWith = (tier: TierFact | null) => ({
      storeCode: input.storeCode,
      brandCode: store.brand_code,
      partnerStore,
      at,
      netCents: input.netCents,
      electronicCents: input.electronicCents,
      birthdayMonth: inBirthMonth,
      tierId: tier?.id ?? null,
    });
    // Taken before the account's lock, from the tier as it is now; the lines inside never exceed it.
    const budgets = await BudgetReservation.make(this.repository, campaigns, account.id, async (withTier) =>
      factsWith(withTier ? await tierAt(this.repository, account.id, at) : null),
    );
    let committed: EarnLine[] = [];
    let answer: TransactionResult;
    try {
      answer = await this.repository.inTransaction(async (repository) => {
        const locked = await repository.lockAccount(account.id);
        refuseSuspended(locked);
        await checkVelocity(repository, this.counters, this.settings.limits, locked, input, at);
        const policy = await expiryPolicyOf(repository);
        // The tier before this purchase: one that crosses a threshold earns the new tier from the next.
        // Read once for both; without a ladder there is nothing to requalify.
        const tiers = await purchaseTierContext(repository, locked.id);
        const tier = tierNow(tiers);
        const { rules, earned, bonuses, rewards } = await purchaseEarning(
          repository,
          campaigns,
          locked.id,
          factsWith(tier),
        );
        const lines = [
          ...ruleLines(earned, ruleCampaignsOf(rules)),
          ...tierLine(tier, earned.baseCoins),
          ...(await campaignLines(repository, bonuses, locked.id, budgets)),
        ];
        const { entry, balance } = await postCredit(
          repository,
          locked,
          {
            kind: "purchase",
            entry_key: key,
            store_code: input.storeCode,
            receipt_no: input.receiptNo,
            refund_no: null,
            actor_type: input.actorType,
            actor: input.client,
            client: input.client,
            reason: "purchase",
            net_cents: input.netCents,
            electronic_cents: input.electronicCents,
            partner_store: partnerStore ? 1 : 0,
            // What the programme rules applied: a refund reverses their coins with these (refundShare).
            birthday_multiplier: rules.birthday?.hundredths ?? 100,
            holiday_multiplier: rules.holiday?.hundredths ?? 100,
            base_coins: earned.baseCoins,
            birthday_bonus: earned.birthdayBonus,
            holiday_bonus: earned.holidayBonus,
            coins: sumOf(lines),
            expires_at: expiryOf(policy, at),
            qr_unix_seconds: qr.unixSeconds,
            reward_id: null,
            voucher_code: null,
          },
          at,
        );
        // A reward campaign's voucher (campaign-rewards.ts), named on the statement by a line of no coins.
        const given =
          rewards.length === 0 ? [] : await issueCampaignRewards(repository, rewards, locked, entry, at);
        const stated = [...lines, ...given];
        await repository.campaigns.insertLines(entry.id, stated);
        if (tiers) await requalifyAccount(repository, locked.id, at, "purchase", tiers);
        // A referred member's first qualifying purchase rewards both sides, once (referrals.ts).
        await rewardReferralOnPurchase(repository, locked, entry, at);
        // Live missions stamp the member's cards; nothing is read when none is live (mission-stamps.ts).
        const stamped =
          missions.length === 0
            ? []
            : await stampMissions(
                repository,
                missions,
                locked,
                entry,
                { storeCode: input.storeCode, brandCode: store.brand_code, netCents: input.netCents },
                at,
              );
        committed = lines;
        const result = this.result(
          entry,
          locked,
          balance,
          false,
          receiptState(entry, NOTHING_REFUNDED),
          stated,
        );
        return stamped.length === 0 ? result : { ...result, missions: stamped };
      });
    } catch (error) {
      await budgets.release(this.repository, []);
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.repository.entryByKey(key);
      if (!winner) throw error;
      return this.replayPurchase(winner, qr.memberRef, input);
    }
    await budgets.release(this.repository, committed);
    return answer;
  }

  /**
   * A refund of (part of) a receipt: reverses the coins the amount returned earned, with the
   * multipliers of the day of the purchase (ledger-rules.ts). Without amounts it returns what
   * remains. With a `refund_no` it happens once: sent again it answers the first result with
   * `duplicate: true`. More than remains is refused (6016); a receipt refunded in full says so
   * (6015). The coins come from the purchase's own first, then the oldest; when the member has
   * spent them, the balance goes below zero and later coins repay it.
   */
  async refund(input: RefundInput): Promise<TransactionResult> {
    const purchase = await this.repository.entryByKey(purchaseKey(input.storeCode, input.receiptNo));
    if (!purchase) throw new SchemeError(SchemeErrorCode.receiptNotFound);
    const key =
      input.refundNo === undefined ? null : refundKey(input.storeCode, input.receiptNo, input.refundNo);
    if (key) {
      const earlier = await this.repository.entryByKey(key);
      if (earlier) return this.replayRefund(earlier, purchase, input);
    }
    const at = this.now();
    try {
      return await this.repository.inTransaction(async (repository) => {
        const locked = await repository.lockAccount(purchase.account_id);
        const refunded = await repository.refundedOf(input.storeCode, input.receiptNo);
        const purchaseLines = (await repository.campaigns.linesOf([purchase.id])).get(purchase.id) ?? [];
        const share = refundShare(earnedPurchase(purchase, purchaseLines), refunded, input);
        if ("rule" in share) throw refundRefusal(share, purchase, refunded);
        const netAfter = purchase.net_cents - refunded.netCents - share.netCents;
        const lines = [
          ...ruleLines(share.reversed, ruleCampaignsIn(purchaseLines), -1),
          ...(await refundedBonusLines(repository, purchase, purchaseLines, netAfter)),
        ];
        const { entry, balance } = await postDebit(
          repository,
          locked,
          {
            kind: "refund",
            entry_key: key,
            store_code: purchase.store_code,
            receipt_no: purchase.receipt_no,
            refund_no: input.refundNo ?? null,
            actor_type: input.actorType,
            actor: input.client,
            client: input.client,
            reason: input.reason ?? "refund",
            net_cents: share.netCents,
            electronic_cents: share.electronicCents,
            partner_store: purchase.partner_store,
            birthday_multiplier: purchase.birthday_multiplier,
            holiday_multiplier: purchase.holiday_multiplier,
            base_coins: -share.reversed.baseCoins,
            birthday_bonus: -share.reversed.birthdayBonus,
            holiday_bonus: -share.reversed.holidayBonus,
            coins: sumOf(lines),
            expires_at: null,
            qr_unix_seconds: null,
            reward_id: null,
            voucher_code: null,
          },
          at,
          purchase.id,
        );
        await repository.campaigns.insertLines(entry.id, lines);
        const after = {
          netCents: refunded.netCents + share.netCents,
          electronicCents: refunded.electronicCents + share.electronicCents,
        };
        // Refunded in full, the purchase's stamps leave the cards not completed yet.
        if (after.netCents >= purchase.net_cents) await unstampRefundedPurchase(repository, purchase, at);
        return this.result(entry, locked, balance, false, receiptState(purchase, after), lines);
      });
    } catch (error) {
      if (!key || !isUniqueViolation(error)) throw error;
      const winner = await this.repository.entryByKey(key);
      if (!winner) throw error;
      return this.replayRefund(winner, purchase, input);
    }
  }

  /**
   * An operator's adjustment: credits (coins > 0) or debits (coins < 0) an account with the
   * reason given. A debit may not take the balance below zero (6018) unless `allowNegative`.
   * With a key it happens once per client: sent again it answers the first with `duplicate: true`.
   */
  async adjust(input: AdjustmentInput): Promise<TransactionResult> {
    const account = await this.repository.accountByMemberNo(input.hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    const key = input.key === undefined ? null : `adjustment:${input.client}:${input.key}`;
    if (key) {
      const earlier = await this.repository.entryByKey(key);
      if (earlier) return this.replayAdjustment(earlier, account, input);
    }
    const at = this.now();
    const entry = plainEntry({
      kind: "adjustment",
      entry_key: key,
      actor_type: "operator",
      actor: input.operator,
      client: input.client,
      reason: input.reason,
      coins: input.coins,
    });
    try {
      return await this.repository.inTransaction(async (repository) => {
        const locked = await repository.lockAccount(account.id);
        if (input.coins > 0) {
          const policy = await expiryPolicyOf(repository);
          const posted = await postCredit(
            repository,
            locked,
            { ...entry, expires_at: expiryOf(policy, at) },
            at,
          );
          return this.result(posted.entry, locked, posted.balance, false, null);
        }
        if (!input.allowNegative && locked.balance + input.coins < 0) {
          throw new SchemeError(SchemeErrorCode.insufficientBalance, { balance: locked.balance });
        }
        const posted = await postDebit(repository, locked, entry, at);
        return this.result(posted.entry, locked, posted.balance, false, null);
      });
    } catch (error) {
      if (!key || !isUniqueViolation(error)) throw error;
      const winner = await this.repository.entryByKey(key);
      if (!winner) throw error;
      return this.replayAdjustment(winner, account, input);
    }
  }

  /** The account behind a fresh member QR code, as a till sees it: its number and balance. */
  async tillAccount(qrText: string): Promise<TillAccountResult> {
    const qr = parseMemberQrText(qrText);
    if (!qr) throw schemeValidationError("qr_text", "qrInvalid");
    const freshness = checkQrTime(qr.unixSeconds, this.now());
    if (freshness === "stale") throw new SchemeError(SchemeErrorCode.qrExpired);
    if (freshness === "future") throw new SchemeError(SchemeErrorCode.qrFromFuture);
    const account = await this.repository.accountByMemberRef(qr.memberRef);
    if (!account) throw new SchemeError(SchemeErrorCode.unknownMember);
    refuseSuspended(account);
    return { hcoins_memberno: account.hcoins_memberno, balance: account.balance };
  }

  /** A receipt already recorded: the same member and amounts get the first answer, anything else 6009. */
  private async replayPurchase(
    earlier: EntryRow,
    memberRef: string,
    input: PurchaseInput,
  ): Promise<TransactionResult> {
    const account = (await this.repository.accountById(earlier.account_id)) as AccountRow;
    const same =
      account.linked_member_ref === memberRef &&
      earlier.net_cents === input.netCents &&
      earlier.electronic_cents === input.electronicCents;
    if (!same) throw new SchemeError(SchemeErrorCode.receiptConflict);
    const refunded = await this.repository.refundedOf(input.storeCode, input.receiptNo);
    return this.result(
      earlier,
      account,
      account.balance,
      true,
      receiptState(earlier, refunded),
      await this.linesOf(earlier),
    );
  }

  /** A refund number already recorded: the same amounts (or none) get the first answer, others 6009. */
  private async replayRefund(earlier: EntryRow, purchase: EntryRow, input: RefundInput) {
    const same =
      (input.netCents === undefined || input.netCents === earlier.net_cents) &&
      (input.electronicCents === undefined || input.electronicCents === earlier.electronic_cents);
    if (!same) throw new SchemeError(SchemeErrorCode.receiptConflict);
    const account = (await this.repository.accountById(earlier.account_id)) as AccountRow;
    const refunded = await this.repository.refundedOf(input.storeCode, input.receiptNo);
    return this.result(
      earlier,
      account,
      account.balance,
      true,
      receiptState(purchase, refunded),
      await this.linesOf(earlier),
    );
  }

  /** An adjustment key already used by the client: the same account and coins get the first answer, others 6009. */
  private replayAdjustment(earlier: EntryRow, account: AccountRow, input: AdjustmentInput) {
    if (earlier.account_id !== account.id || earlier.coins !== input.coins)
      throw new SchemeError(SchemeErrorCode.receiptConflict);
    return this.result(earlier, account, account.balance, true, null);
  }

  private async linesOf(entry: EntryRow): Promise<EarnLine[]> {
    return (await this.repository.campaigns.linesOf([entry.id])).get(entry.id) ?? [];
  }

  private result(
    row: EntryRow,
    account: AccountRow,
    balance: number,
    duplicate: boolean,
    receipt: ReceiptState | null,
    lines: EarnLine[] = [],
  ): TransactionResult {
    return { transaction: entryView(row, account, lines), balance, duplicate, receipt };
  }
}

const sumOf = (lines: EarnLine[]) => lines.reduce((sum, line) => sum + line.coins, 0);

const NOTHING_REFUNDED = { netCents: 0, electronicCents: 0 };

const purchaseKey = (storeCode: string, receiptNo: string) => `purchase:${storeCode}:${receiptNo}`;

/**
 * A store code holds no colon, so the first colon after it ends the receipt number when that holds
 * none either: such keys stay as they always were. A receipt number with a colon would make
 * `A:B` + `C` and `A` + `B:C` one key, so its key says the receipt number's length, under a prefix
 * of its own (migration 0006 moved the keys written before).
 */
export const refundKey = (storeCode: string, receiptNo: string, refundNo: string) =>
  receiptNo.includes(":")
    ? `refund-sized:${storeCode}:${receiptNo.length}:${receiptNo}:${refundNo}`
    : `refund:${storeCode}:${receiptNo}:${refundNo}`;

/**
 * What a purchase earned by the programme rules, for its refunds: the multipliers it recorded, and
 * the electronic extra when it has an electronic line (a purchase at a partner store whose extra
 * was not live, or paid less than HKD 1 electronically, has none to reverse).
 */
const earnedPurchase = (purchase: EntryRow, lines: readonly EarnLine[]): EarnedPurchase => ({
  netCents: purchase.net_cents,
  electronicCents: purchase.electronic_cents,
  electronicExtra: lines.some((line) => line.kind === "electronic"),
  birthdayMultiplier: purchase.birthday_multiplier,
  holidayMultiplier: purchase.holiday_multiplier,
});

function receiptState(
  purchase: EntryRow,
  refunded: { netCents: number; electronicCents: number },
): ReceiptState {
  return {
    net_amount: formatCents(purchase.net_cents),
    electronic_amount: formatCents(purchase.electronic_cents),
    refunded_net_amount: formatCents(refunded.netCents),
    refunded_electronic_amount: formatCents(refunded.electronicCents),
    fully_refunded: refunded.netCents >= purchase.net_cents,
  };
}

/** The refusal of a refund that breaks a rule, with what remains of the receipt. */
function refundRefusal(
  share: { rule: RefundRule; field: "net_amount" | "electronic_amount" },
  purchase: EntryRow,
  refunded: { netCents: number; electronicCents: number },
): SchemeError {
  const remaining = {
    remaining_net_amount: formatCents(purchase.net_cents - refunded.netCents),
    remaining_electronic_amount: formatCents(purchase.electronic_cents - refunded.electronicCents),
  };
  if (share.rule === "alreadyRefunded")
    return new SchemeError(SchemeErrorCode.receiptFullyRefunded, remaining);
  if (share.rule === "refundExceedsRemaining")
    return new SchemeError(SchemeErrorCode.refundExceedsRemaining, remaining);
  return new SchemeError(SchemeErrorCode.validation, {
    errors: [{ field: share.field, rule: share.rule }],
    ...remaining,
  });
}

/** A suspended account (its member disabled) earns nothing and is not looked up at a till (6033). */
export function refuseSuspended(account: AccountRow) {
  if (account.suspended_at !== null) throw new SchemeError(SchemeErrorCode.accountSuspended);
}
