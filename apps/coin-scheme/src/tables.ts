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
  hcoin_transactions: HcoinTransactionsTable;
  hcoin_stores: HcoinStoresTable;
  hcoin_bonus_days: HcoinBonusDaysTable;
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
  created_by: string;
  created_at: number;
};

export type TransactionKind = "purchase" | "refund";

export type HcoinTransactionsTable = {
  id: Generated<number>;
  account_id: number;
  kind: TransactionKind;
  store_code: string;
  receipt_no: string;
  /** API client (a POS, the member server) that sent it. */
  client: string;
  net_cents: number;
  electronic_cents: number;
  partner_store: number;
  birthday_multiplier: number;
  holiday_multiplier: number;
  /** Negative on a refund: a refund row is the exact opposite of its purchase. */
  base_coins: number;
  birthday_bonus: number;
  holiday_bonus: number;
  coins: number;
  qr_unix_seconds: number | null;
  created_at: number;
};

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

export type AccountRow = Selectable<HcoinAccountsTable>;
export type TransactionRow = Selectable<HcoinTransactionsTable>;
