import { ERROR_MESSAGES, ErrorCode } from "@hcoins/domain/codes";
import type { TFunction } from "@hcoins/i18n/translator";
import { ApiError } from "../../api/client.ts";
import type { Key } from "../../lib/i18n.ts";
import { currentLanguage } from "../../lib/i18n.ts";

/**
 * What a refused password change or set shows (product-spec.md section 8, contract):
 * one text for every failure, the wrong old password (4205) included, with the tries
 * left when the server counts them; a password too common (4207) and the lock after
 * too many wrong old passwords (4290) say so. null for a 401: the app is already taking
 * the member to log in, and an alert there would be out of place.
 */
export function updateFailureMessage(error: unknown, t: TFunction<Key<"password">>): string | null {
  if (!(error instanceof ApiError)) return t("password:updateFail");
  if (error.status === 401) return null;
  if (error.code === ErrorCode.passwordTooCommon || error.code === ErrorCode.loginLocked)
    return ERROR_MESSAGES[error.code][currentLanguage()];
  const left = Number(error.details.attempts_remaining);
  if (error.code === ErrorCode.oldPasswordIncorrect && left > 0)
    return t("password:updateFailAttempts", { n: left });
  return t("password:updateFail");
}
