import { ERROR_HTTP_STATUS, ERROR_MESSAGES, ErrorCode, type ErrorCodeValue } from "@hcoins/domain/codes";
import { EnvelopeError, type ErrorEnvelope } from "@hcoins/server-kit/error-envelope";

/** A failure the client is told about: an error code of the contract plus optional payload details. */
export class AppError extends EnvelopeError {
  declare readonly errorCode: ErrorCodeValue;

  constructor(errorCode: ErrorCodeValue, details: Record<string, unknown> = {}, message?: string) {
    super(errorCode, ERROR_HTTP_STATUS[errorCode], details, message);
  }
}

/** How the member server's failures answer (the contract's codes and texts), everywhere but the embedded scheme's routes. */
export const MEMBER_ENVELOPE: ErrorEnvelope<ErrorCodeValue> = {
  errorClass: AppError,
  messages: ERROR_MESSAGES,
  codes: {
    validation: ErrorCode.validation,
    notFound: ErrorCode.notFound,
    serviceUnavailable: ErrorCode.serviceUnavailable,
    rateLimited: ErrorCode.rateLimited,
    bodyTooLarge: ErrorCode.bodyTooLarge,
  },
};

export interface FieldError {
  field: string;
  rule: string;
}

export const validationError = (errors: FieldError[]) => new AppError(ErrorCode.validation, { errors });

/** The success envelope: HTTP 200, `{code: 200, payload}`. */
export function ok<T>(payload: T): { code: 200; payload: T } {
  return { code: 200, payload };
}
