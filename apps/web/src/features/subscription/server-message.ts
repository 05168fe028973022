import { ERROR_MESSAGES, type ErrorCodeValue } from "@hcoins/domain/codes";
import type { ApiResult } from "../../lib/api-client.ts";
import { currentLanguage } from "../../lib/i18n.ts";

/**
 * The text of a failed call: the domain's wording for a known `error_code` (the same in
 * every screen and language), else the server's `payload.error_message`, else the fallback.
 */
export function serverMessage(result: ApiResult<unknown>, fallback: string): string {
  const payload = (result.payload ?? {}) as { error_code?: unknown; error_message?: unknown };
  const code = Number(result.error_code ?? payload.error_code);
  if (Object.hasOwn(ERROR_MESSAGES, code)) return ERROR_MESSAGES[code as ErrorCodeValue][currentLanguage()];
  const text = typeof payload.error_message === "string" ? payload.error_message : result.error_message;
  return text || result.message || fallback;
}
