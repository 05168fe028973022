import type {
  LedgerResult,
  SchemeReward,
  SchemeTransaction,
  SchemeVoucher,
} from "@hcoins/coin-scheme/contract";
import { memberFacingReason } from "@hcoins/domain/adjustment-reasons";
import type { HistoryEntry, MemberReward, MemberVoucher } from "@hcoins/domain/api/member-coins";
import type { LocalizedText } from "@hcoins/domain/languages";

/*
 * The scheme's wire shapes as a member sees them: stores named in the three languages (the
 * scheme knows codes only), reward titles on history lines, what a reward means for this member
 * now. Nothing of the scheme's bookkeeping (actors, clients, remaining coins) goes out.
 */

/** Store code → name, from the stores service; a code missing here is named null. */
export type StoreNames = ReadonlyMap<string, LocalizedText>;

const storesNamed = (codes: readonly string[], names: StoreNames) =>
  codes.map((store_code) => ({ store_code, name: names.get(store_code) ?? null }));

const AMOUNT_KINDS = new Set<SchemeTransaction["kind"]>(["purchase", "refund"]);

export function historyEntry(
  entry: SchemeTransaction,
  titles: ReadonlyMap<number, LocalizedText>,
  stores: StoreNames,
): HistoryEntry {
  return {
    id: entry.id,
    kind: entry.kind,
    coins: entry.coins,
    created_at: entry.created_at,
    store_code: entry.store_code,
    store_name: entry.store_code === null ? null : (stores.get(entry.store_code) ?? null),
    receipt_no: entry.receipt_no,
    net_amount: AMOUNT_KINDS.has(entry.kind) ? entry.net_amount : null,
    bonus_coins: entry.birthday_bonus + entry.holiday_bonus,
    // The member's statement: what each coin was for. A campaign's id is the programme's, not theirs.
    // A line of no coins names a reward campaign's voucher: the gift entry beside it says so.
    lines: entry.lines
      .filter((line) => line.coins !== 0)
      .map(({ kind, coins, name }) => ({ kind, coins, name })),
    // Expiry and till entries carry the scheme's own wording; an adjustment's is a reason code, shown
    // as its member-facing text (an older free text, typed for operators, as the generic one).
    reason: entry.kind === "adjustment" ? memberFacingReason(entry.reason) : null,
    reward_title: entry.reward_id === null ? null : (titles.get(entry.reward_id) ?? null),
    gift: giftOf(entry),
    voucher_code: entry.voucher_code,
    expires_at: entry.coins > 0 ? entry.expires_at : null,
  };
}

/**
 * Why the programme gave a voucher: the scheme writes a gift as a redemption of no coins, by the
 * actor that gave it (mission-stamps.ts, referrals.ts, campaign-rewards.ts, an operator's goodwill.ts).
 */
function giftOf(entry: SchemeTransaction): HistoryEntry["gift"] {
  if (entry.kind !== "redemption" || entry.coins !== 0) return null;
  if (entry.actor_type === "operator") return "goodwill";
  if (entry.actor === "mission" || entry.actor === "referral" || entry.actor === "campaign")
    return entry.actor;
  return null;
}

/** The reward titles a ledger page names, by reward id. */
export const rewardTitles = (ledger: LedgerResult) =>
  new Map(ledger.rewards.map((reward) => [reward.id, reward.title]));

/**
 * Whether the member could redeem it now. The window first (nothing else matters outside it),
 * then the member's own limit (more stock would not help them), then the stock.
 */
export function rewardState(reward: SchemeReward, now: number): MemberReward["state"] {
  if (reward.starts_at !== null && now < Date.parse(reward.starts_at)) return "notStarted";
  if (reward.ends_at !== null && now >= Date.parse(reward.ends_at)) return "ended";
  const held = reward.redeemed_by_member;
  if (reward.per_member_limit !== null && held !== null && held >= reward.per_member_limit)
    return "limitReached";
  if (reward.stock <= 0) return "soldOut";
  return "available";
}

/** `redeemed_by_member` is null unless the scheme was asked for a member: a visitor's view. */
export function memberReward(reward: SchemeReward, stores: StoreNames, now: number): MemberReward {
  return {
    id: reward.id,
    kind: reward.kind,
    coins: reward.coins,
    stock: reward.stock,
    value_amount: reward.value_amount,
    title: reward.title,
    description: reward.description,
    terms: reward.terms,
    image_url: reward.image_url,
    stores: storesNamed(reward.store_codes, stores),
    starts_at: reward.starts_at,
    ends_at: reward.ends_at,
    per_member_limit: reward.per_member_limit,
    voucher_valid_days: reward.voucher_valid_days,
    // The scheme lists a segment's reward to its members alone (reward-segments.ts).
    for_you: reward.segment_id !== null,
    redeemed: reward.redeemed_by_member,
    state: rewardState(reward, now),
  };
}

export function memberVoucher(voucher: SchemeVoucher, stores: StoreNames): MemberVoucher {
  return {
    code: voucher.code,
    reward_id: voucher.reward_id,
    kind: voucher.kind,
    title: voucher.title,
    value_amount: voucher.value_amount,
    stores: storesNamed(voucher.store_codes, stores),
    coins: voucher.coins,
    status: voucher.status,
    issued_at: voucher.issued_at,
    valid_until: voucher.valid_until,
    used_at: voucher.used_at,
    used_store_name: voucher.used_store_code === null ? null : (stores.get(voucher.used_store_code) ?? null),
    cancelled_at: voucher.cancelled_at,
  };
}
