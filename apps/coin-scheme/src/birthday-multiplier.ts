import { formatMultiplier } from "@hcoins/domain/earn-rules";
import type { BirthdayMultiplierResult } from "./api-schemas.ts";
import type { CoinSchemeRepository } from "./repository.ts";

/*
 * The birthday-month multiplier: COIN_BIRTHDAY_MULTIPLIER until an operator sets one, then the
 * operator's (kept in hcoin_settings beside the expiry policy, so a restart or a second instance
 * earns the same). In hundredths, 100 to 1000: 100 switches the birthday bonus off.
 */

const KEY = "birthday_multiplier";

/** The operator's multiplier, or the configured one when none was set. */
export async function birthdayMultiplierOf(
  repository: CoinSchemeRepository,
  configured: number,
): Promise<number> {
  const row = await repository.setting(KEY);
  const set = row ? Number(row.value) : Number.NaN;
  return Number.isSafeInteger(set) ? set : configured;
}

export async function birthdayMultiplierResult(
  repository: CoinSchemeRepository,
  configured: number,
): Promise<BirthdayMultiplierResult> {
  const row = await repository.setting(KEY);
  const set = row ? Number(row.value) : Number.NaN;
  const operator = row !== undefined && Number.isSafeInteger(set);
  return {
    birthday_multiplier: formatMultiplier(operator ? set : configured),
    source: operator ? "operator" : "configuration",
    configured_multiplier: formatMultiplier(configured),
    updated_by: operator ? row.updated_by : null,
    updated_at: operator ? new Date(Number(row.updated_at)).toISOString() : null,
  };
}

export async function setBirthdayMultiplier(
  repository: CoinSchemeRepository,
  hundredths: number,
  by: string,
  at: number,
  configured: number,
): Promise<BirthdayMultiplierResult> {
  await repository.setSetting(KEY, String(hundredths), by, at);
  return birthdayMultiplierResult(repository, configured);
}
