import { formatCents, formatMultiplier } from "@hcoins/domain/earn-rules";
import type { SchemeAccount, SchemeTransaction } from "./api-schemas.ts";
import type { AccountRow, EntryRow } from "./tables.ts";

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
  };
}

export function entryView(row: EntryRow, account: AccountRow): SchemeTransaction {
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
    created_at: iso(row.created_at),
  };
}
