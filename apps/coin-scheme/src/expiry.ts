import {
  type ExpiryPolicy,
  formatExpiryPolicy,
  nextProgrammeTime,
  parseExpiryPolicy,
} from "@hcoins/domain/ledger-rules";
import type { ExpiryPolicyResult, ExpiryPreviewResult, ExpiryRunResult } from "./api-schemas.ts";
import { plainEntry, postDebit } from "./postings.ts";
import type { CoinSchemeRepository } from "./repository.ts";

/*
 * Coin expiry. The operator's policy (none by default) gives each credit its expiry when it
 * is made, so that a member's coins keep the terms they were earned under; the expiry job
 * then debits what is left of each credit whose time has passed. It runs daily (EXPIRY_CRON,
 * Hong Kong time) on the scheduler; each credit expires once (its entry key), so a rerun, a
 * crash halfway or two instances running it at once change nothing twice.
 */

const POLICY_KEY = "expiry_policy";
/** 00:10 Hong Kong time, every day: just after the year-end and month-end expiry instants. */
export const EXPIRY_CRON = "10 0 * * *";
const BATCH = 500;

export async function expiryPolicyOf(repository: CoinSchemeRepository): Promise<ExpiryPolicy> {
  const row = await repository.setting(POLICY_KEY);
  return (row && parseExpiryPolicy(row.value)) || { kind: "none" };
}

export async function expiryPolicyResult(repository: CoinSchemeRepository): Promise<ExpiryPolicyResult> {
  const row = await repository.setting(POLICY_KEY);
  return {
    policy: formatExpiryPolicy((row && parseExpiryPolicy(row.value)) || { kind: "none" }),
    updated_by: row?.updated_by ?? null,
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  };
}

export async function setExpiryPolicy(
  repository: CoinSchemeRepository,
  policy: ExpiryPolicy,
  by: string,
  at: number,
): Promise<ExpiryPolicyResult> {
  await repository.setSetting(POLICY_KEY, formatExpiryPolicy(policy), by, at);
  return expiryPolicyResult(repository);
}

/** When the expiry job next runs after `at` (its cron's time of day, Hong Kong). */
export const nextExpiryRun = (at: number) => nextProgrammeTime(at, 0, 10);

/** What the expiry run at `at` would expire, changing nothing. */
export async function previewExpiry(
  repository: CoinSchemeRepository,
  at: number,
): Promise<ExpiryPreviewResult> {
  return { at: new Date(at).toISOString(), ...(await repository.dueTotals(at)) };
}

/** Expires every credit due by `at`, each in its own transaction under its account's lock. */
export async function runExpiry(repository: CoinSchemeRepository, at: number): Promise<ExpiryRunResult> {
  let credits = 0;
  let coins = 0;
  const accounts = new Set<number>();
  const seen = new Set<number>();
  for (;;) {
    const due = (await repository.dueCredits(at, BATCH)).filter((credit) => !seen.has(credit.id));
    if (due.length === 0) break;
    for (const credit of due) {
      seen.add(credit.id);
      const expired = await repository.inTransaction(async (trx) => {
        const account = await trx.lockAccount(credit.account_id);
        // Read again under the lock: a debit or another run may have taken it meanwhile.
        const now = (await trx.openCredits(credit.account_id)).find((open) => open.id === credit.id);
        if (!now || now.expires_at === null || now.expires_at > at) return 0;
        await postDebit(
          trx,
          account,
          plainEntry({
            kind: "expiry",
            entry_key: `expiry:${credit.id}`,
            actor_type: "expiry",
            actor: "expiry",
            client: "scheduler",
            reason: `coins of entry ${credit.id} expired`,
            coins: -now.remaining,
          }),
          at,
          credit.id,
        );
        return now.remaining;
      });
      if (expired > 0) {
        credits += 1;
        coins += expired;
        accounts.add(credit.account_id);
      }
    }
  }
  return { at: new Date(at).toISOString(), credits, accounts: accounts.size, coins };
}
