import { ERROR_MESSAGES, ErrorCode } from "@hcoins/domain/codes";
import type { TFunction } from "i18next";
import type { ApiResult } from "../../lib/api-client.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import { errorCodeOf, serverErrorMessage } from "../../lib/server-message.ts";
import type { LoginPayload } from "./login-with-password.ts";

/**
 * The alert of a failed login (product-spec.md section 8): 5000 is titled 'Login Fail'
 * with the tries left; the lock (4290, or a 5000 with none left) gives the 15-minute
 * wait; a disabled account (4202) its own text; anything else the server's text.
 */
export function loginFailureContent(result: ApiResult<LoginPayload>, t: TFunction): React.ReactNode {
  const language = currentLanguage();
  const code = errorCodeOf(result);
  const title = (
    <strong className="login-fail-title">{ERROR_MESSAGES[ErrorCode.loginFailed][language]}</strong>
  );
  if (code === ErrorCode.loginFailed || code === ErrorCode.loginLocked) {
    const left = Number(result.payload?.attempts_remaining);
    const text =
      code === ErrorCode.loginFailed && left > 0
        ? t("login:attemptsRemaining", { n: left })
        : ERROR_MESSAGES[ErrorCode.loginLocked][language];
    return (
      <>
        {title}
        {text}
      </>
    );
  }
  return serverErrorMessage(result);
}
