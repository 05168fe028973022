import { ErrorCode } from "@hcoins/domain/codes";
import type { DatabaseHandle } from "@hcoins/server-kit/database";
import { AppError } from "../../errors.ts";
import type { ApprovalKind, ApprovalService } from "../coin-controls/approvals.ts";
import type { CoinControlService } from "../coin-controls/controls.ts";
import type { ControlledOperator } from "../coin-controls/daily-totals.ts";
import type { ConsoleActionKeys } from "../console-action-keys/console-action-keys.ts";
import type { GoodwillIssued, VoucherOperator, VoucherSupportService } from "./voucher-support.ts";

export const GOODWILL_KIND = "vouchers.goodwill";

export type GoodwillAnswer =
  | ({ status: "applied" } & GoodwillIssued)
  | { status: "pending"; approval_id: number };

interface GoodwillPayload {
  member_id: number;
  reward_id: number;
}

/**
 * A goodwill voucher costs the programme its reward's coins, so it is held to the same approval
 * threshold as an adjustment of that many coins (coin controls, per role): at or below it the
 * voucher is issued at once; above it the request waits on the Approvals screen, and the voucher is
 * issued when a second operator approves (its scheme key derived from the request's id).
 */
export class GoodwillVouchers {
  constructor(
    private readonly vouchers: VoucherSupportService,
    private readonly controls: CoinControlService,
    private readonly approvals: ApprovalService,
    private readonly keys: ConsoleActionKeys,
    private readonly database: Pick<DatabaseHandle, "transaction">,
  ) {}

  async give(
    memberId: number,
    rewardId: number,
    note: string,
    key: string,
    operator: ControlledOperator,
    by: VoucherOperator,
  ): Promise<GoodwillAnswer> {
    const [rewards, controls] = await Promise.all([this.vouchers.goodwillRewards(), this.controls.all()]);
    const reward = rewards.find((one) => one.id === rewardId);
    const threshold = controls[operator.role].approval_threshold;
    // A reward not on offer is refused by the scheme with its own rule; nothing to approve.
    if (!reward || threshold === null || reward.coins <= threshold)
      return {
        status: "applied",
        ...(await this.vouchers.issueGoodwillVoucher(memberId, rewardId, note, key, by)),
      };
    await this.vouchers.holderOf(memberId);
    return this.keys.once(`goodwill-request:${memberId}:${key}`, { rewardId, note }, async () => {
      const payload: GoodwillPayload = { member_id: memberId, reward_id: rewardId };
      const approval = await this.database.transaction((trx) =>
        this.approvals.request(
          {
            kind: GOODWILL_KIND,
            payload: { ...payload },
            memberId,
            coins: reward.coins,
            reasonCode: null,
            note,
            requester: operator,
          },
          by,
          trx,
        ),
      );
      return { status: "pending" as const, approval_id: approval.id };
    });
  }

  approvalKind(): ApprovalKind {
    return {
      execute: async (request, _approver, by) => {
        const payload = JSON.parse(request.payload) as GoodwillPayload;
        try {
          const issued = await this.vouchers.issueGoodwillVoucher(
            payload.member_id,
            payload.reward_id,
            request.note,
            `approval:${request.id}`,
            // The ledger names the operator who asked; the audit entry the one who approved.
            { ...by, operator: request.requested_by },
          );
          return { ok: true, outcome: { ...issued } };
        } catch (error) {
          if (error instanceof AppError && error.errorCode === ErrorCode.validation) {
            const rule = (error.details as { errors?: { rule: string }[] }).errors?.[0]?.rule;
            return { ok: false, failure: rule ?? "rewardNotAvailable" };
          }
          if (error instanceof AppError && error.errorCode === ErrorCode.coinAccountNotLinked)
            return { ok: false, failure: "coinAccountNotLinked" };
          throw error;
        }
      },
    };
  }
}
