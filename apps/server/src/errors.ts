import { ERROR_HTTP_STATUS, ErrorCode, type ErrorCodeValue } from "@hcoins/domain/codes";

/** A failure the client is told about: an error code of the contract plus optional payload details. */
export class AppError extends Error {
  readonly errorCode: ErrorCodeValue;
  readonly httpStatus: number;
  readonly details: Record<string, unknown>;

  constructor(errorCode: ErrorCodeValue, details: Record<string, unknown> = {}, message?: string) {
    super(message ?? `error ${errorCode}`);
    this.errorCode = errorCode;
    this.httpStatus = ERROR_HTTP_STATUS[errorCode];
    this.details = details;
  }
}

export interface FieldError {
  field: string;
  rule: string;
}

export const validationError = (errors: FieldError[]) => new AppError(ErrorCode.validation, { errors });

/** The success envelope: HTTP 200, `{code: 200, payload}`. */
export function ok<T>(payload: T): { code: 200; payload: T } {
  return { code: 200, payload };
}
