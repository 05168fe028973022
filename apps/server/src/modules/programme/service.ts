import type { SchemeReward } from "@hcoins/coin-scheme/contract";
import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import type { consoleTiers } from "@hcoins/domain/api/console-programme";
import { ErrorCode } from "@hcoins/domain/codes";
import { expiryPreviewAt } from "@hcoins/domain/expiry-preview";
import { parseExpiryPolicy } from "@hcoins/domain/ledger-rules";
import { tillKeyNameRule, tillKeyStores, tillKeyStoresRule } from "@hcoins/domain/till-key-rules";
import type { TillKey } from "@hcoins/domain/till-key-schema";
import { AppError, validationError } from "../../errors.ts";
import type { Actor, AuditService } from "../audit/service.ts";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
  type RewardInput,
} from "../coins/coin-scheme-client.ts";
import { StoreInputError, type StoreService } from "../stores/service.ts";
import { rewardInputOf } from "./reward-input.ts";
import { TIER_REFUSALS, tierLadderInputOf } from "./tier-ladder-input.ts";
import { tillKeyCall } from "./till-key-refusals.ts";

/** The scheme's error codes this service turns into the contract's. */
const SCHEME_VALIDATION = 4000;
const SCHEME_NO_SUCH_REWARD = 6020;
const SCHEME_UNKNOWN_STORE = 6014;

/**
 * A reward's fields an operator writes, and the stock: what an audit entry keeps of it, and the
 * console's view of it with its id.
 */
export const rewardFields = (reward: SchemeReward) => ({
  kind: reward.kind,
  coins: reward.coins,
  stock: reward.stock,
  value_amount: reward.value_amount,
  store_codes: reward.store_codes,
  title: reward.title,
  description: reward.description,
  terms: reward.terms,
  image_url: reward.image_url,
  starts_at: reward.starts_at,
  ends_at: reward.ends_at,
  per_member_limit: reward.per_member_limit,
  low_stock_threshold: reward.low_stock_threshold,
  stock_level: reward.stock_level,
  voucher_valid_days: reward.voucher_valid_days,
  active: reward.active,
  sort_order: reward.sort_order,
  segment_id: reward.segment_id,
});

/**
 * The programme's settings kept by the coin scheme, changed by an operator (console or command
 * line): each change one audit entry with what it was before and after.
 */
export class ProgrammeService {
  constructor(
    private readonly scheme: CoinSchemeClient,
    private readonly audit: AuditService,
    private readonly stores: StoreService,
    private readonly now: () => number,
  ) {}

  async rewards(): Promise<SchemeReward[]> {
    return (await this.ask(() => this.scheme.rewards({ activeOnly: false }))).rewards;
  }

  /**
   * How many of the rewards members may redeem now are low on stock (at or below their threshold)
   * and sold out: the metrics' gauge, read at each scrape. Withdrawn or out-of-window rewards are
   * left out: nobody needs to restock what members cannot redeem.
   */
  async stockLevels(): Promise<{ low: number; sold_out: number }> {
    const { rewards } = await this.ask(() => this.scheme.rewards({ activeOnly: true }));
    return {
      low: rewards.filter((reward) => reward.stock_level === "low").length,
      sold_out: rewards.filter((reward) => reward.stock_level === "sold_out").length,
    };
  }

  /** Adds or removes units; a change that would leave fewer than none is refused (4000 `stockNegative`). */
  async changeStock(id: number, change: number, by: Actor): Promise<SchemeReward> {
    const before = await this.reward(id);
    if (before.stock + change < 0) throw validationError([{ field: "change", rule: "stockNegative" }]);
    // A redemption between the check and the change is refused by the scheme the same way.
    const { reward } = await this.ask(() => this.scheme.changeStock(id, change), "change");
    await this.record(by, "reward.stock", id, { stock: before.stock }, { stock: reward.stock, change });
    return reward;
  }

  /** A new reward with its first stock; the scheme's refusals as field errors (4000). */
  async createReward(input: RewardInput, by: Actor): Promise<SchemeReward> {
    const { reward } = await this.askReward(() => this.scheme.saveReward(input));
    await this.audit.record({
      ...by,
      action: "reward.create",
      target: `reward:${reward.id}`,
      after: rewardFields(reward),
    });
    return reward;
  }

  /** Replaces the reward's fields (not its stock): one audit entry with the fields that changed. */
  async editReward(id: number, input: RewardInput, by: Actor): Promise<SchemeReward> {
    const before = await this.reward(id);
    const { reward } = await this.askReward(() => this.scheme.saveReward({ ...input, stock: undefined }, id));
    const [was, is] = [rewardFields(before), rewardFields(reward)];
    const changed = Object.keys(is).filter(
      (key) => JSON.stringify(was[key as keyof typeof was]) !== JSON.stringify(is[key as keyof typeof is]),
    );
    const pick = (view: Record<string, unknown>) =>
      Object.fromEntries(changed.map((key) => [key, view[key]]));
    await this.record(by, "reward.edit", id, pick(was), pick(is));
    return reward;
  }

  /** A reward's base for an edit: what the scheme holds now (4040 when there is none). */
  async rewardInput(id: number): Promise<RewardInput> {
    return rewardInputOf(await this.reward(id));
  }

  async oneReward(id: number): Promise<SchemeReward> {
    return this.reward(id);
  }

  async setRewardActive(id: number, active: boolean, by: Actor): Promise<SchemeReward> {
    const before = await this.reward(id);
    const { reward } = await this.ask(() => this.scheme.saveReward({ ...rewardInputOf(before), active }, id));
    await this.record(
      by,
      active ? "reward.activate" : "reward.deactivate",
      id,
      { active: before.active },
      { active: reward.active },
    );
    return reward;
  }

  /** The policy and the dry run of the next daily expiry run. */
  async expiry() {
    const [policy, nextRun] = await Promise.all([
      this.ask(() => this.scheme.expiryPolicy()),
      this.ask(() => this.scheme.previewExpiry()),
    ]);
    return { ...policy, next_run: nextRun };
  }

  /** The dry run of everything due by the end of Hong Kong day `date`; 4000 on `date` for a day out of range. */
  async expiryPreview(date: string) {
    const when = expiryPreviewAt(date, this.now());
    if ("rule" in when) throw validationError([{ field: "date", rule: when.rule }]);
    const preview = await this.ask(() => this.scheme.previewExpiry(when.at));
    return { date, ...preview };
  }

  /**
   * `none`, `year-end` or `<N>-months` (1 to 120); 4000 `expiryPolicy` otherwise. The scheme
   * records `operator` as who set it (the actor unless the command line names someone else).
   */
  async setExpiryPolicy(text: string, by: Actor, operator = by.actor) {
    const policy = parseExpiryPolicy(text);
    if (!policy) throw validationError([{ field: "policy", rule: "expiryPolicy" }]);
    const before = await this.ask(() => this.scheme.expiryPolicy());
    const after = await this.ask(() => this.scheme.setExpiryPolicy(policy, operator));
    await this.audit.record({
      ...by,
      action: "expiryPolicy.set",
      target: "expiry-policy",
      before: { policy: before.policy },
      after: { policy: after.policy },
    });
    return after;
  }

  /** The tier ladder with its window and review rule. */
  tierLadder() {
    return this.ask(() => this.scheme.tierLadder());
  }

  /** Replaces the ladder (tier-ladder-input.ts reads the amounts and multipliers); one audit entry with before and after. */
  async setTierLadder(body: ConsoleBodyOf<typeof consoleTiers.set>, by: Actor) {
    const input = tierLadderInputOf(body);
    if ("errors" in input) throw validationError(input.errors);
    const before = await this.ask(() => this.scheme.tierLadder());
    let after: Awaited<ReturnType<CoinSchemeClient["setTierLadder"]>>;
    try {
      after = await this.scheme.setTierLadder(input.ladder, by.actor);
    } catch (error) {
      const refusal = error instanceof CoinSchemeRefusedError ? TIER_REFUSALS[error.errorCode] : undefined;
      if (refusal) throw validationError([refusal]);
      return this.ask(() => Promise.reject(error));
    }
    const { updated_by: _by, updated_at: _at, ...was } = before;
    const { updated_by: _byNow, updated_at: _atNow, ...now } = after;
    await this.audit.record({ ...by, action: "tiers.set", target: "tiers", before: was, after: now });
    return after;
  }

  /** Every store's partner flag here beside the scheme registry's (null: not registered). */
  async storeFlags() {
    const [here, scheme] = await Promise.all([
      this.stores.partnerFlags(),
      this.ask(() => this.scheme.stores()),
    ]);
    const names = await this.stores.namesOf(here.map((store) => store.code));
    const inScheme = new Map(scheme.stores.map((store) => [store.store_code, store.partner_property]));
    return here.map((store) => ({
      code: store.code,
      name: names.get(store.code) ?? null,
      partner: store.partner_property === 1,
      scheme_partner: inScheme.get(store.code) ?? null,
    }));
  }

  /** Here and in the scheme's registry (as the CLI's store-partner); 4040 for an unknown code. */
  async setStorePartner(code: string, partner: boolean, by: Actor) {
    const before = (await this.storeFlags()).find((store) => store.code === code);
    if (!before) throw new AppError(ErrorCode.notFound);
    try {
      await this.stores.setPartnerProperty(code, partner);
    } catch (error) {
      if (error instanceof StoreInputError) throw new AppError(ErrorCode.notFound);
      if (error instanceof CoinSchemeRefusedError || error instanceof CoinSchemeUnavailableError)
        throw new AppError(ErrorCode.serviceUnavailable);
      throw error;
    }
    const after = (await this.storeFlags()).find((store) => store.code === code) ?? before;
    await this.audit.record({
      ...by,
      action: "store.partner",
      target: `store:${code}`,
      before: { partner: before.partner, scheme_partner: before.scheme_partner },
      after: { partner: after.partner, scheme_partner: after.scheme_partner },
    });
    return after;
  }

  /** The till keys operators made, newest first, live and revoked; never a key itself. */
  async tillKeys(): Promise<TillKey[]> {
    return (await this.ask(() => this.scheme.tillKeys())).till_keys;
  }

  /**
   * A till key bound to stores of the scheme's registry: the key is in this answer only, and
   * never in the audit entry. 4000 `name` (tillKeyName, tillKeyNameTaken), `stores` (storeCode,
   * tooMany, unknownStore).
   */
  async createTillKey(input: { name: string; stores: readonly string[] }, by: Actor) {
    const name = input.name.trim();
    const stores = this.checkedStores(input.stores, tillKeyNameRule(name));
    const created = await this.ask(() =>
      tillKeyCall(() => this.scheme.createTillKey(name, stores, by.actor)),
    );
    const { till_key: key } = created;
    await this.audit.record({
      ...by,
      action: "tillKey.create",
      target: `till-key:${key.id}`,
      after: { name: key.name, stores: key.stores },
    });
    return created;
  }

  /** Binds the key to other stores; 4040 no such key, 4000 `id` revoked, `stores` as createTillKey. */
  async setTillKeyStores(id: number, storeCodes: readonly string[], by: Actor): Promise<TillKey> {
    const stores = this.checkedStores(storeCodes, null);
    const before = await this.tillKey(id);
    const { till_key: after } = await this.ask(() =>
      tillKeyCall(() => this.scheme.setTillKeyStores(id, stores)),
    );
    await this.audit.record({
      ...by,
      action: "tillKey.stores",
      target: `till-key:${id}`,
      before: { name: before.name, stores: before.stores },
      after: { name: after.name, stores: after.stores },
    });
    return after;
  }

  /** The scheme refuses the key from its next call; 4040 no such key, 4000 `id` revoked already. */
  async revokeTillKey(id: number, by: Actor): Promise<TillKey> {
    const before = await this.tillKey(id);
    const { till_key: after } = await this.ask(() =>
      tillKeyCall(() => this.scheme.revokeTillKey(id, by.actor)),
    );
    await this.audit.record({
      ...by,
      action: "tillKey.revoke",
      target: `till-key:${id}`,
      before: { name: before.name, revoked_at: before.revoked_at },
      after: { name: after.name, revoked_at: after.revoked_at },
    });
    return after;
  }

  private async tillKey(id: number): Promise<TillKey> {
    const key = (await this.tillKeys()).find((one) => one.id === id);
    if (!key) throw new AppError(ErrorCode.notFound);
    if (key.revoked_at !== null) throw validationError([{ field: "id", rule: "revoked" }]);
    return key;
  }

  /** The codes without blanks or repeats; 4000 naming every field that breaks a rule (with the name's rule, if any). */
  private checkedStores(storeCodes: readonly string[], nameRule: string | null): string[] {
    const stores = tillKeyStores(storeCodes);
    const storesRule = tillKeyStoresRule(stores);
    const errors = [
      ...(nameRule ? [{ field: "name", rule: nameRule }] : []),
      ...(storesRule ? [{ field: "stores", rule: storesRule }] : []),
    ];
    if (errors.length > 0) throw validationError(errors);
    return stores;
  }

  private async reward(id: number): Promise<SchemeReward> {
    return (await this.ask(() => this.scheme.reward(id))).reward;
  }

  private record(
    by: Actor,
    action: string,
    id: number,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) {
    return this.audit.record({ ...by, action, target: `reward:${id}`, before, after });
  }

  /** A reward written: the scheme's 4000 as the same field errors, an unknown store (6014) as `store_codes`. */
  private async askReward<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof CoinSchemeRefusedError && error.errorCode === SCHEME_UNKNOWN_STORE)
        throw validationError([{ field: "store_codes", rule: "storeUnknown" }]);
      if (
        error instanceof CoinSchemeRefusedError &&
        error.errorCode === SCHEME_VALIDATION &&
        error.fieldErrors.length > 0
      )
        throw validationError(error.fieldErrors);
      return this.ask(() => Promise.reject(error));
    }
  }

  /** The scheme's refusals as the contract's errors; an unreachable scheme is a 5030. */
  private async ask<T>(call: () => Promise<T>, stockField?: string): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof CoinSchemeRefusedError && error.errorCode === SCHEME_NO_SUCH_REWARD)
        throw new AppError(ErrorCode.notFound);
      if (stockField && error instanceof CoinSchemeRefusedError && error.errorCode === SCHEME_VALIDATION)
        throw validationError([{ field: stockField, rule: "stockNegative" }]);
      if (error instanceof CoinSchemeRefusedError || error instanceof CoinSchemeUnavailableError)
        throw new AppError(ErrorCode.serviceUnavailable);
      throw error;
    }
  }
}
