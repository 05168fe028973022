import type { DatabaseHandle } from "@hcoins/server-kit/database";
import { validationError } from "../../errors.ts";
import type { Actor } from "../audit/service.ts";
import type { ApprovalKind, ApprovalService } from "../coin-controls/approvals.ts";
import type { ControlledOperator } from "../coin-controls/daily-totals.ts";
import type { MemberService } from "../members/service.ts";
import type { MemberRecordService } from "./service.ts";

export const BIRTH_MONTH_KIND = "member.birthMonth";

interface BirthMonthPayload {
  birthday_month: number;
  reason: string;
}

/**
 * A birth month correction moves money (the birthday bonus follows the month, and a member could
 * be given a second birthday in a year), so it always waits for a second operator: the request is
 * stored with its reason, and the correction runs when someone with coins.approve approves it.
 */
export class BirthMonthCorrections {
  constructor(
    private readonly members: MemberService,
    private readonly records: MemberRecordService,
    private readonly approvals: ApprovalService,
    private readonly database: Pick<DatabaseHandle, "transaction">,
  ) {}

  /** 4040 no such member; 4000 `nothingToChange` when the month is already this one. Answers the request's id. */
  async request(
    memberId: number,
    month: number,
    reason: string,
    requester: ControlledOperator,
    by: Actor,
  ): Promise<number> {
    const member = await this.records.member(memberId);
    if (member.birthday_month === month)
      throw validationError([{ field: "birthday_month", rule: "nothingToChange" }]);
    const payload: BirthMonthPayload = { birthday_month: month, reason };
    const approval = await this.database.transaction((trx) =>
      this.approvals.request(
        {
          kind: BIRTH_MONTH_KIND,
          payload: { ...payload },
          memberId: member.id,
          coins: 0,
          reasonCode: null,
          note: reason,
          requester,
        },
        by,
        trx,
      ),
    );
    return approval.id;
  }

  approvalKind(): ApprovalKind {
    return {
      execute: async (request, _approver, by) => {
        const { birthday_month, reason } = JSON.parse(request.payload) as BirthMonthPayload;
        const member = await this.members.findById(request.member_id ?? 0);
        if (!member) return { ok: false, failure: "memberGone" };
        // Approved twice over a retry, or corrected since: the month is already right.
        if (member.birthday_month !== birthday_month)
          await this.records.correctBirthMonth(member.id, birthday_month, reason, by);
        return { ok: true, outcome: { birthday_month } };
      },
    };
  }
}
