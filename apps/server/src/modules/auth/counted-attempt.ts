import { ErrorCode, type ErrorCodeValue } from "@hcoins/domain/codes";
import type { FastifyBaseLogger } from "fastify";
import type { Counter } from "../../counters.ts";
import { AppError } from "../../errors.ts";
import { metrics } from "../../metrics.ts";

/** One count of failures a password attempt is held to. */
export interface FailureLimit {
  counter: Counter;
  key: string;
  /**
   * What a success does to it: `reset` clears the count (the caller's own: one number from one
   * address, one member's change); `refund` gives back only this attempt's point, for a ceiling
   * that strangers share, which one success must not clear for them.
   */
  onSuccess: "reset" | "refund";
  /** The warning an operator sees when this limit locks: `limit` names it in the log line. */
  lockLog: { limit: string; message: string; fields: Record<string, unknown> };
}

const lockedError = (retryAfterSeconds: number) =>
  new AppError(ErrorCode.loginLocked, { attempts_remaining: 0, retry_after_seconds: retryAfterSeconds });

/**
 * A password attempt, counted on every limit before the password is checked, so that a burst of
 * parallel guesses cannot get more passwords checked than the limits allow. An attempt a locked
 * limit refuses (4290) is no failure: it gives back what it took from the others, so a stranger's
 * lock costs the member's own counts nothing. The failure that spends a limit locks its key for
 * the lock time, the same answer as the lock that follows.
 */
export class CountedAttempt {
  private constructor(
    private readonly limits: FailureLimit[],
    /** Per limit, the failures still allowed after this one. */
    private readonly left: number[],
    private readonly lockSeconds: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Takes a point on each limit in turn; 4290 (with the wait) when one of them is locked. */
  static async begin(
    limits: FailureLimit[],
    lockSeconds: number,
    log: FastifyBaseLogger,
  ): Promise<CountedAttempt> {
    const left: number[] = [];
    for (const limit of limits) {
      const result = await limit.counter.consume(limit.key);
      if (!result.allowed) {
        const taken = limits.slice(0, left.length);
        await Promise.all(taken.map(({ counter, key }) => counter.refund(key)));
        throw lockedError(result.retryAfterSeconds);
      }
      left.push(result.remaining);
    }
    return new CountedAttempt(limits, left, lockSeconds, log);
  }

  /** The failures this client may still make before a lock: the fewest any limit allows. */
  get remaining(): number {
    return Math.min(...this.left);
  }

  /**
   * The error for a wrong password: `failure` with the attempts left, or 4290 when this failure
   * spent a limit, which it then locks.
   */
  async failed(failure: ErrorCodeValue): Promise<AppError> {
    if (this.remaining > 0) return new AppError(failure, { attempts_remaining: this.remaining });
    const spent = this.limits.filter((_, i) => this.left[i] === 0);
    await Promise.all(spent.map(({ counter, key }) => counter.block(key, this.lockSeconds)));
    metrics.loginLocked();
    for (const { lockLog } of spent) {
      this.log.warn(
        { limit: lockLog.limit, lockSeconds: this.lockSeconds, ...lockLog.fields },
        lockLog.message,
      );
    }
    return lockedError(this.lockSeconds);
  }

  /** The password was right: the caller's own counts start afresh, the shared ceilings get their point back. */
  async succeeded(): Promise<void> {
    await Promise.all(
      this.limits.map(({ counter, key, onSuccess }) =>
        onSuccess === "reset" ? counter.reset(key) : counter.refund(key),
      ),
    );
  }
}
