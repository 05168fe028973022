import { ErrorCode } from "@hcoins/domain/codes";
import type { TFunction } from "@hcoins/i18n/translator";
import { ApiError } from "../../api/client.ts";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import type { Key } from "../../lib/i18n.ts";
import { ruleText } from "../../lib/rule-text.ts";

/** The refusals of member records in the operator's words; the console's shared ones otherwise. */
export function recordErrorMessage(error: unknown, t: TFunction<Key>): string {
  if (!(error instanceof ApiError)) return errorMessage(error, t);
  const seconds = error.details.retry_after_seconds;
  switch (error.code) {
    case ErrorCode.mobileNumberTaken:
      return t("memberRecords.errors.numberTaken");
    case ErrorCode.mobileNumberBlocked:
      return t("memberRecords.errors.numberBlocked");
    case ErrorCode.schemeNumberConflict:
      return t("memberRecords.errors.schemeConflict");
    case ErrorCode.smsCodeInvalid:
      return t("memberRecords.errors.codeInvalid");
    case ErrorCode.emailTaken:
      return t("memberRecords.errors.emailTaken");
    case ErrorCode.smsTooSoon:
    case ErrorCode.smsTooMany:
    case ErrorCode.smsBudgetReached:
      return seconds === undefined
        ? t("memberRecords.errors.smsRefused")
        : t("memberRecords.errors.smsRefusedFor", { count: seconds });
  }
  return errorMessage(error, t);
}

/** Each field a 4000 named, with its rule. */
export const fieldRules = (error: unknown): Record<string, string> =>
  Object.fromEntries(fieldErrors(error).map(({ field, rule }) => [field, rule]));

/** A rule in words: this feature's own, the console's shared ones, or "not valid". */
export const recordRuleText = (t: TFunction<Key>, rule: string | undefined): string | undefined =>
  rule === undefined ? undefined : ruleText(t, rule, "memberRecords.rules");
