import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";
import type { DestinationStream } from "pino";
import type { Config } from "./config.ts";

// Query values that are credentials: never written to the log.
const SECRET_QUERY_KEYS = /([?&](?:token|access_token|message|signature|sms_token|mobile_token)=)[^&#]*/gi;

export const redactUrl = (url: string) => url.replace(SECRET_QUERY_KEYS, "$1[redacted]");

/**
 * Fastify's logging: one access-log line per request (AccessLog), which carries the
 * method, redacted url and client address only (bodies, which hold passwords and codes,
 * are never logged), and any credential that reaches a log object by another road is
 * censored by path.
 */
export function loggingOptions(
  config: Config,
  stream?: DestinationStream,
): Pick<FastifyServerOptions, "logger" | "logController"> {
  return { logger: loggerOptions(config, stream), logController: new AccessLog() };
}

function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions["logger"] {
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        "req.headers.authorization",
        "headers.authorization",
        "*.password",
        "*.new_password",
        "*.old_password",
        "*.sms_token",
        "*.mobile_token",
        "*.token",
        "*.access_token",
        "*.reset_token",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
    },
  };
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
