import type { OperatorRole } from "@hcoins/domain/api/console";
import type { ApprovalRequest, ApprovalStatus } from "@hcoins/domain/api/console-coin-controls";
import { ErrorCode } from "@hcoins/domain/codes";
import type { TableViews } from "@hcoins/server-kit/database";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../errors.ts";
import type { Actor, AuditService } from "../audit/service.ts";
import type { ControlledOperator } from "./daily-totals.ts";
import type { ApprovalRow, CoinControlRepository } from "./repository.ts";

const iso = (ms: number) => new Date(ms).toISOString();

/** What an audit entry says of the request decided. */
const summary = (request: ApprovalRow) => ({
  kind: request.kind,
  member: request.member_id === null ? null : `member:${request.member_id}`,
  coins: request.coins,
  reason_code: request.reason_code,
});

/**
 * What a kind's executor answers: the outcome kept on the request, or a failure (the request is
 * `failed`). `audit`: what the approval's audit entry says of the outcome, when the outcome is too
 * long for it (a list's per-line outcomes: the entry holds their summary).
 */
export type ApprovalOutcome =
  | { ok: true; outcome: Record<string, unknown>; audit?: Record<string, unknown> }
  | { ok: false; failure: string };

/**
 * A kind of request the queue holds. Registering one is all a new kind needs (services.ts):
 *
 *   approvals.register("vouchers.goodwill", {
 *     execute: (request, approver) => vouchers.issueGoodwill(JSON.parse(request.payload), approver),
 *     lines: () => null,
 *   });
 *
 * and, where the request is made, `approvals.request({kind: "vouchers.goodwill", payload, ...}, trx)`.
 * `execute` runs once per approval and must be idempotent by the request's id (a retry after a
 * crash runs it again): derive any key from `request.id`. It answers `{ok: false}` for a refusal
 * the approver should read (balance too low); a thrown error (the scheme did not answer: 5030)
 * puts the request back to pending, so that approving it again retries under the same key.
 */
export interface ApprovalKind {
  execute(request: ApprovalRow, approver: ControlledOperator, by: Actor): Promise<ApprovalOutcome>;
  /** Called when the request is rejected or expires: undo what asking held (nothing moved yet). */
  closed?(request: ApprovalRow): Promise<void>;
  /** A list's lines for the screen, from the payload and outcome; null for a single request. */
  lines?(request: ApprovalRow): ApprovalRequest["lines"];
  /** A campaign activation's campaign for the screen, from the payload; null for other kinds. */
  campaign?(request: ApprovalRow): ApprovalRequest["campaign"];
  /** A mission activation's mission for the screen, from the payload; null for other kinds. */
  mission?(request: ApprovalRow): ApprovalRequest["mission"];
}

export interface NewApprovalRequest {
  kind: string;
  payload: Record<string, unknown>;
  memberId: number | null;
  coins: number;
  reasonCode: string | null;
  note: string;
  requester: ControlledOperator;
  /** More for the `approval.requested` audit entry (a list's number of lines). */
  auditDetails?: Record<string, unknown>;
}

export interface ApprovalConfig {
  /** APPROVAL_EXPIRY_HOURS: a pending request older expires. */
  expiryHours: number;
}

/**
 * The maker-checker queue: a request is stored pending, a second operator with coins.approve
 * approves (its kind's executor applies it) or rejects it, with a note; nobody decides their own,
 * and a request is decided once. Pending past APPROVAL_EXPIRY_HOURS it expires (the scheduled job
 * `expire-approval-requests`, and when read late). Each step is one audit entry on `approval:<id>`:
 * requested, approved (with what the executor did) or failed, rejected, expired.
 */
export class ApprovalService {
  private readonly kinds = new Map<string, ApprovalKind>();

  constructor(
    private readonly repo: CoinControlRepository,
    private readonly audit: AuditService,
    private readonly config: ApprovalConfig,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  register(kind: string, executor: ApprovalKind): void {
    this.kinds.set(kind, executor);
  }

  private kind(name: string): ApprovalKind {
    const kind = this.kinds.get(name);
    if (!kind) throw new Error(`no approval kind ${name} is registered`);
    return kind;
  }

  /** Stores a pending request in the caller's transaction, with its audit entry. */
  async request(request: NewApprovalRequest, by: Actor, trx: TableViews): Promise<ApprovalRow> {
    this.kind(request.kind);
    const at = this.now();
    const row = await this.repo.insertApproval(
      {
        kind: request.kind,
        status: "pending",
        payload: JSON.stringify(request.payload),
        member_id: request.memberId,
        coins: request.coins,
        reason_code: request.reasonCode,
        note: request.note,
        requested_by_id: request.requester.id,
        requested_by: request.requester.email,
        requested_role: request.requester.role,
        requested_at: at,
        expires_at: at + this.config.expiryHours * 3_600_000,
        decided_by: null,
        decided_at: null,
        decision_note: null,
        outcome: null,
      },
      trx,
    );
    await this.audit.record(
      {
        ...by,
        action: "approval.requested",
        target: `approval:${row.id}`,
        after: {
          ...summary(row),
          ...request.auditDetails,
          note: row.note,
          expires_at: iso(row.expires_at),
        },
      },
      trx,
    );
    return row;
  }

  async list(status: ApprovalStatus | undefined, page: number, pageSize: number) {
    const now = this.now();
    const { rows, total } = await this.repo.list(status, now, {
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { requests: rows.map((row) => this.view(row, now)), total };
  }

  /** Applied through the kind's executor; one audit entry: `approval.approved` with the outcome, or `approval.failed`. */
  async approve(id: number, note: string, approver: ControlledOperator, by: Actor): Promise<ApprovalRequest> {
    const request = await this.decided(id, "approved", note, approver);
    let result: ApprovalOutcome;
    try {
      result = await this.kind(request.kind).execute(request, approver, by);
    } catch (error) {
      this.log.error({ err: error, approvalId: id }, "an approved request was not applied; pending again");
      await this.repo.reopen(id);
      throw error;
    }
    const status = result.ok ? "approved" : "failed";
    const outcome = result.ok ? result.outcome : { failure: result.failure };
    await this.repo.setOutcome(id, status, JSON.stringify(outcome));
    const audited = result.ok && result.audit ? result.audit : outcome;
    await this.audit.record({
      ...by,
      action: `approval.${status}`,
      target: `approval:${id}`,
      before: { status: "pending", requested_by: request.requested_by },
      after: { status, ...summary(request), decision_note: note, ...audited },
    });
    return this.view(await this.row(id), this.now());
  }

  async reject(id: number, note: string, approver: ControlledOperator, by: Actor): Promise<ApprovalRequest> {
    const request = await this.decided(id, "rejected", note, approver);
    await this.kind(request.kind).closed?.(request);
    await this.audit.record({
      ...by,
      action: "approval.rejected",
      target: `approval:${id}`,
      before: { status: "pending", requested_by: request.requested_by },
      after: { status: "rejected", ...summary(request), decision_note: note },
    });
    return this.view(await this.row(id), this.now());
  }

  /** The scheduled job: pending requests past their time, expired and audited (by `system`). */
  async expireDue(): Promise<number> {
    const expired = await this.repo.expireDue(this.now());
    for (const request of expired) {
      await this.kind(request.kind).closed?.(request);
      await this.audit.record({
        actor: "system",
        action: "approval.expired",
        target: `approval:${request.id}`,
        before: { status: "pending", requested_by: request.requested_by },
        after: { status: "expired" },
      });
    }
    return expired.length;
  }

  private async row(id: number): Promise<ApprovalRow> {
    const row = await this.repo.approval(id);
    if (!row) throw new AppError(ErrorCode.notFound);
    return row;
  }

  /** Marks the request decided, once, by someone other than its requester. */
  private async decided(
    id: number,
    status: "approved" | "rejected",
    note: string,
    approver: ControlledOperator,
  ): Promise<ApprovalRow> {
    const request = await this.row(id);
    if (request.requested_by_id === approver.id) throw new AppError(ErrorCode.ownApprovalRequest);
    const at = this.now();
    const fields = { decided_by: approver.email, decided_at: at, decision_note: note };
    if (!(await this.repo.decide(id, status, fields, at)))
      throw new AppError(ErrorCode.approvalRequestClosed);
    return { ...request, ...fields, status };
  }

  private view(row: ApprovalRow, now: number): ApprovalRequest {
    const status = (
      row.status === "pending" && row.expires_at <= now ? "expired" : row.status
    ) as ApprovalStatus;
    const outcome = row.outcome === null ? null : (JSON.parse(row.outcome) as { failure?: string });
    return {
      id: row.id,
      kind: row.kind,
      status,
      member_id: row.member_id,
      coins: row.coins,
      reason_code: row.reason_code as ApprovalRequest["reason_code"],
      note: row.note,
      requested_by: row.requested_by,
      requested_at: iso(row.requested_at),
      expires_at: iso(row.expires_at),
      decided_by: row.decided_by,
      decided_at: row.decided_at === null ? null : iso(row.decided_at),
      decision_note: row.decision_note,
      lines: this.kinds.get(row.kind)?.lines?.(row) ?? null,
      failure: outcome?.failure ?? null,
      campaign: this.kinds.get(row.kind)?.campaign?.(row) ?? null,
      mission: this.kinds.get(row.kind)?.mission?.(row) ?? null,
    };
  }
}

/** The operator a console session names, as the controls see them. */
export const controlledOperator = (operator: { id: number; email: string; role: OperatorRole }) => ({
  id: operator.id,
  email: operator.email,
  role: operator.role,
});
