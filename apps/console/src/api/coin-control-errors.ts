import { ErrorCode } from "@hcoins/domain/codes";
import type { TFunction } from "@hcoins/i18n/translator";
import { formatNumber } from "../lib/format.ts";
import type { Key } from "../lib/i18n.ts";
import { ApiError } from "./client.ts";
import { errorMessage, fieldErrors } from "./error-message.ts";

const amount = (value: unknown) => (typeof value === "number" ? formatNumber(value) : "—");

/** What a refused adjustment or approval decision means to the operator, with the amounts it names. */
export function coinControlError(error: unknown, t: TFunction<Key>): string {
  if (!(error instanceof ApiError)) return errorMessage(error, t);
  const details = error.details as Record<string, unknown>;
  switch (error.code) {
    case ErrorCode.operatorDailyTotalReached:
      return t("coinControls.errors.operatorDailyTotalReached", {
        total: amount(details.daily_total),
        remaining: amount(details.remaining),
      });
    case ErrorCode.roleDailyTotalReached:
      return t("coinControls.errors.roleDailyTotalReached", {
        total: amount(details.daily_total),
        remaining: amount(details.remaining),
      });
    case ErrorCode.idempotencyKeyReused:
      return t("coinControls.errors.keyReused");
    case ErrorCode.ownApprovalRequest:
      return t("approvals.errors.own");
    case ErrorCode.approvalRequestClosed:
      return t("approvals.errors.closed");
    case ErrorCode.validation: {
      const rules = fieldErrors(error).map((each) => each.rule);
      if (rules.includes("coinsAboveCeiling"))
        return t("coinControls.errors.aboveCeiling", { ceiling: amount(details.ceiling) });
      if (rules.includes("balanceTooLow")) return t("coinControls.errors.balanceTooLow");
    }
  }
  return errorMessage(error, t);
}
