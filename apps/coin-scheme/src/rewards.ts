import type { LocalizedText } from "@hcoins/domain/languages";
import { REWARD_IMAGE_URL, REWARD_LIMITS, rewardValueRule } from "@hcoins/domain/reward-rules";
import type { RewardResult, RewardsResult } from "./api-schemas.ts";
import { SchemeError, SchemeErrorCode, schemeValidationError } from "./errors.ts";
import { type LowStockObserver, lowStockAfterDecrease, reportLowStock } from "./low-stock-alerts.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import { rewardsForAccount } from "./reward-segments.ts";
import type { SoldOutRewards } from "./sold-out-rewards.ts";
import type { HcoinRewardsTable, RewardKind, RewardRow } from "./tables.ts";
import { rewardView } from "./views.ts";

/** A reward as an operator writes it; the stock only on creation (then through changeStock). */
export interface RewardFields {
  kind: RewardKind;
  coins: number;
  stock?: number | undefined;
  /** HKD cents; an e-gift voucher's face value, null for a product. */
  valueCents: number | null;
  /** [] = every store of the scheme. */
  storeCodes: string[];
  title: LocalizedText;
  description: LocalizedText;
  terms: LocalizedText;
  imageUrl: string | null;
  startsAt: number | null;
  endsAt: number | null;
  perMemberLimit: number | null;
  /** Units at or below which the reward is low on stock (low-stock-alerts.ts); null = no alert. */
  lowStockThreshold: number | null;
  voucherValidDays: number;
  active: boolean;
  sortOrder: number;
  /** The segment whose members alone may redeem it (reward-segments.ts); absent or null = everyone's. */
  segmentId?: number | null | undefined;
}

const isCount = (value: number, min: number, max: number) =>
  Number.isSafeInteger(value) && value >= min && value <= max;

/**
 * The first rule the fields break, as the scheme's 4000 names it, or null. The routes' schemas
 * check shapes; these are the rules every caller meets, the embedded one included.
 */
export function rewardFieldsRule(fields: RewardFields): { field: string; rule: string } | null {
  if (!isCount(fields.coins, 1, REWARD_LIMITS.coins)) return { field: "coins", rule: "coinsInvalid" };
  if (fields.stock !== undefined && !isCount(fields.stock, 0, REWARD_LIMITS.stock))
    return { field: "stock", rule: "stockInvalid" };
  const valueRule = rewardValueRule(fields.kind, fields.valueCents);
  if (valueRule) return { field: "value_amount", rule: valueRule };
  for (const language of ["en", "tc", "sc"] as const) {
    if (fields.title[language].trim() === "") return { field: `title.${language}`, rule: "required" };
  }
  if (fields.imageUrl !== null && !REWARD_IMAGE_URL.test(fields.imageUrl))
    return { field: "image_url", rule: "imageUrlInvalid" };
  if (fields.startsAt !== null && fields.endsAt !== null && fields.endsAt <= fields.startsAt)
    return { field: "ends_at", rule: "endsBeforeStart" };
  if (fields.perMemberLimit !== null && !isCount(fields.perMemberLimit, 1, REWARD_LIMITS.stock))
    return { field: "per_member_limit", rule: "limitInvalid" };
  if (fields.lowStockThreshold !== null && !isCount(fields.lowStockThreshold, 1, REWARD_LIMITS.stock))
    return { field: "low_stock_threshold", rule: "lowStockThresholdInvalid" };
  if (!isCount(fields.voucherValidDays, 1, REWARD_LIMITS.validDays))
    return { field: "voucher_valid_days", rule: "validDaysInvalid" };
  if (!Number.isSafeInteger(fields.sortOrder)) return { field: "sort_order", rule: "sortOrderInvalid" };
  return null;
}

/** Whether a member may redeem the reward at `at`: active and inside its window. */
export const isRedeemable = (reward: RewardRow, at: number) =>
  reward.active === 1 &&
  (reward.starts_at === null || reward.starts_at <= at) &&
  (reward.ends_at === null || reward.ends_at > at);

/** The catalogue: what an operator writes, what members are shown. */
export class Rewards {
  constructor(
    private readonly repository: CoinSchemeRepository,
    private readonly now: () => number,
    private readonly soldOut: SoldOutRewards,
    private readonly lowStock?: LowStockObserver,
  ) {}

  /**
   * In catalogue order. `activeOnly`: the rewards a member may redeem now (active, inside their
   * window). With `memberRef`, each says how many of it that member's account holds, and the
   * rewards of segments the account is not in are left out (an offer only its members see).
   */
  async list(filter: { activeOnly: boolean; memberRef?: string | undefined }): Promise<RewardsResult> {
    const at = this.now();
    const all = await this.repository.rewards.rewardList(filter.activeOnly ? at : null);
    if (filter.memberRef === undefined) return { rewards: all.map((row) => rewardView(row)) };
    const account = await this.repository.accountByMemberRef(filter.memberRef);
    const rows = await rewardsForAccount(this.repository, all, account?.id ?? null, at);
    const held = account
      ? await this.repository.rewards.heldByAccount(account.id)
      : new Map<number, number>();
    return { rewards: rows.map((row) => rewardView(row, held.get(row.id) ?? 0)) };
  }

  /** One reward; with `memberRef`, as the list shows it to that member (6020 for another segment's). */
  async get(id: number, memberRef?: string): Promise<RewardResult> {
    const row = await this.repository.rewards.reward(id);
    if (!row) throw new SchemeError(SchemeErrorCode.rewardNotFound, { reward_id: id });
    if (memberRef === undefined) return { reward: rewardView(row) };
    const account = await this.repository.accountByMemberRef(memberRef);
    const [shown] = await rewardsForAccount(this.repository, [row], account?.id ?? null, this.now());
    if (!shown) throw new SchemeError(SchemeErrorCode.rewardNotFound, { reward_id: id });
    const held = account
      ? await this.repository.rewards.heldByAccount(account.id)
      : new Map<number, number>();
    return { reward: rewardView(row, held.get(row.id) ?? 0) };
  }

  async create(fields: RewardFields): Promise<RewardResult> {
    await this.check(fields);
    const at = this.now();
    const row = await this.repository.rewards.insertReward({
      ...columnsOf(fields),
      stock: fields.stock ?? 0,
      created_at: at,
      updated_at: at,
    });
    return { reward: rewardView(row) };
  }

  /**
   * Replaces every field but the stock (a stock given here is ignored: changeStock moves it). A new
   * low-stock threshold re-arms the alert, so the next redemption at or below it alerts.
   */
  async replace(id: number, fields: RewardFields): Promise<RewardResult> {
    await this.check({ ...fields, stock: undefined });
    const before = await this.repository.rewards.reward(id);
    if (!before) throw new SchemeError(SchemeErrorCode.rewardNotFound, { reward_id: id });
    const rearm = before.low_stock_threshold !== fields.lowStockThreshold;
    const row = await this.repository.rewards.updateReward(id, {
      ...columnsOf(fields),
      ...(rearm ? { low_stock_alerted_at: null } : {}),
      updated_at: this.now(),
    });
    if (!row) throw new SchemeError(SchemeErrorCode.rewardNotFound, { reward_id: id });
    return { reward: rewardView(row) };
  }

  /**
   * Adds or removes units in one conditional statement: never below zero (4000 `stockNegative`).
   * A restock that leaves the reward above its low-stock threshold re-arms the alert; a removal
   * that takes it to or below fires it as a redemption would.
   */
  async changeStock(id: number, change: number): Promise<RewardResult> {
    if (!Number.isSafeInteger(change) || change === 0 || Math.abs(change) > REWARD_LIMITS.stock)
      throw schemeValidationError("change", "stockChangeInvalid");
    const at = this.now();
    const row = await this.repository.rewards.changeStock(id, change, at);
    if (row) {
      this.soldOut.clear(id);
      if (change > 0) {
        await this.repository.rewards.rearmLowStock(id);
      } else {
        const crossing = await lowStockAfterDecrease(
          this.repository.rewards,
          row,
          row.stock,
          "stock_change",
          at,
        );
        reportLowStock(this.lowStock, crossing);
      }
      return { reward: rewardView(row) };
    }
    if (!(await this.repository.rewards.reward(id)))
      throw new SchemeError(SchemeErrorCode.rewardNotFound, { reward_id: id });
    throw schemeValidationError("change", "stockNegative");
  }

  private async check(fields: RewardFields) {
    const broken = rewardFieldsRule(fields);
    if (broken) throw schemeValidationError(broken.field, broken.rule);
    for (const storeCode of fields.storeCodes) {
      if (!(await this.repository.store(storeCode)))
        throw new SchemeError(SchemeErrorCode.unknownStore, { store_code: storeCode });
    }
    if (fields.segmentId != null && !(await this.repository.segments.one(fields.segmentId)))
      throw schemeValidationError("segment_id", "segmentUnknown");
  }
}

function columnsOf(
  fields: RewardFields,
): Omit<HcoinRewardsTable, "id" | "stock" | "created_at" | "updated_at" | "low_stock_alerted_at"> {
  return {
    kind: fields.kind,
    coins: fields.coins,
    value_cents: fields.valueCents,
    store_codes: JSON.stringify([...new Set(fields.storeCodes)]),
    title_en: fields.title.en,
    title_tc: fields.title.tc,
    title_sc: fields.title.sc,
    description_en: fields.description.en,
    description_tc: fields.description.tc,
    description_sc: fields.description.sc,
    terms_en: fields.terms.en,
    terms_tc: fields.terms.tc,
    terms_sc: fields.terms.sc,
    image_url: fields.imageUrl,
    starts_at: fields.startsAt,
    ends_at: fields.endsAt,
    per_member_limit: fields.perMemberLimit,
    low_stock_threshold: fields.lowStockThreshold,
    voucher_valid_days: fields.voucherValidDays,
    active: fields.active ? 1 : 0,
    sort_order: fields.sortOrder,
    segment_id: fields.segmentId ?? null,
  };
}
