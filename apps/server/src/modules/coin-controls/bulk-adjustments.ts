import { createHash } from "node:crypto";
import { SchemeErrorCode } from "@hcoins/coin-scheme/contract";
import type { AdjustmentReason } from "@hcoins/domain/adjustment-reasons";
import type { BulkLineOutcome } from "@hcoins/domain/api/console-bulk-adjustments";
import {
  BULK_ADJUSTMENT_MAX_LINES,
  type BulkLineError,
  parseBulkAdjustmentCsv,
} from "@hcoins/domain/bulk-adjustment-csv";
import { ErrorCode } from "@hcoins/domain/codes";
import type { DatabaseHandle } from "@hcoins/server-kit/database";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../errors.ts";
import type { Actor, AuditService } from "../audit/service.ts";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
} from "../coins/coin-scheme-client.ts";
import type { ConsoleActionKeys } from "../console-action-keys/console-action-keys.ts";
import type { MemberService } from "../members/service.ts";
import type { ApprovalKind, ApprovalService } from "./approvals.ts";
import type { CoinControlService } from "./controls.ts";
import type { ControlledOperator, DailyTotals } from "./daily-totals.ts";
import type { ApprovalRow } from "./repository.ts";

export const BULK_ADJUSTMENT_KIND = "coins.bulkAdjust";

export interface BulkAdjustmentAsked {
  csv: string;
  reasonCode: AdjustmentReason;
  note: string;
  /** The console's key: one per list sent, the same on a retry. */
  key: string;
}

export interface BulkAdjustmentAnswer {
  approval_id: number;
  lines: number;
  coins: number;
}

/** A checked line as the request keeps it: the member by row id (their number may change), and as the operator typed it. */
interface PayloadLine {
  line: number;
  member_id: number;
  member_no: string;
  coins: number;
}

interface BulkPayload {
  reason_code: AdjustmentReason;
  lines: PayloadLine[];
}

interface LineOutcome {
  outcome: BulkLineOutcome;
  transaction_id: number | null;
}

interface BulkOutcome {
  /** In the payload's order. */
  lines: LineOutcome[];
  applied: number;
  coins_applied: number;
  /** Refused lines, counted by why. */
  refused: Partial<Record<BulkLineOutcome, number>>;
}

/**
 * The scheme's entry key of one line: the request's id and the line's number in the list. An
 * approval retried after an outage (the request is pending again) asks again under the same keys,
 * and the scheme answers the lines it holds already with their first entry: nothing twice.
 */
export const bulkLineKey = (approvalId: number, line: number) => `approval:${approvalId}:line:${line}`;

/**
 * Bulk coin adjustments: a list of `member number, coins` lines with one member-facing reason and
 * one internal note. Every line is checked when asked (its form, the member, the requester role's
 * ceiling per line), and a list with a refused line is answered with every refusal, line by line,
 * storing nothing. A valid list is one approval request of kind `coins.bulkAdjust`, whatever its
 * amounts: nothing moves until a second operator approves it. The request itself is made once per
 * console key (the console's one key store).
 */
export class BulkAdjustmentService {
  constructor(
    private readonly controls: CoinControlService,
    private readonly totals: DailyTotals,
    private readonly approvals: ApprovalService,
    private readonly members: MemberService,
    private readonly coinScheme: CoinSchemeClient,
    private readonly keys: ConsoleActionKeys,
    private readonly audit: AuditService,
    private readonly database: Pick<DatabaseHandle, "transaction">,
    private readonly log: FastifyBaseLogger,
  ) {}

  async request(
    asked: BulkAdjustmentAsked,
    operator: ControlledOperator,
    by: Actor,
  ): Promise<BulkAdjustmentAnswer> {
    // The key's row keeps a digest of the list, not the list (the store's request column is short).
    const digest = createHash("sha256").update(asked.csv).digest("hex");
    return this.keys.once(
      `bulk-request:${operator.id}:${asked.key}`,
      { list: digest, reason_code: asked.reasonCode, note: asked.note },
      async () => {
        const lines = await this.checked(asked.csv, operator);
        const coins = lines.reduce((sum, line) => sum + line.coins, 0);
        const payload: BulkPayload = { reason_code: asked.reasonCode, lines };
        const approval = await this.database.transaction((trx) =>
          this.approvals.request(
            {
              kind: BULK_ADJUSTMENT_KIND,
              payload: { ...payload },
              memberId: null,
              coins,
              reasonCode: asked.reasonCode,
              note: asked.note,
              requester: operator,
              auditDetails: { lines: lines.length },
            },
            by,
            trx,
          ),
        );
        return { approval_id: approval.id, lines: lines.length, coins };
      },
    );
  }

  /** The list's lines with their members, or 4284 naming every refused line (4285, 4286 for the list as a whole). */
  private async checked(csv: string, operator: ControlledOperator): Promise<PayloadLine[]> {
    const parsed = parseBulkAdjustmentCsv(csv);
    const count = parsed.lines.length + parsed.errors.length;
    if (count > BULK_ADJUSTMENT_MAX_LINES)
      throw new AppError(ErrorCode.bulkTooManyLines, { max_lines: BULK_ADJUSTMENT_MAX_LINES });
    if (count === 0) throw new AppError(ErrorCode.bulkListEmpty);
    const { ceiling } = (await this.controls.all())[operator.role];
    const errors: BulkLineError[] = [...parsed.errors];
    const lines: PayloadLine[] = [];
    for (const line of parsed.lines) {
      const refuse = (rule: BulkLineError["rule"]) => errors.push({ ...line, rule });
      if (ceiling !== null && Math.abs(line.coins) > ceiling) {
        refuse("coinsAboveCeiling");
        continue;
      }
      // An erased member's row is gone: their number reads as unknown.
      const member = await this.members.findByMemberNo(line.member_no);
      if (!member) refuse("memberUnknown");
      else if (member.disabled) refuse("memberDisabled");
      else if (!member.external_customer_id) refuse("memberNotLinked");
      else
        lines.push({ line: line.line, member_id: member.id, member_no: line.member_no, coins: line.coins });
    }
    if (errors.length > 0)
      throw new AppError(ErrorCode.bulkLinesInvalid, {
        lines: errors
          .sort((a, b) => a.line - b.line)
          .map(({ line, member_no, rule }) => ({ line, member_no, rule })),
      });
    return lines;
  }

  /**
   * One line at approval: the member as they are now (erased, disabled or unlinked since the
   * request: refused), then the scheme under the line's key. A refusal is that line's outcome and
   * the next line goes on; an unreachable scheme stops the list (thrown: the request is pending
   * again, and approving it again retries every line under the same keys).
   */
  private async applyLine(
    request: ApprovalRow,
    reason: AdjustmentReason,
    line: PayloadLine,
    requester: ControlledOperator,
  ): Promise<LineOutcome> {
    const refused = (outcome: BulkLineOutcome): LineOutcome => ({ outcome, transaction_id: null });
    const member = await this.members.findById(line.member_id);
    if (!member) return refused("memberGone");
    if (member.disabled) return refused("memberDisabled");
    if (!member.external_customer_id) return refused("coinAccountNotLinked");
    try {
      const result = await this.coinScheme.adjust({
        hcoinsMemberNo: member.external_customer_id,
        coins: line.coins,
        reason,
        operator: requester.email,
        allowNegative: false,
        key: bulkLineKey(request.id, line.line),
      });
      return { outcome: "applied", transaction_id: result.transaction.id };
    } catch (error) {
      if (error instanceof CoinSchemeUnavailableError) {
        this.log.warn(
          { err: error, approvalId: request.id, line: line.line },
          "bulk adjustment stopped: the scheme did not answer",
        );
        throw new AppError(ErrorCode.serviceUnavailable);
      }
      if (!(error instanceof CoinSchemeRefusedError)) throw error;
      if (error.errorCode === SchemeErrorCode.insufficientBalance) return refused("balanceTooLow");
      if (error.errorCode === SchemeErrorCode.accountNotFound) return refused("coinAccountNotLinked");
      this.log.warn(
        { err: error, approvalId: request.id, line: line.line },
        "the scheme refused a bulk line",
      );
      return refused("refused");
    }
  }

  /**
   * One entry per line on the member it names (`member:<id>`), so the member page's history says
   * who asked, who approved, why and what came of it, as a single adjustment's entry does.
   */
  private async auditLines(request: ApprovalRow, payload: BulkPayload, outcomes: LineOutcome[], by: Actor) {
    for (const [index, line] of payload.lines.entries()) {
      const done = outcomes[index];
      await this.audit.record({
        ...by,
        action: BULK_ADJUSTMENT_KIND,
        target: `member:${line.member_id}`,
        after: {
          approval_id: request.id,
          line: line.line,
          coins: line.coins,
          reason_code: payload.reason_code,
          note: request.note,
          requested_by: request.requested_by,
          outcome: done?.outcome ?? null,
          transaction_id: done?.transaction_id ?? null,
        },
      });
    }
  }

  /** What the approvals queue runs for a `coins.bulkAdjust` request, and the lines it shows. */
  approvalKind(): ApprovalKind {
    return {
      execute: async (request, _approver, by) => {
        const payload = JSON.parse(request.payload) as BulkPayload;
        const requester: ControlledOperator = {
          id: request.requested_by_id,
          email: request.requested_by,
          role: request.requested_role as ControlledOperator["role"],
        };
        const outcome: BulkOutcome = { lines: [], applied: 0, coins_applied: 0, refused: {} };
        let moved = 0;
        for (const line of payload.lines) {
          const done = await this.applyLine(request, payload.reason_code, line, requester);
          outcome.lines.push(done);
          if (done.outcome === "applied") {
            outcome.applied += 1;
            outcome.coins_applied += line.coins;
            moved += Math.abs(line.coins);
          } else outcome.refused[done.outcome] = (outcome.refused[done.outcome] ?? 0) + 1;
        }
        // Counted and audited once the whole list has run: a retried approval (after a throw) does
        // both only then, so neither the totals nor a member's history holds a line twice.
        if (moved > 0) await this.totals.count(requester, moved);
        await this.auditLines(request, payload, outcome.lines, by);
        const { lines: _lines, ...summary } = outcome;
        return { ok: true, outcome: { ...outcome }, audit: { lines: payload.lines.length, ...summary } };
      },
      lines: (request) => {
        const payload = JSON.parse(request.payload) as BulkPayload;
        const outcome =
          request.outcome === null ? null : (JSON.parse(request.outcome) as Partial<BulkOutcome>);
        return payload.lines.map((line, index) => ({
          member_no: line.member_no,
          coins: line.coins,
          outcome: outcome?.lines?.[index]?.outcome ?? null,
        }));
      },
    };
  }
}
