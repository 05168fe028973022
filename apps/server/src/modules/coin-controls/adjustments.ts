import type { AdjustmentReason } from "@hcoins/domain/adjustment-reasons";
import { ErrorCode } from "@hcoins/domain/codes";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type { FastifyBaseLogger } from "fastify";
import { AppError, validationError } from "../../errors.ts";
import { metrics } from "../../metrics.ts";
import type { Actor, AuditService } from "../audit/service.ts";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
} from "../coins/coin-scheme-client.ts";
import type { MemberService } from "../members/service.ts";
import type { ApprovalKind, ApprovalService } from "./approvals.ts";
import type { CoinControlService } from "./controls.ts";
import type { ControlledOperator, DailyTotals } from "./daily-totals.ts";
import type { AdjustmentRow, CoinControlRepository } from "./repository.ts";

const SCHEME_ACCOUNT_NOT_FOUND = 6004;
const SCHEME_BALANCE_TOO_LOW = 6018;
export const ADJUSTMENT_KIND = "coins.adjust";

export interface AdjustmentAsked {
  memberId: number;
  coins: number;
  reasonCode: AdjustmentReason;
  note: string;
  /** The console's key: one per opened dialog, the same on a retry. */
  key: string;
}

export interface AdjustmentAnswer {
  status: "applied" | "pending";
  approvalId: number | null;
}

/**
 * The scheme's entry key: one per adjustment row, so that whatever repeats (a retry, a second tab,
 * a crash between the scheme's commit and ours) the ledger holds it once. An approved request's
 * key comes from the request's id.
 */
const schemeKey = (row: AdjustmentRow) =>
  row.approval_id === null ? `console:${row.id}` : `approval:${row.approval_id}`;

const sameAdjustment = (row: AdjustmentRow, asked: AdjustmentAsked) =>
  row.member_id === asked.memberId && row.coins === asked.coins && row.reason_code === asked.reasonCode;

/**
 * Operators' credits and debits of a member's H Coins under the coin controls: the role's ceiling
 * per call, its approval threshold (above it the adjustment waits in the approvals queue), and the
 * daily totals of the operator and the role. Only the reason code goes to the scheme; the internal
 * note stays in coin_adjustments and the audit log. Idempotent per operator and key.
 *
 * Why the key stays on the adjustment's row and not in the console's key store
 * (console-action-keys.ts, which voucher actions and bulk requests use): the row *is* the
 * adjustment's reservation. Its insert (unique per operator and key), the reservation in the daily
 * totals and, above the threshold, the approval request are one transaction, so a key is never
 * claimed without its reservation nor the reverse. And a row a crash left `reserved` is finished by
 * the next call with the same key under the row's own scheme key (`console:<row id>`), however late
 * it comes; the store would instead hand an abandoned claim to a new run after two minutes, which
 * would insert a second row, reserve the totals twice and ask the scheme under a new entry key,
 * a double credit when the first call had reached the scheme. The answers are the same as the
 * store's: 4256 for the key with another adjustment, the first outcome for the same one.
 */
export class CoinAdjustmentService {
  constructor(
    private readonly repo: CoinControlRepository,
    private readonly controls: CoinControlService,
    private readonly totals: DailyTotals,
    private readonly approvals: ApprovalService,
    private readonly members: MemberService,
    private readonly coinScheme: CoinSchemeClient,
    private readonly audit: AuditService,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  async adjust(asked: AdjustmentAsked, operator: ControlledOperator, by: Actor): Promise<AdjustmentAnswer> {
    const controls = (await this.controls.all())[operator.role];
    if (controls.ceiling !== null && Math.abs(asked.coins) > controls.ceiling) {
      metrics.coinAdjustment("refused");
      throw new AppError(ErrorCode.validation, {
        errors: [{ field: "coins", rule: "coinsAboveCeiling" }],
        ceiling: controls.ceiling,
      });
    }
    const earlier = await this.repo.adjustmentByKey(operator.id, asked.key);
    if (earlier) return this.resume(earlier, asked, operator, by);
    const member = await this.members.findById(asked.memberId);
    if (!member) throw new AppError(ErrorCode.notFound);
    if (!member.external_customer_id) throw new AppError(ErrorCode.coinAccountNotLinked);

    const waits = controls.approval_threshold !== null && Math.abs(asked.coins) > controls.approval_threshold;
    let started: { row: AdjustmentRow; total: number };
    try {
      started = await this.repo.transaction(async (trx) => {
        const row = await this.repo.insertAdjustment(
          {
            operator_id: operator.id,
            idempotency_key: asked.key,
            member_id: asked.memberId,
            coins: asked.coins,
            reason_code: asked.reasonCode,
            note: asked.note,
            status: waits ? "pending" : "reserved",
            approval_id: null,
            transaction_id: null,
            created_at: this.now(),
          },
          trx,
        );
        if (!waits) return { row, total: await this.totals.reserve(operator, asked.coins, controls, trx) };
        const approval = await this.approvals.request(
          {
            kind: ADJUSTMENT_KIND,
            payload: { adjustment_id: row.id },
            memberId: asked.memberId,
            coins: asked.coins,
            reasonCode: asked.reasonCode,
            note: asked.note,
            requester: operator,
          },
          by,
          trx,
        );
        await this.repo.moveAdjustment(row.id, "pending", "pending", { approval_id: approval.id }, trx);
        return { row: { ...row, approval_id: approval.id }, total: 0 };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) {
        if (error instanceof AppError) metrics.coinAdjustment("refused");
        throw error;
      }
      // Another call with the same key (a second tab, a double click) got there first.
      const winner = await this.repo.adjustmentByKey(operator.id, asked.key);
      if (!winner) throw error;
      return this.resume(winner, asked, operator, by);
    }
    if (waits) {
      metrics.coinAdjustment("pending");
      return { status: "pending", approvalId: started.row.approval_id };
    }
    this.totals.noteNear(operator, started.total, asked.coins, controls.operator_daily_total);
    await this.apply(started.row, operator, by);
    return { status: "applied", approvalId: null };
  }

  /** The same key again: the first outcome, finishing it when the first call did not (a crash, a race). */
  private async resume(
    row: AdjustmentRow,
    asked: AdjustmentAsked,
    operator: ControlledOperator,
    by: Actor,
  ): Promise<AdjustmentAnswer> {
    if (!sameAdjustment(row, asked)) throw new AppError(ErrorCode.idempotencyKeyReused);
    if (row.status === "reserved") await this.apply(row, operator, by);
    return {
      status: row.status === "applied" || row.status === "reserved" ? "applied" : "pending",
      approvalId: row.approval_id,
    };
  }

  /**
   * Asks the scheme (under the row's key), then marks the row applied; only the call that marks it
   * writes the audit entry of a direct adjustment, or counts an approved one against the requester's
   * totals (its audit entry is the approval's). Answers the ledger entry and the balance after it.
   */
  private async apply(
    row: AdjustmentRow,
    requester: ControlledOperator,
    by: Actor,
  ): Promise<{ transaction_id: number; balance: number }> {
    const member = await this.members.findById(row.member_id);
    const hcoinsMemberNo = member?.external_customer_id;
    if (!member || !hcoinsMemberNo) {
      await this.refused(row, requester);
      throw new AppError(ErrorCode.coinAccountNotLinked);
    }
    let result: Awaited<ReturnType<CoinSchemeClient["adjust"]>>;
    try {
      result = await this.coinScheme.adjust({
        hcoinsMemberNo,
        coins: row.coins,
        reason: row.reason_code,
        operator: requester.email,
        allowNegative: false,
        key: schemeKey(row),
      });
    } catch (error) {
      if (error instanceof CoinSchemeRefusedError) {
        await this.refused(row, requester);
        if (error.errorCode === SCHEME_ACCOUNT_NOT_FOUND) throw new AppError(ErrorCode.coinAccountNotLinked);
        if (error.errorCode === SCHEME_BALANCE_TOO_LOW)
          throw validationError([{ field: "coins", rule: "balanceTooLow" }]);
      }
      if (error instanceof CoinSchemeRefusedError || error instanceof CoinSchemeUnavailableError) {
        // Unavailable: the row stays reserved; the same key asked again finishes it, once.
        this.log.warn({ err: error }, "coin adjustment failed at the scheme");
        throw new AppError(ErrorCode.serviceUnavailable);
      }
      throw error;
    }
    const applied = { transaction_id: result.transaction.id, balance: result.balance };
    if (
      !(await this.repo.moveAdjustment(row.id, "reserved", "applied", {
        transaction_id: applied.transaction_id,
      }))
    )
      return applied;
    metrics.coinAdjustment("applied");
    if (row.approval_id !== null) {
      await this.totals.count(requester, row.coins);
      return applied;
    }
    await this.audit.record({
      ...by,
      action: "coins.adjust",
      target: `member:${member.id}`,
      before: { balance: result.balance - result.transaction.coins },
      after: {
        balance: result.balance,
        coins: row.coins,
        reason_code: row.reason_code,
        note: row.note,
        transaction_id: result.transaction.id,
      },
    });
    return applied;
  }

  /** The scheme said no: a direct adjustment gives its reservation back (the key is free again); an approved one is closed. */
  private async refused(row: AdjustmentRow, requester: ControlledOperator): Promise<void> {
    metrics.coinAdjustment("refused");
    if (row.approval_id !== null) {
      await this.repo.moveAdjustment(row.id, "reserved", "rejected");
      return;
    }
    if (await this.repo.dropReserved(row.id)) await this.totals.release(requester, row.coins, row.created_at);
  }

  /** The internal notes of the ledger entries named (the member page's ledger, operators only). */
  notesOf(transactionIds: readonly number[]): Promise<Map<number, string>> {
    return this.repo.notesOf(transactionIds);
  }

  /** What the approvals queue runs for a `coins.adjust` request. */
  approvalKind(): ApprovalKind {
    return {
      execute: async (request, _approver, by) => {
        const row = await this.repo.adjustmentByApproval(request.id);
        if (!row) throw new Error(`approval ${request.id} has no adjustment`);
        const requester: ControlledOperator = {
          id: request.requested_by_id,
          email: request.requested_by,
          role: request.requested_role as ControlledOperator["role"],
        };
        // A retry after a failure to finish finds it reserved already.
        await this.repo.moveAdjustment(row.id, "pending", "reserved");
        try {
          const applied = await this.apply({ ...row, status: "reserved" }, requester, by);
          return { ok: true, outcome: applied };
        } catch (error) {
          if (error instanceof AppError && error.errorCode === ErrorCode.coinAccountNotLinked)
            return { ok: false, failure: "coinAccountNotLinked" };
          if (error instanceof AppError && error.errorCode === ErrorCode.validation)
            return { ok: false, failure: "balanceTooLow" };
          throw error;
        }
      },
      closed: async (request) => {
        const row = await this.repo.adjustmentByApproval(request.id);
        if (row) await this.repo.moveAdjustment(row.id, "pending", "rejected");
      },
    };
  }
}
