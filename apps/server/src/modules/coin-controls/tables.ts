import type { Generated } from "kysely";

/** Migration 0009's tables; times unix milliseconds, amounts in coins. */
export type CoinControlTables = {
  coin_adjustments: CoinAdjustmentTable;
  coin_daily_totals: CoinDailyTotalTable;
  approval_requests: ApprovalRequestTable;
};

/**
 * `reserved`: the daily totals hold it and the scheme is being asked (a crash leaves it so; the
 * same key asked again finishes it); `pending`: waiting in the approvals queue; `applied`: on the
 * ledger as `transaction_id`; `rejected`: its approval request was rejected, expired or failed.
 */
export type CoinAdjustmentStatus = "reserved" | "pending" | "applied" | "rejected";

export type CoinAdjustmentTable = {
  id: Generated<number>;
  operator_id: number;
  idempotency_key: string;
  member_id: number;
  coins: number;
  reason_code: string;
  note: string;
  status: CoinAdjustmentStatus;
  approval_id: number | null;
  transaction_id: number | null;
  created_at: number;
};

/** `scope`: `operator:<id>` or `role:<role>`; `day`: the Hong Kong date. */
export type CoinDailyTotalTable = {
  scope: string;
  day: string;
  coins: number;
};

export type ApprovalRequestTable = {
  id: Generated<number>;
  kind: string;
  status: string;
  /** The kind's own JSON (approvals.ts ApprovalKind). */
  payload: string;
  member_id: number | null;
  coins: number;
  reason_code: string | null;
  note: string;
  requested_by_id: number;
  requested_by: string;
  requested_role: string;
  requested_at: number;
  expires_at: number;
  decided_by: string | null;
  decided_at: number | null;
  decision_note: string | null;
  /** JSON: the kind's outcome once applied (a list's per-line outcomes), or `{failure}`. */
  outcome: string | null;
};
