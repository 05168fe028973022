import { ErrorCode } from "@hcoins/domain/codes";
import type { TFunction } from "@hcoins/i18n/translator";
import { formatMegabytes } from "../lib/file-size.ts";
import type { Key } from "../lib/i18n.ts";
import { ApiError } from "./client.ts";

/** The console's refusal of a call the operator's role may not make (the members' API has no such code). */
const FORBIDDEN = 4030;

/** What a failed call means to the operator, in their language. */
export function errorMessage(error: unknown, t: TFunction<Key>): string {
  if (!(error instanceof ApiError)) return t("errors.unexpected");
  const seconds = error.details.retry_after_seconds;
  switch (error.code) {
    case ErrorCode.invitationInvalid:
      return t("errors.invitationInvalid");
    case ErrorCode.signInFailed:
      return error.details.attempts_remaining === undefined
        ? t("errors.signInFailed")
        : t("errors.signInFailedAttempts", { count: error.details.attempts_remaining });
    case ErrorCode.csrfInvalid:
      return t("errors.csrfInvalid");
    case ErrorCode.operatorDisabled:
      return t("errors.operatorDisabled");
    case ErrorCode.operatorSelfDisable:
      return t("errors.operatorSelfDisable");
    case ErrorCode.lastAdministrator:
      return t("errors.lastAdministrator");
    case ErrorCode.operatorSelfChange:
      return t("operatorLifecycle.errors.selfChange");
    case ErrorCode.lastAdministratorRole:
      return t("operatorLifecycle.errors.lastAdministratorRole");
    case ErrorCode.operatorDisabledEmail:
      return t("operatorLifecycle.errors.disabledEmail");
    case ErrorCode.operatorNotDisabled:
      return t("operatorLifecycle.errors.notDisabled");
    case ErrorCode.operatorIsDisabled:
      return t("operatorLifecycle.errors.isDisabled");
    case ErrorCode.campaignNotEditable:
      return t("campaigns.errors.notEditable");
    case ErrorCode.campaignActivationPending:
      return t("campaigns.errors.activationPending");
    case ErrorCode.missionNotEditable:
      return t("missions.errors.notEditable");
    case ErrorCode.missionActivationPending:
      return t("missions.errors.activationPending");
    case ErrorCode.segmentInUse:
      return t("segments.errors.inUse");
    case ErrorCode.idempotencyKeyReused:
      return t("vouchers.errors.keyReused");
    case ErrorCode.idempotencyKeyInProgress:
      return t("vouchers.errors.keyInProgress");
    case ErrorCode.loginLocked:
    case ErrorCode.rateLimited:
      return seconds === undefined ? t("errors.rateLimited") : t("errors.rateLimitedFor", { count: seconds });
    case ErrorCode.bodyTooLarge:
      return tooLarge(error, t);
    case ErrorCode.validation:
      return t("errors.invalidInput");
    case FORBIDDEN:
      return t("errors.forbidden");
    case ErrorCode.notFound:
      return t("errors.notFound");
    case ErrorCode.serviceUnavailable:
      return t("errors.unavailable");
  }
  if (error.status === 401) return t("errors.unauthorized");
  if (error.status === 403) return t("errors.forbidden");
  if (error.status === 0) return t("errors.network");
  return t("errors.unexpected");
}

/** A file over the server's limit (413, or the imageTooLarge rule): the limit when the server told it. */
export function tooLarge(error: ApiError, t: TFunction<Key>): string {
  const max = Number(error.details.max_bytes);
  return Number.isFinite(max) && max > 0
    ? t("uploadLimit.tooLarge", { size: formatMegabytes(max) })
    : t("uploadLimit.tooLargeNoLimit");
}

/** The fields a 4000 named, with their rules (the form shows each under its field). */
export function fieldErrors(error: unknown): { field: string; rule: string }[] {
  return error instanceof ApiError && error.code === ErrorCode.validation ? (error.details.errors ?? []) : [];
}
