import rateLimit from "@fastify/rate-limit";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import { fallbackRateLimitStore } from "../counters.ts";
import { AppError } from "../errors.ts";
import { metrics } from "../metrics.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A static file (a built asset, the favicon, a media image): outside the per-address request
     * limit, which is there for floods of calls and pages. One page pulls a dozen files, so
     * counting them made about 40 page loads a minute the limit.
     */
    staticFile?: boolean;
  }
}

export interface RateLimitOptions {
  /** RATE_LIMIT_PER_MINUTE. */
  perMinute: number;
  /** Counts in Redis (falling back to this process while it is down) when set, else in this process. */
  redis: Redis | undefined;
  keyPrefix: string;
  /** The app's clock: the Redis counts' windows follow it (counters.ts). */
  now: () => number;
}

const NO_RATE_COUNTS = {
  "x-ratelimit-limit": false,
  "x-ratelimit-remaining": false,
  "x-ratelimit-reset": false,
};

/**
 * The per-address request limit, RATE_LIMIT_PER_MINUTE on every route but static files, /healthz,
 * /readyz and /metrics (their `rateLimit: false`) and the embedded coin scheme's API. A refusal is 429 / 4299 with
 * `retry_after_seconds` in the envelope and Retry-After; a page answers it as a page instead
 * (modules/web/limited-page.ts).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitOptions) => {
  await app.register(rateLimit, {
    max: options.perMinute,
    timeWindow: "1 minute",
    // The embedded coin scheme's routes (those declaring its access) count their callers per API key
    // themselves (apps/coin-scheme/src/till-limits.ts): the tills of a shop share one address, and a
    // refusal there must be the scheme's envelope, which this plugin's AppError is not (it was a 500).
    allowList: (request) =>
      request.routeOptions.config.staticFile === true ||
      request.routeOptions.config.schemeAccess !== undefined,
    // No client reads the x-ratelimit-* counts, and three headers on every answer cost more than
    // they tell; a refused request still says when to come back (retry-after).
    addHeadersOnExceeding: NO_RATE_COUNTS,
    addHeaders: { ...NO_RATE_COUNTS, "retry-after": true },
    onExceeded: () => metrics.limitRefused("http"),
    errorResponseBuilder: (_request, context) =>
      new AppError(ErrorCode.rateLimited, {
        retry_after_seconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
    ...(options.redis
      ? { store: fallbackRateLimitStore(options.redis, options.keyPrefix, options.now) }
      : {}),
  });
});
