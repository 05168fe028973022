import { ERROR_MESSAGES, ErrorCode, type ErrorCodeValue } from "@hcoins/domain/codes";
import type { Language } from "@hcoins/domain/profile-options";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isDatabaseUnavailable } from "../db/database.ts";
import { AppError, type FieldError } from "../errors.ts";

/** The failure envelope of the contract; the message is in the request's language. */
export function failureBody(errorCode: ErrorCodeValue, httpStatus: number, lang: Language, details = {}) {
  const error_message = ERROR_MESSAGES[errorCode][lang];
  return {
    code: httpStatus,
    error_code: errorCode,
    error_message,
    payload: { error_code: errorCode, error_message, ...details },
  };
}

export function sendFailure(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  const retryAfter = error.details.retry_after_seconds;
  if (typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
  return reply
    .status(error.httpStatus)
    .send(failureBody(error.errorCode, error.httpStatus, request.lang, error.details));
}

// Zod issues carry the domain's rule name as their message; anything else is a generic "invalid".
const RULE_NAME = /^[a-z][A-Za-z0-9]*$/;

function fieldErrors(error: FastifyError): FieldError[] {
  return (error.validation ?? []).map((issue) => {
    const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
    const message = issue.message ?? "";
    return { field, rule: RULE_NAME.test(message) ? message : "invalid" };
  });
}

export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendFailure(reply, request, error);
    if (error.validation) {
      return sendFailure(reply, request, new AppError(ErrorCode.validation, { errors: fieldErrors(error) }));
    }
    // Malformed JSON, an unsupported content type, a body too large: the client's fault, never a 500.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      if (error.statusCode === 429) return sendFailure(reply, request, new AppError(ErrorCode.rateLimited));
      if (error.statusCode === 404) return sendFailure(reply, request, new AppError(ErrorCode.notFound));
      // Over bodyLimit: refused on the announced Content-Length before any of the body is read.
      if (error.statusCode === 413) return sendFailure(reply, request, new AppError(ErrorCode.bodyTooLarge));
      return sendFailure(
        reply,
        request,
        new AppError(ErrorCode.validation, { errors: [{ field: "body", rule: "invalid" }] }),
      );
    }
    // PostgreSQL refuses a NUL character in text (SQLSTATE 22021) wherever a value reaches a query:
    // the input's fault, like any other invalid field, whichever field carried it.
    if ((error as { code?: unknown }).code === "22021") {
      return sendFailure(
        reply,
        request,
        new AppError(ErrorCode.validation, { errors: [{ field: "", rule: "invalid" }] }),
      );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return sendFailure(reply, request, new AppError(ErrorCode.serviceUnavailable));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({
      code: 500,
      error_code: 500,
      error_message: "Server Error",
      payload: { error_code: 500, error_message: "Server Error" },
    });
  });

  app.setNotFoundHandler((request, reply) => sendFailure(reply, request, new AppError(ErrorCode.notFound)));
});
