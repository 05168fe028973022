import { earnLineSchema } from "@hcoins/domain/earn-lines";
import { LEDGER_KINDS } from "@hcoins/domain/ledger-kinds";
import type { ColumnPolicy } from "@hcoins/server-kit/column-policy";
import { z } from "zod";
import type {
  HcoinAccountsTable,
  HcoinAccountTiersTable,
  HcoinEarnLinesTable,
  HcoinLedgerTable,
  HcoinMissionProgressTable,
  HcoinMissionStampsTable,
  HcoinTierHistoryTable,
  HcoinVouchersTable,
} from "./tables.ts";
import { tierHistoryEntrySchema } from "./tier-schemas.ts";

/*
 * What the scheme holds about one person (a holder), for the programme's data protection
 * duties (Hong Kong's Personal Data (Privacy) Ordinance): everything, for an access
 * request, and anonymisation, for an erasure. A holder is the member the member server
 * names by `member_ref` together with their mobile number: the account linked to that
 * member, and an unlinked account of that number. An account of the number linked to
 * someone else is that person's, and is neither shown nor touched.
 *
 * The member server's data-protection commands ask for these through its scheme client
 * (embedded or over HTTP), and list HOLDER_COLUMNS' withheld columns in their export.
 */

export interface Holder {
  memberRef: string;
  prefix: string;
  phone: string;
}

/**
 * Every column of the scheme's personal-data tables, exported or withheld with the reason.
 * Typed against the tables, and checked against the migrated schema by holders.test.ts, so
 * that a new column cannot stay out of exports unnoticed.
 */
export const HOLDER_COLUMNS: {
  hcoin_accounts: Record<keyof HcoinAccountsTable, ColumnPolicy>;
  hcoin_ledger: Record<keyof HcoinLedgerTable, ColumnPolicy>;
  hcoin_vouchers: Record<keyof HcoinVouchersTable, ColumnPolicy>;
  hcoin_earn_lines: Record<keyof HcoinEarnLinesTable, ColumnPolicy>;
  hcoin_account_tiers: Record<keyof HcoinAccountTiersTable, ColumnPolicy>;
  hcoin_tier_history: Record<keyof HcoinTierHistoryTable, ColumnPolicy>;
  hcoin_mission_progress: Record<keyof HcoinMissionProgressTable, ColumnPolicy>;
  hcoin_mission_stamps: Record<keyof HcoinMissionStampsTable, ColumnPolicy>;
} = {
  hcoin_accounts: {
    id: { withheld: "internal row key; the account is named by hcoins_memberno" },
    hcoins_memberno: "exported",
    mobile_phone_prefix: "exported",
    mobile_phone: "exported",
    linked_member_ref: "exported",
    linked_at: "exported",
    linked_by: "exported",
    birth_month: "exported",
    balance: "exported",
    suspended_at: "exported",
    suspended_by: "exported",
    region: "exported",
    district: "exported",
    age_range: "exported",
    consent_email: "exported",
    consent_sms: "exported",
    consent_phone: "exported",
    profile_facts_at: "exported",
    created_by: "exported",
    created_at: "exported",
  },
  hcoin_ledger: {
    id: "exported",
    account_id: { withheld: "internal row key; entries are listed under their account" },
    kind: "exported",
    entry_key: {
      withheld: "idempotency key made of the store, receipt and refund numbers exported beside it",
    },
    store_code: "exported",
    receipt_no: "exported",
    refund_no: "exported",
    actor_type: "exported",
    actor: "exported",
    client: "exported",
    reason: "exported",
    net_cents: "exported",
    electronic_cents: "exported",
    partner_store: "exported",
    birthday_multiplier: "exported",
    holiday_multiplier: "exported",
    base_coins: "exported",
    birthday_bonus: "exported",
    holiday_bonus: "exported",
    coins: "exported",
    remaining: "exported",
    expires_at: "exported",
    qr_unix_seconds: "exported",
    reward_id: "exported",
    voucher_code: "exported",
    created_at: "exported",
  },
  hcoin_vouchers: {
    id: { withheld: "internal row key; the voucher is named by its code" },
    code: "exported",
    reward_id: "exported",
    account_id: { withheld: "internal row key; vouchers are listed under their account" },
    entry_id: "exported",
    coins: "exported",
    value_cents: "exported",
    store_codes: "exported",
    status: "exported",
    issued_at: "exported",
    valid_until: "exported",
    used_at: "exported",
    used_store_code: "exported",
    used_receipt_no: "exported",
    goodwill_coins: "exported",
    used_by: "exported",
    cancelled_at: "exported",
    cancelled_by: "exported",
    cancel_reason: "exported",
  },
  hcoin_earn_lines: {
    entry_id: { withheld: "internal row key; lines are listed under their transaction" },
    position: { withheld: "their order in the list" },
    kind: "exported",
    coins: "exported",
    campaign_id: "exported",
    name_en: "exported",
    name_tc: "exported",
    name_sc: "exported",
  },
  hcoin_account_tiers: {
    account_id: { withheld: "internal row key; the tier is that of the account it is listed under" },
    tier_code: { withheld: "the tier held now: the last tier_history entry's to_code" },
    reached_at: { withheld: "when the tier was reached: the last upgrade, downgrade or set of tier_history" },
    review_at: { withheld: "the next review: the last tier_history entry's review_at" },
    updated_at: { withheld: "when the row was last written: the last tier_history entry's created_at" },
  },
  hcoin_mission_progress: {
    id: { withheld: "internal row key; a card's stamps are listed under it" },
    account_id: { withheld: "internal row key; cards are listed under their account" },
    mission_id: "exported",
    period_key: "exported",
    stamps: "exported",
    completed_at: "exported",
    voucher_code: "exported",
    updated_at: "exported",
  },
  hcoin_mission_stamps: {
    progress_id: { withheld: "internal row key; stamps are listed under their card" },
    entry_id: "exported",
    brand_code: "exported",
  },
  hcoin_tier_history: {
    id: { withheld: "internal row key; entries are listed oldest first" },
    account_id: { withheld: "internal row key; entries are listed under their account" },
    reason: "exported",
    from_code: "exported",
    to_code: "exported",
    to_names: "exported",
    spend_cents: "exported",
    review_at: "exported",
    actor: "exported",
    created_at: "exported",
  },
};

/** The scheme's other tables, and why they hold nothing about a holder; with HOLDER_COLUMNS they cover the schema. */
export const TABLES_WITHOUT_HOLDER_DATA: Readonly<Record<string, string>> = {
  hcoin_stores: "coin scheme configuration (partner-property stores)",
  hcoin_settings: "coin scheme configuration (the expiry policy, tier and referral settings)",
  hcoin_rewards: "coin scheme catalogue (rewards and their stock)",
  hcoin_tiers: "coin scheme configuration (the tier ladder and who last changed it)",
  hcoin_till_keys:
    "coin scheme configuration (till keys: hash, stores, the operators who made and revoked them)",
  hcoin_campaigns: "coin scheme configuration (campaigns, their budgets and the operators who ran them)",
  hcoin_missions:
    "coin scheme configuration (e-stamp missions, their budgets and the operators who ran them)",
  hcoin_segments:
    "coin scheme configuration (segments: their names, conditions and the operators who wrote them; who is in one is worked out from the holder's own rows when asked, never stored)",
  hcoin_referrals:
    "referrals between accounts (row ids) with the member server's keyed hashes of the referred number and device, never the number or device itself: kept through an erasure so that the same person never earns a referral twice",
  coin_scheme_migration: "the scheme's migrations that have run (migrate.ts)",
  coin_scheme_migration_lock: "the lock of the scheme's migrations",
};

const isoOrNull = z.string().nullable();

export const holderTransactionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  store_code: z.string().nullable(),
  receipt_no: z.string().nullable(),
  refund_no: z.string().nullable(),
  actor_type: z.enum(["till", "client", "operator", "expiry"]),
  actor: z.string(),
  client: z.string(),
  reason: z.string(),
  net_cents: z.number().int(),
  electronic_cents: z.number().int(),
  partner_store: z.number().int(),
  birthday_multiplier: z.number().int(),
  holiday_multiplier: z.number().int(),
  base_coins: z.number().int(),
  birthday_bonus: z.number().int(),
  holiday_bonus: z.number().int(),
  coins: z.number().int(),
  remaining: z.number().int(),
  expires_at: isoOrNull,
  qr_unix_seconds: z.number().int().nullable(),
  reward_id: z.number().int().nullable(),
  voucher_code: z.string().nullable(),
  created_at: z.string(),
  /** What each coin of a purchase or refund was for (earn-lines.ts). */
  lines: z.array(earnLineSchema),
});

/** A voucher as stored (status issued, used or cancelled; times as ISO 8601). */
export const holderVoucherSchema = z.object({
  code: z.string(),
  reward_id: z.number().int(),
  entry_id: z.number().int(),
  coins: z.number().int(),
  value_cents: z.number().int().nullable(),
  store_codes: z.array(z.string()),
  status: z.enum(["issued", "used", "cancelled"]),
  issued_at: z.string(),
  valid_until: z.string(),
  used_at: isoOrNull,
  used_store_code: z.string().nullable(),
  used_receipt_no: z.string().nullable(),
  used_by: z.string().nullable(),
  cancelled_at: isoOrNull,
  cancelled_by: z.string().nullable(),
  cancel_reason: z.string().nullable(),
});

export const holderAccountSchema = z.object({
  hcoins_memberno: z.string(),
  mobile_phone_prefix: z.string(),
  mobile_phone: z.string(),
  linked_member_ref: z.string().nullable(),
  linked_at: isoOrNull,
  linked_by: z.string().nullable(),
  birth_month: z.number().int().nullable(),
  /** The profile facts the member server sent for segments (null: none given, or none sent yet). */
  region: z.string().nullable(),
  district: z.string().nullable(),
  age_range: z.string().nullable(),
  /** Direct-marketing consent per channel as sent: 1 agreed, 0 not. */
  consent_email: z.number().int().nullable(),
  consent_sms: z.number().int().nullable(),
  consent_phone: z.number().int().nullable(),
  /** When the member server last sent them. */
  profile_facts_at: isoOrNull,
  created_by: z.string(),
  created_at: z.string(),
  /** The balance row: the sum of `coins` over the transactions. */
  balance: z.number().int(),
  /** Oldest first, every one. */
  transactions: z.array(holderTransactionSchema),
  /** Every voucher its redemptions issued, oldest first. */
  vouchers: z.array(holderVoucherSchema),
  /** Every change and review of its tier, oldest first (amounts as HKD text, names as they were then). */
  tier_history: z.array(tierHistoryEntrySchema),
  /** Its e-stamp mission cards, one per mission and period, with the purchases (transaction ids) that stamped them. */
  missions: z.array(
    z.object({
      mission_id: z.number().int(),
      period_key: z.string(),
      stamps: z.number().int(),
      completed_at: isoOrNull,
      voucher_code: z.string().nullable(),
      updated_at: z.string(),
      stamped_by: z.array(z.object({ entry_id: z.number().int(), brand_code: z.string().nullable() })),
    }),
  ),
});
export type HolderAccount = z.infer<typeof holderAccountSchema>;

export const holderExportResponse = z.object({ accounts: z.array(holderAccountSchema) });
export type HolderExport = z.infer<typeof holderExportResponse>;

export const holderAnonymiseResponse = z.object({
  /** The accounts anonymised by this call (none when the holder had none left). */
  accounts: z.array(
    z.object({
      hcoins_memberno: z.string(),
      /** What the account holds after the erasure: 0, or below 0 when it owed coins (a debt is not forgiven). */
      balance: z.number().int(),
      /** The coins the erasure forfeited (a `forfeit` entry of the ledger); 0 when it held none. */
      forfeited: z.number().int(),
      transactions: z.number().int(),
    }),
  ),
});
export type HolderAnonymiseResult = z.infer<typeof holderAnonymiseResponse>;
