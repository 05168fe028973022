import type { ApprovalRequest } from "@hcoins/domain/api/console-coin-controls";
import { type TFunction, textIn } from "@hcoins/i18n/translator";
import type { Key } from "../../lib/i18n.ts";

/**
 * Why a request was made, in the operator's language: an adjustment names its member-facing
 * reason; another kind (a goodwill voucher, a birth month) names its kind.
 */
export function requestReason(request: ApprovalRequest, t: TFunction<Key>) {
  return request.reason_code
    ? t(`adjustmentReasons.${request.reason_code}`)
    : textIn(t, "approvals.kinds", request.kind, { defaultValue: request.kind });
}
