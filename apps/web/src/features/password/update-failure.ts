import { ERROR_MESSAGES, ErrorCode } from "@hcoins/domain/codes";
import type { TFunction } from "i18next";
import { ApiError } from "../../api/client.ts";
import { currentLanguage } from "../../lib/i18n.ts";

/**
 * What a refused password change or set shows (product-spec.md section 8, contract):
 * one text for every failure, the wrong old password (4205) included, except a password
 * too common (4207), which says so. null for a 401: the app is already taking the member
 * to log in, and an alert there would be out of place.
 */
export function updateFailureMessage(error: unknown, t: TFunction): string | null {
  if (error instanceof ApiError && error.status === 401) return null;
  if (error instanceof ApiError && error.code === ErrorCode.passwordTooCommon)
    return ERROR_MESSAGES[ErrorCode.passwordTooCommon][currentLanguage()];
  return t("password:updateFail");
}
