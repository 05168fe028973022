import { ERROR_MESSAGES, ErrorCode, type ErrorCodeValue } from "@hcoins/domain/codes";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { currentLanguage, translator } from "../lib/i18n.ts";
import { ApiError, type FailureDetails } from "./client.ts";

/**
 * What a failed call means to the member, in one place. Screens and the mutations' default
 * (lib/query-client.ts, shown by the AlertProvider) read it here. It stays out of the app
 * shell: its texts for every error code in three languages would cost the first load 2 KB.
 */

const isKnownCode = (code: number | null): code is ErrorCodeValue => code !== null && code in ERROR_MESSAGES;

/** The failure's error_code, or null (not an ApiError, no answer, no code). */
export const errorCodeOf = (error: unknown): number | null => (error instanceof ApiError ? error.code : null);

/** Answers that mean the service is not there (a proxy's or load balancer's), not a refusal of the request. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/**
 * Whether the failure says the service could not be reached: no answer even after the retry (a
 * network failure or the timeout: status 0), a gateway's 502/503/504, or the server's own 5030.
 * Nothing the member typed was refused, so screens keep every field as it was.
 */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.status === 0 ||
    UNREACHABLE_STATUSES.has(error.status) ||
    error.code === ErrorCode.serviceUnavailable
  );
}

/**
 * The text to show for a failure: common:unreachable when no answer came or a gateway answered
 * (the member's connection may be at fault), else the rule of a refused mobile number, else the domain's text
 * for a known error_code in the current language (the server's wording, so the app never shows
 * a stray language), else the server's own message, else common:serverError (no answer,
 * garbage, anything else).
 */
export function errorMessage(error: unknown): string {
  const code = errorCodeOf(error);
  // The server's own 5030 answered, so the connection is fine: its text says to try again later.
  if (isUnreachable(error) && code !== ErrorCode.serviceUnavailable)
    return translator.t("common:unreachable");
  // A refused number (e.g. mobileNotMobile) on a screen that shows the number but no field for it.
  const numberRule = fieldErrors(error).find((rule) => rule.field === "mobile_phone")?.rule;
  if (code === ErrorCode.validation && numberRule && translator.exists(`common:validation.${numberRule}`)) {
    return translator.t(`common:validation.${numberRule}`);
  }
  if (isKnownCode(code)) return ERROR_MESSAGES[code][currentLanguage()];
  return (error instanceof ApiError && error.message) || translator.t("common:serverError");
}

export type FieldRule = NonNullable<FailureDetails["errors"]>[number];

/** The field rules of a 4000 (`payload.errors`): rule names the common:validation texts translate. */
export function fieldErrors(error: unknown): FieldRule[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details.errors)) return [];
  return error.details.errors.filter(
    (item): item is FieldRule => typeof item?.field === "string" && typeof item?.rule === "string",
  );
}

/**
 * Shows a 4000's rules on the form's own fields (the forms name their fields as the payload
 * does); rules on anything else are left to the caller. Returns every rule of the failure.
 */
export function showFieldErrors<Values extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<Values>, "setError" | "getValues">,
): FieldRule[] {
  const rules = fieldErrors(error);
  const values = form.getValues();
  for (const { field, rule } of rules) {
    if (field in values) form.setError(field as Path<Values>, { message: rule });
  }
  return rules;
}

/** Seconds until another SMS code may be asked for, when the failure is 4203 (a code went out moments ago). */
export function resendWaitOf(error: unknown): number | null {
  if (errorCodeOf(error) !== ErrorCode.smsTooSoon || !(error instanceof ApiError)) return null;
  const seconds = Number(error.details.retry_after_seconds);
  return seconds > 0 ? seconds : null;
}
