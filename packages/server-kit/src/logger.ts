import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";
import { type DestinationStream, stdSerializers } from "pino";
import type { LogLevel } from "./env.ts";

// Query values that are credentials, or personal data (`data`, the web app's phone steps: base64 of
// the mobile number): never written to the log. Also where a query sits percent-encoded inside
// another one (`?redirect=/login/step2%3Fdata%3D…`); the rest of that value goes with it.
const SECRET_QUERY_KEYS =
  /((?:[?&]|%3F|%26)(?:token|access_token|message|signature|sms_token|mobile_token|data)(?:=|%3D))[^&#]*/gi;

export const redactUrl = (url: string) => url.replace(SECRET_QUERY_KEYS, "$1[redacted]");

/**
 * Fastify's logging: one access-log line per request (AccessLog), which carries the
 * method, redacted url and client address only (bodies, which hold passwords and codes,
 * are never logged), and any credential that reaches a log object by another road is
 * censored by its key (censorSecrets).
 */
export function loggingOptions(
  { logLevel }: { logLevel: LogLevel },
  stream?: DestinationStream,
): Pick<FastifyServerOptions, "logger" | "logController"> {
  return { logger: loggerOptions(logLevel, stream), logController: new AccessLog() };
}

function loggerOptions(level: LogLevel, stream?: DestinationStream): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    formatters: { log: censorSecrets },
    serializers: {
      req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      // An error's own fields are logged too: they pass the same censor.
      err: (error) => censorSecrets(stdSerializers.err(error)),
    },
  };
}

// Keys whose values are credentials wherever they appear in a log object.
const SECRET_KEYS = new Set([
  "authorization",
  "password",
  "new_password",
  "old_password",
  "sms_token",
  "mobile_token",
  "token",
  "access_token",
  "reset_token",
]);
const CENSOR = "[redacted]";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * The log object with the value of every secret key censored, down to `depth` levels of
 * plain objects (`{ body: { password } }`, `{ req: { headers: { authorization } } }`); other
 * objects (a request, a reply) go to their serializers, which pick safe fields, and an
 * error's serialized fields come back through here. Copies only what it censors. pino's
 * own redaction did this by path at 5–6 µs a line, about 6 % of a whole CheckPhone, for
 * lines that almost never hold a secret.
 */
export function censorSecrets<T extends object>(object: T, depth = 3): T {
  const fields = object as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key in fields) {
    const value = fields[key];
    let kept = value;
    if (SECRET_KEYS.has(key)) kept = CENSOR;
    else if (depth > 1 && isPlainObject(value)) kept = censorSecrets(value, depth - 1);
    if (kept !== value) {
      copy ??= { ...fields };
      copy[key] = kept;
    }
  }
  return (copy as T | undefined) ?? object;
}

/**
 * The access log: one line per request, when it is answered, with the request (method,
 * redacted url, client address), its status and the time it took. Fastify's default also
 * writes a line as each request arrives, which doubles the log's volume and its cost per
 * request; that line is kept at the debug level, for following a request that never ends.
 */
class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}
