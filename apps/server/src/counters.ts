import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { ErrorCode } from "@hcoins/domain/codes";
import type { DependencyCheck } from "@hcoins/server-kit/health-routes";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { type CountStore, FallbackCountStore, MemoryCountStore, RedisCountStore } from "./count-stores.ts";
import { AppError } from "./errors.ts";
import { metrics } from "./metrics.ts";

/**
 * Shared counters for SMS limits, code throttles and login locks: in-process by
 * default, in Redis when REDIS_URL is set so that every server instance sees one count.
 * While Redis cannot answer these fail closed (503 / 5030): they guard SMS cost and
 * password guessing, and a count per process would multiply each limit by the number
 * of instances and forget every lock (docs/reliability.md, "Faults"). The membership lookup
 * budgets count in the process meanwhile instead (CounterOptions).
 */
export interface CounterResult {
  /** False when this consume went over the limit. */
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
  /** True on the one refusal that first went over the limit in this window: the moment to log it once. */
  tripped: boolean;
  /**
   * Points taken in the window, this one included (past the limit too): exactly one consume per key
   * and window sees `points + 1`, on whichever instance, so "the limit was just reached" is said once.
   */
  consumed: number;
}

export class Counter {
  constructor(
    private readonly store: CountStore,
    readonly points: number,
    private readonly windowMs: number,
    /** The limit's name (`sms-client`, `login-failures`…): the label its refusals are counted under. */
    readonly name: string,
  ) {}

  async consume(key: string): Promise<CounterResult> {
    const { consumed, msLeft } = await this.store.add(key, 1, this.windowMs).catch((error) => {
      throw unavailable(error);
    });
    const allowed = consumed <= this.points;
    if (!allowed) metrics.limitRefused(this.name);
    return {
      allowed,
      remaining: Math.max(0, this.points - consumed),
      retryAfterSeconds: seconds(msLeft),
      tripped: consumed === this.points + 1,
      consumed,
    };
  }

  /** Current state without consuming; null when the key has no count. */
  async peek(key: string): Promise<CounterResult | null> {
    const count = await this.store.get(key).catch((error) => {
      throw unavailable(error);
    });
    if (!count) return null;
    return {
      allowed: count.consumed <= this.points,
      remaining: Math.max(0, this.points - count.consumed),
      retryAfterSeconds: seconds(count.msLeft),
      tripped: false,
      consumed: count.consumed,
    };
  }

  /** Refuses the key for `durationSeconds` (its count one past the limit), whatever it had counted. */
  async block(key: string, durationSeconds: number): Promise<void> {
    await this.store.set(key, this.points + 1, durationSeconds * 1000).catch((error) => {
      throw unavailable(error);
    });
  }

  /** Gives one consumed point back (a send that did not go out). */
  async refund(key: string): Promise<void> {
    await this.store.add(key, -1, this.windowMs).catch((error) => {
      throw unavailable(error);
    });
  }

  async reset(key: string): Promise<void> {
    await this.store.delete(key).catch((error) => {
      throw unavailable(error);
    });
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function unavailable(error: unknown): AppError {
  const failure = new AppError(ErrorCode.serviceUnavailable);
  failure.cause = error;
  return failure;
}

export interface CounterOptions {
  /**
   * Count in this process while Redis cannot answer, instead of failing closed: for limits that
   * only blunt abuse (each instance then allows the limit once), where a 503 would cost more.
   */
  inProcessWhileRedisDown?: boolean;
}

export interface CounterFactory {
  counter(name: string, points: number, durationSeconds: number, options?: CounterOptions): Counter;
}

/**
 * Redis keys of the counts: `<REDIS_KEY_PREFIX>:counts:<limit>:<key>`. Not the keys of the
 * rate-limiter-flexible counts before them, whose values were bare numbers: during a rolling
 * deployment the instances still running the old code would fail on these hashes.
 */
const countsPrefix = (keyPrefix: string) => `${keyPrefix}:counts:`;

/** The counters, on the app's clock `now` (tests move it). */
export function createCounterFactory(
  redis: Redis | undefined,
  keyPrefix: string,
  now: () => number,
): CounterFactory {
  return {
    counter(name, points, durationSeconds, { inProcessWhileRedisDown = false } = {}) {
      let store: CountStore = new MemoryCountStore(now);
      if (redis) {
        const shared = new RedisCountStore(redis, `${countsPrefix(keyPrefix)}${name}:`, now);
        store = inProcessWhileRedisDown ? new FallbackCountStore(shared, store) : shared;
      }
      return new Counter(store, points, durationSeconds * 1000, name);
    },
  };
}

/**
 * The store of the general per-address request limit (@fastify/rate-limit) with Redis: counts in
 * Redis, and in this process's memory while Redis cannot answer. That limit only blunts floods, so
 * a Redis outage should neither lift it nor make every call (profile reads included) a 503.
 * Without Redis the plugin's own store counts, whose size is bounded (an LRU of 5000 addresses).
 */
export function fallbackRateLimitStore(
  redis: Redis,
  keyPrefix: string,
  now: () => number,
): FastifyRateLimitStoreCtor {
  class FallbackRateLimitStore implements FastifyRateLimitStore {
    private readonly store: CountStore;

    // The plugin constructs the store with its settings, which this store does not need.
    constructor(
      _settings?: object,
      readonly prefix = `${countsPrefix(keyPrefix)}http-rate:`,
    ) {
      this.store = new FallbackCountStore(new RedisCountStore(redis, prefix, now), new MemoryCountStore(now));
    }

    // @fastify/rate-limit passes the window (ms) of the route's limit to each call.
    incr(
      key: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow = 60_000,
    ) {
      this.store
        .add(key, 1, timeWindow)
        .then(({ consumed, msLeft }) => done(null, { current: consumed, ttl: msLeft }), done);
    }

    // A route with a limit of its own. The plugin passes that limit's settings with the route under
    // routeInfo (as its own Redis store reads them), not the route options its types announce.
    child(settings: object) {
      const route = (settings as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new FallbackRateLimitStore(settings, `${this.prefix}${route?.method}${route?.url}-`);
    }
  }
  return FallbackRateLimitStore;
}

/** Whether Redis can hold the counters now (GET /readyz, the metrics' hcoins_dependency_up). */
export function redisCheck(redis: Redis): DependencyCheck {
  return async () => {
    // Not connected: no PING would be sent (no offline queue), so say so without waiting.
    if (redis.status !== "ready") throw new Error(`redis ${redis.status}`);
    await redis.ping();
  };
}

/**
 * Connects to Redis without making the start depend on it: an instance started while Redis is
 * unreachable serves degraded (/readyz 503, the counters as when Redis drops later) instead of
 * crashing, and ioredis keeps retrying. Each change of state is logged once, not each retry.
 */
export async function connectRedis(redis: Redis, log: FastifyBaseLogger): Promise<void> {
  let reachable: boolean | undefined;
  redis.on("error", (error) => {
    if (reachable === false) return;
    reachable = false;
    log.warn(
      { err: error },
      "redis unreachable: counters fail closed or count in this process until it answers",
    );
  });
  redis.on("ready", () => {
    if (reachable === false) log.warn("redis reachable: counters shared again");
    reachable = true;
  });
  // Rejected when the first attempt fails; the "error" listener has logged it and ioredis retries.
  await redis.connect().catch(() => {});
}
