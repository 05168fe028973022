import type { ScheduledJob } from "@hcoins/server-kit/scheduler";
import { EXPIRY_CRON } from "./expiry.ts";
import type { CoinSchemeService } from "./service.ts";

/**
 * The scheme's scheduled work, on the scheduler of whichever process holds the scheme: the
 * standalone scheme (main.ts) or the member server that embeds it (apps/server/src/server.ts).
 */
export function coinSchemeJobs(scheme: CoinSchemeService): ScheduledJob[] {
  return [
    {
      name: "expire-coins",
      cron: EXPIRY_CRON,
      run: async () => {
        const { credits, accounts, coins } = await scheme.runExpiry();
        return { credits, accounts, coins };
      },
    },
    {
      // The proof that every balance row agrees with its ledger; a disagreement fails the run, which logs it as an error.
      name: "check-ledger",
      cron: "30 3 * * *",
      run: async () => {
        const { accounts, disagreements, unbalanced_entries: unbalanced } = await scheme.checkLedger();
        if (unbalanced.length > 0)
          throw new Error(`entries whose earn lines do not add up to their coins: ${unbalanced.join(", ")}`);
        if (disagreements.length > 0) {
          const named = disagreements.slice(0, 10).map((row) => row.hcoins_memberno);
          throw new Error(
            `${disagreements.length} balance rows disagree with their ledger: ${named.join(", ")}`,
          );
        }
        return { accounts, disagreements: 0 };
      },
    },
  ];
}
