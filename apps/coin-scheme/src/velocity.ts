import { programmeDayStart } from "@hcoins/domain/ledger-rules";
import type { VelocityLimits } from "./config.ts";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import { minuteKey, type SchemeCounters, secondsLeftInMinute } from "./scheme-counters.ts";
import type { AccountRow } from "./tables.ts";

/*
 * Velocity limits (docs/decisions/139-velocity-limits.md): what one member may earn in a Hong Kong
 * day (purchases and net spend) and what one till may record in a minute. The member's are counted
 * in the ledger itself, inside the transaction that holds the member's account lock, so that they
 * hold exactly across instances. The till's purchases are for many members, whose transactions do
 * not wait on each other, so two instances counting them in the ledger at once both saw room for
 * one more: they are counted in the shared counters instead (Redis when the deployment has it), one
 * atomic add per purchase, in the clock's minute. Checked last, after the member's limits, so that
 * a purchase the member's limits refuse does not count for the till. Retries of a receipt never
 * count: they are answered before this check.
 */

export async function checkVelocity(
  repository: CoinSchemeRepository,
  counters: SchemeCounters,
  limits: VelocityLimits,
  account: AccountRow,
  purchase: { client: string; netCents: number },
  at: number,
): Promise<void> {
  if (limits.memberDailyPurchases > 0 || limits.memberDailyNetCents > 0) {
    const today = await repository.purchasesSince(account.id, programmeDayStart(at));
    if (limits.memberDailyPurchases > 0 && today.count >= limits.memberDailyPurchases) {
      throw new SchemeError(SchemeErrorCode.velocityLimit, {
        limit: "memberDailyPurchases",
        max: limits.memberDailyPurchases,
      });
    }
    if (limits.memberDailyNetCents > 0 && today.netCents + purchase.netCents > limits.memberDailyNetCents) {
      throw new SchemeError(SchemeErrorCode.velocityLimit, {
        limit: "memberDailyAmount",
        max: String(limits.memberDailyNetCents / 100),
      });
    }
  }
  if (limits.tillPurchasesPerMinute > 0) {
    const count = await counters.add(minuteKey("till-purchases", purchase.client, at));
    if (count > limits.tillPurchasesPerMinute) {
      counters.refused?.("tillPurchasesPerMinute");
      throw new SchemeError(SchemeErrorCode.velocityLimit, {
        limit: "tillPurchasesPerMinute",
        max: limits.tillPurchasesPerMinute,
        retry_after_seconds: secondsLeftInMinute(at),
      });
    }
  }
}
