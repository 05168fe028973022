import type { Language, LocalizedText } from "@hcoins/domain/languages";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable } from "./database-errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The largest file a route's upload takes, in bytes as the person chose it (not the encoded
     * body): a 413 tells it as `max_bytes`, so the client can say the limit in its own words.
     */
    uploadMaxBytes?: number;
  }
}

/**
 * A failure the client is told about in the envelope both servers answer:
 * `{code: <HTTP status>, error_code, error_message, payload: {error_code, error_message, ...details}}`.
 * Each app has its own subclass and codes (the member server's AppError, the scheme's SchemeError).
 */
export class EnvelopeError extends Error {
  constructor(
    readonly errorCode: number,
    readonly httpStatus: number,
    readonly details: Record<string, unknown> = {},
    message = `error ${errorCode}`,
  ) {
    super(message);
  }
}

/** An app's side of the envelope: its error class, the text of each of its codes, and which codes Fastify's own failures get. */
export interface ErrorEnvelope<Code extends number> {
  errorClass: new (errorCode: Code, details?: Record<string, unknown>) => EnvelopeError;
  /** `error_message` of each code, in the request's language. */
  messages: Record<Code, LocalizedText>;
  /**
   * A client error Fastify reports without a code of its own here (malformed JSON, an unsupported
   * content type) is answered as `validation`, never a 500.
   */
  codes: {
    validation: Code;
    notFound: Code;
    serviceUnavailable: Code;
    rateLimited?: Code;
    bodyTooLarge?: Code;
  };
}

interface FieldError {
  field: string;
  rule: string;
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

function failureBody(error: EnvelopeError, message: LocalizedText, lang: Language) {
  const error_message = message[lang];
  return {
    code: error.httpStatus,
    error_code: error.errorCode,
    error_message,
    payload: { error_code: error.errorCode, error_message, ...error.details },
  };
}

function sendFailure<Code extends number>(
  envelope: ErrorEnvelope<Code>,
  reply: FastifyReply,
  request: FastifyRequest,
  error: EnvelopeError,
) {
  const retryAfter = error.details.retry_after_seconds;
  if (typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
  const message = envelope.messages[error.errorCode as Code];
  return reply.status(error.httpStatus).send(failureBody(error, message, request.lang));
}

/** The error handler of an app (or of a scope, as the embedded scheme's routes): everything answers in the envelope. */
export function envelopeErrorHandler<Code extends number>(envelope: ErrorEnvelope<Code>) {
  const { errorClass, codes } = envelope;
  const send = (reply: FastifyReply, request: FastifyRequest, error: EnvelopeError) =>
    sendFailure(envelope, reply, request, error);
  const invalid = (field: string) =>
    new errorClass(codes.validation, { errors: [{ field, rule: "invalid" }] });
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof errorClass) return send(reply, request, error);
    if (error.validation) {
      return send(reply, request, new errorClass(codes.validation, { errors: fieldErrors(error) }));
    }
    // Malformed JSON, an unsupported content type, a body too large: the client's fault, never a 500.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      if (error.statusCode === 429 && codes.rateLimited !== undefined)
        return send(reply, request, new errorClass(codes.rateLimited));
      if (error.statusCode === 404) return send(reply, request, new errorClass(codes.notFound));
      // Over bodyLimit: refused on the announced Content-Length before any of the body is read.
      if (error.statusCode === 413 && codes.bodyTooLarge !== undefined) {
        const maxBytes = request.routeOptions.config?.uploadMaxBytes;
        return send(
          reply,
          request,
          new errorClass(codes.bodyTooLarge, maxBytes === undefined ? {} : { max_bytes: maxBytes }),
        );
      }
      return send(reply, request, invalid("body"));
    }
    // PostgreSQL refuses a NUL character in text (SQLSTATE 22021) wherever a value reaches a query:
    // the input's fault, like any other invalid field, whichever field carried it.
    if ((error as { code?: unknown }).code === "22021") return send(reply, request, invalid(""));
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return send(reply, request, new errorClass(codes.serviceUnavailable));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({
      code: 500,
      error_code: 500,
      error_message: "Server Error",
      payload: { error_code: 500, error_message: "Server Error" },
    });
  };
}

/** The app's answer to a path it does not serve: 404 with its not-found code. */
export function notFoundHandler<Code extends number>(envelope: ErrorEnvelope<Code>) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    sendFailure(envelope, reply, request, new envelope.errorClass(envelope.codes.notFound));
}
