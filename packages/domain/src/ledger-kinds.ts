/**
 * The kinds of entry on an H Coins ledger, one list for the scheme's tables and wire, the
 * member history and the console: purchase and refund at a till, an operator's adjustment,
 * coins that expired, coins spent on a reward (redemption) and given back when its voucher is
 * cancelled (cancellation), and an erased member's coins forfeited at the erasure (forfeit).
 */
export const LEDGER_KINDS = [
  "purchase",
  "refund",
  "adjustment",
  "expiry",
  "redemption",
  "cancellation",
  "forfeit",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
