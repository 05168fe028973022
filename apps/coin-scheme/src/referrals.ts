import { formatCents } from "@hcoins/domain/earn-rules";
import type { ReferralListResult, ReferralSettingsResult, ReferralView } from "./api-schemas.ts";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import type { LowStockCrossing } from "./low-stock-alerts.ts";
import type { ReferralListFilter } from "./referral-repository.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import { isRedeemable } from "./rewards.ts";
import type { AccountRow, EntryRow, ReferralRefusal, ReferralRow, RewardRow } from "./tables.ts";
import { iso } from "./views.ts";
import { issueVoucher } from "./voucher-issue.ts";

/*
 * Referrals: a member who registered with another member's referral code, and whose first
 * qualifying purchase rewards both of them, once. The member server records the referral when the
 * referred member's account is linked (its scheme outbox, `recordReferral`); the purchase calls
 * `rewardReferralOnPurchase` in its own transaction, after the credit is posted.
 */

/** The hcoin_settings key of the operators' referral settings. */
const SETTINGS_KEY = "referrals";

/** What operators set (PUT /referral-settings); absent, no referral is rewarded (they stay pending). */
export interface ReferralSettings {
  /** Off: referrals are still recorded, and stay pending, but no purchase rewards them. */
  active: boolean;
  /** Catalogue rewards issued as vouchers, at no coins, to the referrer and to the new member. */
  referrerRewardId: number;
  referredRewardId: number;
  /** The least net amount of the first purchase that qualifies (a smaller one leaves it pending). */
  minNetCents: number;
  /** Rewarded referrals per referrer at most; null = no cap. */
  capPerReferrer: number | null;
}

export async function referralSettings(repository: CoinSchemeRepository): Promise<ReferralSettings | null> {
  const row = await repository.setting(SETTINGS_KEY);
  return row ? (JSON.parse(row.value) as ReferralSettings) : null;
}

/** Stores the settings once both rewards are in the catalogue (6060 names the one that is not). */
export async function setReferralSettings(
  repository: CoinSchemeRepository,
  settings: ReferralSettings,
  by: string,
  at: number,
): Promise<ReferralSettingsResult> {
  for (const rewardId of [settings.referrerRewardId, settings.referredRewardId]) {
    if (!(await repository.rewards.reward(rewardId)))
      throw new SchemeError(SchemeErrorCode.referralRewardUnknown, { reward_id: rewardId });
  }
  await repository.setSetting(SETTINGS_KEY, JSON.stringify(settings), by, at);
  return referralSettingsResult(repository);
}

export async function referralSettingsResult(
  repository: CoinSchemeRepository,
): Promise<ReferralSettingsResult> {
  const settings = await referralSettings(repository);
  const row = await repository.setting(SETTINGS_KEY);
  return {
    settings: settings && {
      active: settings.active,
      referrer_reward_id: settings.referrerRewardId,
      referred_reward_id: settings.referredRewardId,
      min_net_amount: formatCents(settings.minNetCents),
      cap_per_referrer: settings.capPerReferrer,
    },
    updated_by: row?.updated_by ?? null,
    updated_at: row ? iso(row.updated_at) : null,
  };
}

export interface ReferralRecord {
  /** The member references the accounts are linked to (the member number, or the id). */
  referrerMemberRef: string;
  referredMemberRef: string;
  /** The member server's keyed hashes of the referred member's mobile number and device id. */
  phoneHash: string | null;
  deviceHash: string | null;
}

/**
 * Records a referral, once per referred account: sent again (the outbox's retry) it answers the
 * row it made. Refused at once (the row says why) when the referrer has no account, refers
 * themselves, or the number or device was referred before by a referral pending or rewarded.
 */
export async function recordReferral(
  repository: CoinSchemeRepository,
  record: ReferralRecord,
  at: number,
): Promise<ReferralView> {
  const referred = await repository.accountByMemberRef(record.referredMemberRef);
  if (!referred) throw new SchemeError(SchemeErrorCode.unknownMember);
  const referrer = await repository.accountByMemberRef(record.referrerMemberRef);
  const earlier = await repository.referrals.byReferred(referred.id);
  if (earlier) {
    if (earlier.referrer_account_id !== (referrer?.id ?? null))
      throw new SchemeError(SchemeErrorCode.referralConflict);
    return referralOf(repository, earlier);
  }
  const hashes = { phone: record.phoneHash, device: record.deviceHash };
  const refusal: ReferralRefusal | null = !referrer
    ? "referrer_no_account"
    : referrer.id === referred.id
      ? "same_account"
      : await repository.referrals.samePerson(referred.id, hashes, ["pending", "rewarded"]);
  const row = await repository.referrals.insert({
    referred_account_id: referred.id,
    referrer_account_id: referrer?.id ?? null,
    phone_hash: record.phoneHash,
    device_hash: record.deviceHash,
    state: refusal ? "refused" : "pending",
    refused_reason: refusal,
    recorded_at: at,
    decided_at: refusal ? at : null,
    purchase_entry_id: null,
    referrer_voucher_code: null,
    referred_voucher_code: null,
  });
  return referralOf(repository, row);
}

/** What the purchase hook did: nothing (no pending referral, or the purchase does not qualify), or its decision. */
export type ReferralOutcome =
  | { state: "none" }
  | { state: "rewarded"; referral: ReferralRow; crossings: LowStockCrossing[] }
  | { state: "refused"; reason: ReferralRefusal };

/**
 * The purchase's hook, in its transaction after the credit is posted, with the purchasing
 * account locked. When the account has a pending referral, the referral settings are active and
 * the purchase's net amount is at least the minimum, it is this first qualifying purchase that
 * decides the referral, once ever (a conditional update from `pending`; the vouchers' entry keys
 * `referral:<referred account id>:…` are unique too): both members get their reward as a voucher
 * at no coins, or the referral is refused for good (cap reached, same number or device as a
 * rewarded one, a reward unavailable, the referrer's account suspended). It never throws for
 * what it decides, so a purchase is never refused for its referral; a reward that sells out
 * between the check and the issue (a race) does throw, and the till's retry finds it refused.
 *
 * Locks: the referrer's account after the referred's. A referral always points at a member who
 * held a code before, so the waits do not go round in a circle in practice; were they to
 * (PostgreSQL reports the deadlock), one purchase fails and its till retries.
 */
export async function rewardReferralOnPurchase(
  repository: CoinSchemeRepository,
  locked: AccountRow,
  purchase: EntryRow,
  at: number,
): Promise<ReferralOutcome> {
  const referral = await repository.referrals.byReferred(locked.id);
  if (referral?.state !== "pending" || referral.referrer_account_id === null) return { state: "none" };
  const settings = await referralSettings(repository);
  if (!settings?.active || purchase.net_cents < settings.minNetCents) return { state: "none" };
  const refuse = async (reason: ReferralRefusal): Promise<ReferralOutcome> => {
    await repository.referrals.decide(referral.id, {
      state: "refused",
      refused_reason: reason,
      decided_at: at,
      purchase_entry_id: purchase.id,
    });
    return { state: "refused", reason };
  };

  const referrer = await repository.lockAccount(referral.referrer_account_id);
  if (referrer.suspended_at !== null) return refuse("referrer_suspended");
  const hashes = { phone: referral.phone_hash, device: referral.device_hash };
  const same = await repository.referrals.samePerson(locked.id, hashes, ["rewarded"]);
  if (same) return refuse(same);
  // Counted under the referrer's lock: two referred members buying at once are counted one after the other.
  if (
    settings.capPerReferrer !== null &&
    (await repository.referrals.rewardedCount(referrer.id)) >= settings.capPerReferrer
  )
    return refuse("cap_reached");
  const referrerReward = await repository.rewards.reward(settings.referrerRewardId);
  const referredReward = await repository.rewards.reward(settings.referredRewardId);
  if (
    !(await issuable(repository, referrerReward, referrer, at, settings)) ||
    !(await issuable(repository, referredReward, locked, at, settings))
  )
    return refuse("reward_unavailable");

  const entry = (side: "referrer" | "referred", reward: RewardRow) => ({
    key: `referral:${locked.id}:${side}`,
    actorType: "client" as const,
    actor: "referral",
    client: purchase.client,
    reason: `referral reward (reward ${reward.id}) for the first purchase of ${locked.hcoins_memberno}`,
  });
  const toReferrer = await issueVoucher(
    repository,
    referrer,
    referrerReward as RewardRow,
    entry("referrer", referrerReward as RewardRow),
    { coins: 0 },
    "referral",
    at,
  );
  const toReferred = await issueVoucher(
    repository,
    locked,
    referredReward as RewardRow,
    entry("referred", referredReward as RewardRow),
    { coins: 0 },
    "referral",
    at,
  );
  await repository.referrals.decide(referral.id, {
    state: "rewarded",
    decided_at: at,
    purchase_entry_id: purchase.id,
    referrer_voucher_code: toReferrer.voucher.code,
    referred_voucher_code: toReferred.voucher.code,
  });
  const crossings = [toReferrer.crossing, toReferred.crossing].filter((c) => c !== null);
  return {
    state: "rewarded",
    referral: (await repository.referrals.byReferred(locked.id)) as ReferralRow,
    crossings,
  };
}

/** Offered now, in stock (two units when both sides get the same reward), under the account's per-member limit. */
async function issuable(
  repository: CoinSchemeRepository,
  reward: RewardRow | undefined,
  account: AccountRow,
  at: number,
  settings: ReferralSettings,
): Promise<boolean> {
  if (!reward || !isRedeemable(reward, at)) return false;
  const units = settings.referrerRewardId === settings.referredRewardId ? 2 : 1;
  if (reward.stock < units) return false;
  if (reward.per_member_limit === null) return true;
  const held = (await repository.rewards.heldByAccount(account.id, reward.id)).get(reward.id) ?? 0;
  return held < reward.per_member_limit;
}

/** Referrals for operators (and a member's own, by account), newest first. */
export async function listReferrals(
  repository: CoinSchemeRepository,
  filter: ReferralListFilter & { hcoinsMemberNo?: string | undefined },
  limit: number,
  offset: number,
): Promise<ReferralListResult> {
  let accountId: number | undefined;
  if (filter.hcoinsMemberNo !== undefined) {
    const account = await repository.accountByMemberNo(filter.hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    accountId = account.id;
  }
  const rows = await repository.referrals.list({ state: filter.state, accountId }, limit + 1, offset);
  return {
    referrals: rows.slice(0, limit).map((row) => viewOf(row, row.referrer_memberno, row.referred_memberno)),
    has_more: rows.length > limit,
  };
}

async function referralOf(repository: CoinSchemeRepository, row: ReferralRow): Promise<ReferralView> {
  const referred = await repository.accountById(row.referred_account_id);
  const referrer =
    row.referrer_account_id === null ? undefined : await repository.accountById(row.referrer_account_id);
  return viewOf(row, referrer?.hcoins_memberno ?? null, referred?.hcoins_memberno ?? "");
}

const viewOf = (row: ReferralRow, referrer: string | null, referred: string): ReferralView => ({
  id: row.id,
  referrer_memberno: referrer,
  referred_memberno: referred,
  state: row.state,
  refused_reason: row.refused_reason,
  recorded_at: iso(row.recorded_at),
  decided_at: row.decided_at === null ? null : iso(row.decided_at),
  referrer_voucher_code: row.referrer_voucher_code,
  referred_voucher_code: row.referred_voucher_code,
});
