import { ERROR_MESSAGES, ErrorCode } from "@hcoins/domain/codes";
import type { TFunction } from "i18next";
import { type ApiResult, codeOf } from "../../lib/api-client.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import { errorCodeOf } from "../../lib/server-message.ts";

/**
 * What a refused password change or set shows (product-spec.md section 8, contract):
 * one text for every failure, the wrong old password (4205) included, except a password
 * too common (4207), which says so. null for a 401: the app is already taking the member
 * to log in, and an alert there would be out of place.
 */
export function updateFailureMessage(result: ApiResult, t: TFunction): string | null {
  if (codeOf(result) === 401) return null;
  if (errorCodeOf(result) === ErrorCode.passwordTooCommon)
    return ERROR_MESSAGES[ErrorCode.passwordTooCommon][currentLanguage()];
  return t("password:updateFail");
}
