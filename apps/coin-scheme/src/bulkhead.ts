import pLimit from "p-limit";
import { SchemeError, SchemeErrorCode } from "./errors.ts";

/** COIN_REDEMPTION_CONCURRENCY, COIN_REDEMPTION_QUEUE, COIN_REDEMPTION_WAIT_MS. */
export interface BulkheadLimits {
  /** How many run at once. */
  concurrency: number;
  /** How many may wait for a turn beyond those; one more is refused at once. */
  queue: number;
  /** How long one waits for its turn before it is refused. */
  waitMs: number;
}

/**
 * A bounded compartment of one instance (p-limit's queue): at most `concurrency` pieces of work
 * at once, `queue` more waiting, none waiting longer than `waitMs`. Whatever cannot run is
 * refused with 5030 (`reason: "busy"`, `retry_after_seconds`), the client's cue to try again,
 * so that a rush of one kind of call never holds more than its share of the database's
 * connections, and is never a 500.
 */
export class Bulkhead {
  private readonly limit: ReturnType<typeof pLimit>;

  constructor(private readonly limits: BulkheadLimits) {
    this.limit = pLimit(limits.concurrency);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.limit.activeCount + this.limit.pendingCount >= this.limits.concurrency + this.limits.queue)
      throw this.busy();
    let waited = false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        waited = true;
        reject(this.busy());
      }, this.limits.waitMs);
    });
    // Its turn after the wait limit: the caller has had its refusal, so the turn passes at once.
    const turn = this.limit(async () => {
      if (waited) return undefined as T;
      clearTimeout(timer);
      return work();
    });
    return Promise.race([turn, timeout]);
  }

  private busy() {
    return new SchemeError(SchemeErrorCode.serviceUnavailable, {
      reason: "busy",
      retry_after_seconds: Math.max(1, Math.ceil(this.limits.waitMs / 1000)),
    });
  }
}
