import type { SmsLimit, SmsLimitName } from "@hcoins/domain/api/console-member-records";
import type { Counter } from "../../counters.ts";
import { sha256 } from "../../secrets.ts";
import type { SmsPurpose } from "./sender.ts";

export type LimitInForce = SmsLimit;

/** One count to look at for the member page. */
export interface LimitToShow {
  limit: SmsLimitName;
  purpose?: SmsPurpose;
  /** An address or a network block. */
  source?: string;
  /** A device nonce: shown as a short label that names the device, never itself (it proves the device at a reset). */
  device?: string;
  counter: Counter;
  key: string;
  /** Whether the operator's reset clears it. */
  cleared: boolean;
  /** Shown with no count too (the number's own allowances, the budget). */
  always: boolean;
}

const deviceLabel = (nonce: string) => `device ${sha256(nonce).slice(0, 8)}`;

/** Peeks every count (without spending any) and answers those in force. */
export async function limitsView(now: number, limits: LimitToShow[]): Promise<LimitInForce[]> {
  const counts = await Promise.all(limits.map(({ counter, key }) => counter.peek(key)));
  return limits.flatMap((limit, index) => {
    const count = counts[index] ?? null;
    const used = Math.min(count?.consumed ?? 0, limit.counter.points);
    if (used === 0 && !limit.always) return [];
    const source = limit.device !== undefined ? deviceLabel(limit.device) : (limit.source ?? null);
    return [
      {
        limit: limit.limit,
        purpose: limit.purpose ?? null,
        source,
        used,
        allowed: limit.counter.points,
        resets_at: count ? new Date(now + count.retryAfterSeconds * 1000).toISOString() : null,
        blocking: used >= limit.counter.points,
        cleared_by_reset: limit.cleared,
      },
    ];
  });
}
