import { ERROR_MESSAGES, type ErrorCodeValue } from "@hcoins/domain/codes";
import type { ApiResult } from "./api-client.ts";
import { currentLanguage, i18next } from "./i18n.ts";

/**
 * Reading a failed answer. The failure envelope carries `error_code` at the top and
 * again in `payload`; either may be a numeric string.
 */
export function errorCodeOf(result: Pick<ApiResult<unknown>, "error_code" | "payload">): number | null {
  const payload = (result.payload ?? {}) as { error_code?: unknown };
  const code = Number(result.error_code ?? payload.error_code);
  return Number.isFinite(code) && code > 0 ? code : null;
}

const isKnownError = (code: number | null): code is ErrorCodeValue => code !== null && code in ERROR_MESSAGES;

/**
 * The text to show for a failed call: the domain's text for a known `error_code` in the
 * current language (the server's wording, so the app never shows a stray language),
 * else the server's own `error_message` (at the top, else in `payload`) or `message`,
 * else common:serverError.
 */
export function serverErrorMessage(result: ApiResult<unknown>): string {
  const code = errorCodeOf(result);
  if (isKnownError(code)) return ERROR_MESSAGES[code][currentLanguage()];
  const payload = (result.payload ?? {}) as { error_message?: unknown };
  const payloadText = typeof payload.error_message === "string" ? payload.error_message : "";
  return result.error_message || payloadText || result.message || i18next.t("common:serverError");
}

/** The field rules of a 4000 answer (`payload.errors`), to show on the form beside the alert. */
export function fieldErrors(result: ApiResult<unknown>): { field: string; rule: string }[] {
  const errors = (result.payload as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors)
    ? errors.filter(
        (error): error is { field: string; rule: string } =>
          typeof error?.field === "string" && typeof error?.rule === "string",
      )
    : [];
}
