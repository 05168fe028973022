import { z } from "zod";
import { ADJUSTMENT_REASONS } from "../adjustment-reasons.ts";
import { MISSION_KINDS } from "../mission-rules.ts";
import { type ConsoleOperation, OPERATOR_ROLES, type OperatorRole } from "./console.ts";
import { okAnswer } from "./envelope.ts";

/*
 * Controls on coin movements: per role, the most one adjustment may move, the daily totals of an
 * operator and of the whole role, and the threshold above which an adjustment waits for a second
 * operator's approval; and the approvals queue. Each state-changing call sends the X-CSRF-Token
 * header and writes one audit entry.
 */

const ACTION_NOTE = "Needs the X-CSRF-Token header (4031); writes one audit entry.";
const coins = z.number().int().min(1).max(100_000_000).nullable();

/** One role's controls; every amount in coins (absolute value), null for no limit. */
export const roleCoinControlsSchema = z.object({
  /** The most coins one adjustment may move (4000 `coinsAboveCeiling` above it). */
  ceiling: coins,
  /** Coins one operator of the role may move per Hong Kong day, credits and debits alike (4252). */
  operator_daily_total: coins,
  /** Coins the whole role may move per Hong Kong day (4253). */
  role_daily_total: coins,
  /** An adjustment moving more waits for a second operator's approval. */
  approval_threshold: coins,
});
export type RoleCoinControls = z.output<typeof roleCoinControlsSchema>;

export const coinControlsSchema = z.object(
  Object.fromEntries(OPERATOR_ROLES.map((role) => [role, roleCoinControlsSchema])) as Record<
    OperatorRole,
    typeof roleCoinControlsSchema
  >,
);
export type CoinControls = z.output<typeof coinControlsSchema>;

const none: RoleCoinControls = {
  ceiling: null,
  operator_daily_total: null,
  role_daily_total: null,
  approval_threshold: null,
};

/** Until an administrator sets them. Roles without coins.adjust never reach them. */
export const DEFAULT_COIN_CONTROLS: CoinControls = {
  customerService: {
    ceiling: 1_000,
    operator_daily_total: 5_000,
    role_daily_total: 50_000,
    approval_threshold: 500,
  },
  contentEditor: none,
  programmeManager: {
    ceiling: 100_000,
    operator_daily_total: 200_000,
    role_daily_total: null,
    approval_threshold: 20_000,
  },
  administrator: { ...none, approval_threshold: 100_000 },
  auditor: none,
};

export const consoleCoinControls = {
  /** Readable by those who adjust (the dialog shows their limits), approve, or administer. */
  get: {
    method: "GET",
    path: "/coin-controls",
    access: { permission: ["coins.adjust", "coins.approve", "operators.manage"] },
    summary: "Per role: the adjustment ceiling, the daily totals and the approval threshold",
    description:
      "Amounts in coins (absolute value), null for no limit. Daily totals count credits and debits alike per Hong Kong day.",
    answer: okAnswer(coinControlsSchema),
  },
  /** The caller's own use today: what they and their role have moved, and what is left. */
  mine: {
    method: "GET",
    path: "/coin-controls/today",
    access: { permission: "coins.adjust" },
    summary: "The signed-in operator's coins moved today (Hong Kong day), theirs and their role's",
    answer: okAnswer(
      z.object({
        day: z.string(),
        operator_moved: z.number().int(),
        role_moved: z.number().int(),
        /** Null: no limit. */
        operator_remaining: z.number().int().nullable(),
        role_remaining: z.number().int().nullable(),
      }),
    ),
  },
  set: {
    method: "POST",
    path: "/coin-controls",
    access: { permission: "operators.manage" },
    summary: "Set every role's coin controls",
    description: ACTION_NOTE,
    body: coinControlsSchema,
    answer: okAnswer(coinControlsSchema),
  },
} as const satisfies Record<string, ConsoleOperation>;

// ---- approvals (maker-checker) ---------------------------------------------------------------

export const APPROVAL_STATUSES = ["pending", "approved", "rejected", "expired", "failed"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const approvalRequestSchema = z.object({
  id: z.number().int(),
  /** What is asked: `coins.adjust` (one member), `coins.bulkAdjust` (a list). */
  kind: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  member_id: z.number().int().nullable(),
  /** The coins asked for (one member), or their sum (a list). */
  coins: z.number().int(),
  reason_code: z.enum(ADJUSTMENT_REASONS).nullable(),
  /** The requester's internal note (operators only). */
  note: z.string(),
  requested_by: z.string(),
  requested_at: z.string(),
  expires_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
  /** A list's lines and, once applied, each line's outcome. */
  lines: z
    .array(
      z.object({
        member_no: z.string(),
        coins: z.number().int(),
        outcome: z.string().nullable(),
      }),
    )
    .nullable(),
  /** Why it failed at approval (the scheme refused, e.g. `balanceTooLow`). */
  failure: z.string().nullable(),
  /**
   * A campaign activation's campaign as it was when asked: its names, schedule, budget and cap, and
   * a dry run of it made then (the days the requester last dry-ran, 30 when they had not).
   */
  campaign: z
    .object({
      id: z.number().int(),
      name: z.object({ en: z.string(), tc: z.string(), sc: z.string() }),
      starts_at: z.string(),
      ends_at: z.string(),
      budget_coins: z.number().int().nullable(),
      per_member_cap: z.number().int().nullable(),
      dry_run: z.object({
        days: z.number().int(),
        purchases_matched: z.number().int(),
        members: z.number().int(),
        coins: z.number().int(),
        coins_within_budget: z.number().int(),
      }),
    })
    .nullable(),
  /** A mission activation's mission as it was when asked: its names, goal, schedule, reward and budget. */
  mission: z
    .object({
      id: z.number().int(),
      name: z.object({ en: z.string(), tc: z.string(), sc: z.string() }),
      kind: z.enum(MISSION_KINDS),
      goal: z.number().int(),
      starts_at: z.string(),
      ends_at: z.string(),
      reward_id: z.number().int(),
      budget_completions: z.number().int().nullable(),
    })
    .nullable(),
});
export type ApprovalRequest = z.output<typeof approvalRequestSchema>;

const approvalParams = z.object({ id: z.coerce.number().int().min(1) });
const decisionBody = z.object({ note: z.string("required").trim().min(1, "required").max(500, "tooLong") });
const approve = { permission: "coins.approve" } as const;

export const consoleApprovals = {
  list: {
    method: "GET",
    path: "/approvals",
    access: { permission: ["coins.approve", "audit.read"] },
    summary: "Approval requests, pending first (oldest first), then the decided ones newest first",
    description:
      "`status` narrows to one status. A pending request past its expiry is answered as expired (the scheduled job records it).",
    query: z.object({
      status: z.enum(APPROVAL_STATUSES).optional(),
      page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
      page_size: z.coerce.number().int().min(1).max(200).optional().default(50),
    }),
    answer: okAnswer(z.object({ requests: z.array(approvalRequestSchema), total: z.number().int() })),
  },
  approve: {
    method: "POST",
    path: "/approvals/:id/approve",
    access: approve,
    summary: "Approve a pending request: it is applied now, once",
    description: `${ACTION_NOTE} 4254 the caller's own request; 4255 decided or expired already; 4040 no such request. A request the coin scheme refuses at approval is answered \`failed\` with the reason.`,
    params: approvalParams,
    body: decisionBody,
    answer: okAnswer(approvalRequestSchema),
  },
  reject: {
    method: "POST",
    path: "/approvals/:id/reject",
    access: approve,
    summary: "Reject a pending request, with a note",
    description: `${ACTION_NOTE} 4254 the caller's own request; 4255 decided or expired already; 4040 no such request.`,
    params: approvalParams,
    body: decisionBody,
    answer: okAnswer(approvalRequestSchema),
  },
} as const satisfies Record<string, ConsoleOperation>;
