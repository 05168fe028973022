import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Counter, CounterFactory } from "../../counters.ts";
import { AppError } from "../../errors.ts";

/** The calls that tell a caller whether a number, an email or a member number belongs to a member. */
export type LookupCall =
  | "CheckPhone"
  | "CheckEmail"
  | "VerifyMemberId"
  | "hcoin-check-is-duplicate-reg"
  | "hcoin-check-linked";

export interface LookupBudgetConfig {
  perMinute: number;
  perDay: number;
}

const MINUTE = 60;
const DAY = 86_400;

/**
 * The membership lookups' budgets per client address, per minute and per day, one count for
 * all the calls together: the contract must answer 40003/40006 and the like, so what is
 * contained is how many a client may ask. Counted in Redis when set (one count across
 * instances); while Redis cannot answer each instance counts its own, since the budgets only
 * blunt enumeration and a 503 would stop every login at its first step.
 */
export class LookupBudget {
  private readonly windows: { window: "minute" | "day"; counter: Counter }[];

  constructor(
    counters: CounterFactory,
    config: LookupBudgetConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    const options = { inProcessWhileRedisDown: true };
    this.windows = [
      { window: "minute", counter: counters.counter("lookup-minute", config.perMinute, MINUTE, options) },
      { window: "day", counter: counters.counter("lookup-day", config.perDay, DAY, options) },
    ];
  }

  /** Takes one lookup from the address's budgets; 429 / 4299 with `retry_after_seconds` when one is spent. */
  async spend(clientAddress: string, call: LookupCall): Promise<void> {
    for (const { window, counter } of this.windows) {
      const result = await counter.consume(clientAddress);
      if (result.allowed) continue;
      // The first refusal of the window only: one line per address and window for an alert, not one per request.
      if (result.consumed === counter.points + 1) {
        this.log.warn(
          { client: clientAddress, call, window, limit: counter.points },
          "membership lookup budget spent by a client address",
        );
      }
      throw new AppError(ErrorCode.rateLimited, { retry_after_seconds: result.retryAfterSeconds });
    }
  }
}

/** A lookup route's preHandler: after validation, so a malformed request learns nothing and costs nothing. */
export const spendsLookup = (budget: LookupBudget, call: LookupCall) => async (request: FastifyRequest) =>
  budget.spend(request.ip, call);
