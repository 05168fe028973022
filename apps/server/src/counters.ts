import { ErrorCode } from "@hcoins/domain/codes";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "./errors.ts";

/**
 * Shared counters for SMS limits, code throttles and login locks: in-process by
 * default, in Redis when REDIS_URL is set so that every server instance sees one count.
 */
export interface CounterResult {
  /** False when this consume went over the limit. */
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

export class Counter {
  constructor(
    private readonly limiter: RateLimiterMemory | RateLimiterRedis,
    readonly points: number,
  ) {}

  async consume(key: string): Promise<CounterResult> {
    try {
      const res = await this.limiter.consume(key);
      return { allowed: true, remaining: res.remainingPoints, retryAfterSeconds: seconds(res.msBeforeNext) };
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        return { allowed: false, remaining: 0, retryAfterSeconds: seconds(error.msBeforeNext) };
      }
      throw unavailable(error);
    }
  }

  /** Current state without consuming; null when the key has no count. */
  async peek(key: string): Promise<CounterResult | null> {
    const res = await this.limiter.get(key).catch((error) => {
      throw unavailable(error);
    });
    if (!res) return null;
    return {
      allowed: res.consumedPoints <= this.points,
      remaining: Math.max(0, this.points - res.consumedPoints),
      retryAfterSeconds: seconds(res.msBeforeNext),
    };
  }

  async block(key: string, durationSeconds: number): Promise<void> {
    await this.limiter.block(key, durationSeconds).catch((error) => {
      throw unavailable(error);
    });
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key).catch((error) => {
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

export interface CounterFactory {
  counter(name: string, points: number, durationSeconds: number): Counter;
}

export function createCounterFactory(redis: Redis | undefined, keyPrefix: string): CounterFactory {
  return {
    counter(name, points, durationSeconds) {
      const options = { keyPrefix: `${keyPrefix}:${name}`, points, duration: durationSeconds };
      const limiter = redis
        ? new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true })
        : new RateLimiterMemory(options);
      return new Counter(limiter, points);
    },
  };
}
