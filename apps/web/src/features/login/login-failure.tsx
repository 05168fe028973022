import { ERROR_MESSAGES, ErrorCode } from "@hcoins/domain/codes";
import type { TFunction } from "@hcoins/i18n/translator";
import { ApiError } from "../../api/client.ts";
import { errorMessage } from "../../api/error-message.ts";
import type { Key } from "../../lib/i18n.ts";
import { currentLanguage } from "../../lib/i18n.ts";

/**
 * The alert of a failed login (product-spec.md section 8): 5000 is titled 'Login Fail'
 * with the tries left; the lock (4290, or a 5000 with none left) gives the 15-minute
 * wait; any other failure (a disabled account's 4202 included) what it means.
 */
export function loginFailureContent(error: unknown, t: TFunction<Key<"login">>): React.ReactNode {
  const code = error instanceof ApiError ? error.code : null;
  if (!(error instanceof ApiError) || (code !== ErrorCode.loginFailed && code !== ErrorCode.loginLocked)) {
    return errorMessage(error);
  }
  const language = currentLanguage();
  const left = Number(error.details.attempts_remaining);
  const text =
    code === ErrorCode.loginFailed && left > 0
      ? t("login:attemptsRemaining", { n: left })
      : ERROR_MESSAGES[ErrorCode.loginLocked][language];
  return (
    <>
      <strong className="login-fail-title">{ERROR_MESSAGES[ErrorCode.loginFailed][language]}</strong>
      {text}
    </>
  );
}
