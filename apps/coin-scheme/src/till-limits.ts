import type { FastifyBaseLogger } from "fastify";
import type { ApiClient } from "./api-keys.ts";
import type { VelocityLimits } from "./config.ts";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import { minuteKey, type SchemeCounters, secondsLeftInMinute } from "./scheme-counters.ts";

/*
 * What one till key may ask in a minute (docs/reliability.md, "Limits"): its calls, and its account
 * lookups that found no account. Counted per key, never per address: the tills of a shop share its
 * router's. Full-scope keys (the member server, a back office) are servers of the programme's own
 * and are not counted here. Refusals are 429 / 4299 with the limit's name and Retry-After.
 */

/** A refusal a made-up QR code gets: no such member, a code too old or too new to be a real scan, or no QR code at all. */
const FAILED_LOOKUP_CODES: ReadonlySet<number> = new Set([
  SchemeErrorCode.qrExpired,
  SchemeErrorCode.qrFromFuture,
  SchemeErrorCode.unknownMember,
]);

function isFailedLookup(error: unknown): boolean {
  if (!(error instanceof SchemeError)) return false;
  if (FAILED_LOOKUP_CODES.has(error.errorCode)) return true;
  const errors = error.details.errors;
  return (
    error.errorCode === SchemeErrorCode.validation &&
    Array.isArray(errors) &&
    errors.some((problem: { field?: unknown }) => problem.field === "qr_text")
  );
}

export class TillLimits {
  constructor(
    private readonly counters: SchemeCounters,
    private readonly limits: VelocityLimits,
    private readonly now: () => number,
  ) {}

  /** Counts a till key's call; 4299 beyond COIN_LIMIT_TILL_REQUESTS_PER_MINUTE. */
  async admitCall(client: ApiClient): Promise<void> {
    const max = this.limits.tillRequestsPerMinute;
    if (client.scope !== "till" || max === 0) return;
    const at = this.now();
    if ((await this.counters.add(minuteKey("till-requests", client.name, at))) > max)
      throw this.refusal("tillRequestsPerMinute", max, at);
  }

  /**
   * An account lookup by QR code (POST /till/account, a purchase): refused while the key is over
   * COIN_LIMIT_TILL_FAILED_LOOKUPS_PER_MINUTE, before any account is read; a lookup that finds no
   * account counts, and the one that reaches the limit is logged as a warning for the operators.
   */
  async lookUp<T>(client: ApiClient, log: FastifyBaseLogger, lookup: () => Promise<T>): Promise<T> {
    const max = this.limits.tillFailedLookupsPerMinute;
    if (client.scope !== "till" || max === 0) return lookup();
    const at = this.now();
    const key = minuteKey("till-failed-lookups", client.name, at);
    if ((await this.counters.read(key)) >= max) throw this.refusal("tillFailedLookupsPerMinute", max, at);
    try {
      return await lookup();
    } catch (error) {
      if (isFailedLookup(error)) {
        // Exactly one add, on whichever instance, sees the count reach the limit: one warning a minute.
        if ((await this.counters.add(key)) === max)
          log.warn(
            { client: client.name, limit: "tillFailedLookupsPerMinute", max },
            "till key reached its failed account lookups limit: QR codes of no member (made up?); refused for the rest of the minute",
          );
      }
      throw error;
    }
  }

  private refusal(limit: string, max: number, at: number) {
    this.counters.refused?.(limit);
    return new SchemeError(SchemeErrorCode.rateLimited, {
      limit,
      max,
      retry_after_seconds: secondsLeftInMinute(at),
    });
  }
}
