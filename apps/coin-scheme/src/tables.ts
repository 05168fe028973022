import type { Generated, Selectable } from "kysely";

/**
 * The H Coins scheme's tables (migrations/). The scheme is a system of its own: it reads
 * and writes only these, never the member server's tables, even on a database it shares
 * with the member server. Times are unix milliseconds, amounts integer cents, multipliers
 * integer hundredths (200 = ×2). Type aliases, not interfaces: Kysely's withTables takes
 * a table map with an index signature, which only a type alias has implicitly.
 */
export type CoinSchemeTables = {
  hcoin_accounts: HcoinAccountsTable;
  hcoin_ledger: HcoinLedgerTable;
  hcoin_stores: HcoinStoresTable;
  hcoin_bonus_days: HcoinBonusDaysTable;
  hcoin_settings: HcoinSettingsTable;
};

export type HcoinAccountsTable = {
  id: Generated<number>;
  /** "HC" and ten digits; what the member server stores as external_customer_id. */
  hcoins_memberno: string;
  mobile_phone_prefix: string;
  mobile_phone: string;
  /** The programme member this account is linked to (member_no, or id where there is none); null = unlinked. */
  linked_member_ref: string | null;
  linked_at: number | null;
  /** API client that made the link. */
  linked_by: string | null;
  /** The member's birth month (1-12) from the member server's profile; the birthday bonus follows it. Set once. */
  birth_month: number | null;
  /** The sum of the ledger's `coins`, kept in the same transaction as every entry (ledger-check proves it). */
  balance: Generated<number>;
  created_by: string;
  created_at: number;
};

/** purchase and refund at a till, an operator's adjustment, coins that expired. */
export type EntryKind = "purchase" | "refund" | "adjustment" | "expiry";

/**
 * Who made an entry: a till key, a full-scope API client (the member server), an operator
 * (a person named by the client that relayed the adjustment), or the expiry job.
 */
export type ActorType = "till" | "client" | "operator" | "expiry";

export type HcoinLedgerTable = {
  id: Generated<number>;
  account_id: number;
  kind: EntryKind;
  /**
   * What makes the entry happen once: `purchase:<store>:<receipt>`, `refund:<store>:<receipt>:<refund_no>`,
   * `adjustment:<client>:<key>`, `expiry:<credit entry id>`; null when the caller gave no key.
   */
  entry_key: string | null;
  store_code: string | null;
  receipt_no: string | null;
  /** A refund's own number at the till (its idempotency key), when the till sends one. */
  refund_no: string | null;
  actor_type: ActorType;
  /** The till's or client's name, the operator's name, or "expiry". */
  actor: string;
  /** The API client the entry came through ("scheduler" for expiry). */
  client: string;
  reason: string;
  /** Purchase: the receipt's amounts; refund: the amounts returned (positive). Zero otherwise. */
  net_cents: number;
  electronic_cents: number;
  partner_store: number;
  birthday_multiplier: number;
  holiday_multiplier: number;
  /** Negative on a refund, as is every debit's `coins`. */
  base_coins: number;
  birthday_bonus: number;
  holiday_bonus: number;
  coins: number;
  /** A credit's coins not yet spent, reversed or expired; debits take them soonest-expiring first. */
  remaining: number;
  /** When a credit's remaining coins expire (the policy in force when it was made); null = never. */
  expires_at: number | null;
  qr_unix_seconds: number | null;
  created_at: number;
};

/** The store registry: every store code a till may earn at, and its partner-property flag. */
export type HcoinStoresTable = {
  store_code: string;
  partner_property: number;
  updated_at: number;
};

export type HcoinBonusDaysTable = {
  /** Hong Kong calendar date, YYYY-MM-DD. */
  date: string;
  multiplier: number;
  updated_at: number;
};

/** The operator's settings of the scheme (the expiry policy). */
export type HcoinSettingsTable = {
  key: string;
  value: string;
  updated_by: string;
  updated_at: number;
};

export type AccountRow = Selectable<HcoinAccountsTable>;
export type EntryRow = Selectable<HcoinLedgerTable>;
