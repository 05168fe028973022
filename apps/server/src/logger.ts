import type { FastifyServerOptions } from "fastify";
import type { DestinationStream } from "pino";
import type { Config } from "./config.ts";

// Query values that are credentials: never written to the log.
const SECRET_QUERY_KEYS = /([?&](?:token|access_token|message|signature|sms_token|mobile_token)=)[^&#]*/gi;

export const redactUrl = (url: string) => url.replace(SECRET_QUERY_KEYS, "$1[redacted]");

/**
 * pino options: request logs carry method, redacted url and client address only
 * (bodies, which hold passwords and codes, are never logged), and any credential
 * that reaches a log object by another road is censored by path.
 */
export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions["logger"] {
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
