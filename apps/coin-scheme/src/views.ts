import type { EarnLine } from "@hcoins/domain/earn-lines";
import { formatCents, formatMultiplier } from "@hcoins/domain/earn-rules";
import type { SchemeAccount, SchemeReward, SchemeTransaction, SchemeVoucher } from "./api-schemas.ts";
import { stockLevel } from "./low-stock-alerts.ts";
import type { AccountRow, EntryRow, RewardRow, VoucherRow } from "./tables.ts";
import { formatVoucherCode } from "./voucher-codes.ts";

/** Rows as the API shows them (api-schemas.ts): times as ISO text, amounts as HKD text, flags as booleans. */

export const iso = (ms: number) => new Date(ms).toISOString();

export function accountView(row: AccountRow): SchemeAccount {
  return {
    hcoins_memberno: row.hcoins_memberno,
    mobile_phone_prefix: row.mobile_phone_prefix,
    mobile_phone: row.mobile_phone,
    linked: row.linked_member_ref !== null,
    linked_member_ref: row.linked_member_ref,
    linked_at: row.linked_at === null ? null : iso(row.linked_at),
    created_at: iso(row.created_at),
    birth_month: row.birth_month,
    balance: row.balance,
    suspended: row.suspended_at !== null,
  };
}

/** `lines`: a purchase's or refund's earn lines (hcoin_earn_lines); none for other kinds. */
export function entryView(row: EntryRow, account: AccountRow, lines: EarnLine[] = []): SchemeTransaction {
  return {
    id: row.id,
    kind: row.kind,
    hcoins_memberno: account.hcoins_memberno,
    store_code: row.store_code,
    receipt_no: row.receipt_no,
    refund_no: row.refund_no,
    actor_type: row.actor_type,
    actor: row.actor,
    client: row.client,
    reason: row.reason,
    net_amount: formatCents(row.net_cents),
    electronic_amount: formatCents(row.electronic_cents),
    partner_store: row.partner_store === 1,
    birthday_multiplier: formatMultiplier(row.birthday_multiplier),
    holiday_multiplier: formatMultiplier(row.holiday_multiplier),
    base_coins: row.base_coins,
    birthday_bonus: row.birthday_bonus,
    holiday_bonus: row.holiday_bonus,
    coins: row.coins,
    remaining: row.remaining,
    expires_at: row.expires_at === null ? null : iso(row.expires_at),
    reward_id: row.reward_id,
    voucher_code: row.voucher_code === null ? null : formatVoucherCode(row.voucher_code),
    created_at: iso(row.created_at),
    lines,
  };
}

const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
const centsOrNull = (cents: number | null) => (cents === null ? null : formatCents(cents));

export const rewardTitle = (row: RewardRow) => ({ en: row.title_en, tc: row.title_tc, sc: row.title_sc });

/** `redeemedByMember`: the vouchers of it a member holds, when the caller asked about one. */
export function rewardView(row: RewardRow, redeemedByMember: number | null = null): SchemeReward {
  return {
    id: row.id,
    kind: row.kind,
    coins: row.coins,
    stock: row.stock,
    value_amount: centsOrNull(row.value_cents),
    store_codes: JSON.parse(row.store_codes) as string[],
    title: rewardTitle(row),
    description: { en: row.description_en, tc: row.description_tc, sc: row.description_sc },
    terms: { en: row.terms_en, tc: row.terms_tc, sc: row.terms_sc },
    image_url: row.image_url,
    starts_at: isoOrNull(row.starts_at),
    ends_at: isoOrNull(row.ends_at),
    per_member_limit: row.per_member_limit,
    low_stock_threshold: row.low_stock_threshold,
    stock_level: stockLevel(row),
    voucher_valid_days: row.voucher_valid_days,
    active: row.active === 1,
    sort_order: row.sort_order,
    segment_id: row.segment_id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    redeemed_by_member: redeemedByMember,
  };
}

/** An issued voucher past its last valid instant shows as expired. */
export function voucherView(
  row: VoucherRow,
  reward: RewardRow,
  hcoinsMemberNo: string,
  now: number,
): SchemeVoucher {
  return {
    id: row.id,
    code: formatVoucherCode(row.code),
    reward_id: row.reward_id,
    kind: reward.kind,
    title: rewardTitle(reward),
    value_amount: centsOrNull(row.value_cents),
    store_codes: JSON.parse(row.store_codes) as string[],
    hcoins_memberno: hcoinsMemberNo,
    coins: row.coins,
    status: row.status === "issued" && now > row.valid_until ? "expired" : row.status,
    issued_at: iso(row.issued_at),
    valid_until: iso(row.valid_until),
    used_at: isoOrNull(row.used_at),
    used_store_code: row.used_store_code,
    used_receipt_no: row.used_receipt_no,
    cancelled_at: isoOrNull(row.cancelled_at),
    cancel_reason: row.cancel_reason,
    goodwill: row.goodwill_coins !== null,
  };
}
