import { programmeDayStart } from "@hcoins/domain/ledger-rules";
import type { VelocityLimits } from "./config.ts";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import type { AccountRow } from "./tables.ts";

/*
 * Velocity limits (docs/decisions.md): what one member may earn in a Hong Kong day (purchases
 * and net spend) and what one till may record in a minute. Counted in the ledger itself,
 * inside the transaction that holds the member's account lock, so that the member's limits
 * hold exactly across instances; the till's is counted the same way (its purchases for other
 * members may race it by a few, which a per-minute ceiling allows). Retries of a receipt never
 * count: they are answered before this check.
 */

const MINUTE_MS = 60_000;

export async function checkVelocity(
  repository: CoinSchemeRepository,
  limits: VelocityLimits,
  account: AccountRow,
  purchase: { client: string; netCents: number },
  at: number,
): Promise<void> {
  if (limits.tillPurchasesPerMinute > 0) {
    const recent = await repository.actorPurchasesSince(purchase.client, at - MINUTE_MS);
    if (recent >= limits.tillPurchasesPerMinute) {
      throw new SchemeError(SchemeErrorCode.velocityLimit, {
        limit: "tillPurchasesPerMinute",
        max: limits.tillPurchasesPerMinute,
        retry_after_seconds: 60,
      });
    }
  }
  if (limits.memberDailyPurchases === 0 && limits.memberDailyNetCents === 0) return;
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
