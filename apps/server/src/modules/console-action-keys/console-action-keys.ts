import { ErrorCode } from "@hcoins/domain/codes";
import type { TableViews } from "@hcoins/server-kit/database";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type { Kysely } from "kysely";
import { AppError } from "../../errors.ts";

type ActionKeyTables = {
  console_action_keys: { scope: string; request: string; result: string | null; created_at: number };
};

/** How often a call waits for the first call with its key to finish, and for how long at most. */
const POLL_MS = 50;
const WAIT_MS = 15_000;
/** A claim this old without a result belongs to a call that died (a crash): the next call may retry it. */
const ABANDONED_MS = 2 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The console's one idempotency-key store (migration 0013's table, renamed by 0014): a voucher
 * action (cancel, goodwill) or a bulk adjustment request is applied once per key. The first call
 * claims the key's row (the primary key settles concurrent calls, on any instance) and writes its
 * result there; the others wait for that result and answer it (4261 past WAIT_MS), and a key sent
 * again with another request is refused (4256). A first call that fails gives the key back, so a
 * retry after a refusal or an outage tries again; `run` must itself be safe to run again after a
 * crash (its scheme key derived from this key), as a claim abandoned for ABANDONED_MS is retried.
 *
 * A single coin adjustment keeps its key on its own `coin_adjustments` row instead (see
 * coin-controls/adjustments.ts for why): its semantics (4256, and one outcome per key) are the same.
 */
export class ConsoleActionKeys {
  private readonly db: Kysely<ActionKeyTables>;

  constructor(
    database: TableViews,
    private readonly now: () => number,
  ) {
    this.db = database.tables<ActionKeyTables>();
  }

  /** `scope` names the action, the member and the key; `request` what else the call said. */
  async once<T>(scope: string, request: Record<string, unknown>, run: () => Promise<T>): Promise<T> {
    const asked = JSON.stringify(request);
    const giveUpAt = Date.now() + WAIT_MS;
    for (;;) {
      if (await this.claim(scope, asked)) return this.runClaimed(scope, run);
      const row = await this.db
        .selectFrom("console_action_keys")
        .selectAll()
        .where("scope", "=", scope)
        .executeTakeFirst();
      if (!row) continue; // the first call failed and gave the key back: claim it now
      if (row.request !== asked) throw new AppError(ErrorCode.idempotencyKeyReused);
      if (row.result !== null) return JSON.parse(row.result) as T;
      if (this.now() - Number(row.created_at) > ABANDONED_MS) {
        await this.release(scope);
        continue;
      }
      if (Date.now() > giveUpAt) throw new AppError(ErrorCode.idempotencyKeyInProgress);
      await sleep(POLL_MS);
    }
  }

  private async runClaimed<T>(scope: string, run: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await run();
    } catch (error) {
      await this.release(scope);
      throw error;
    }
    await this.db
      .updateTable("console_action_keys")
      .set({ result: JSON.stringify(result) })
      .where("scope", "=", scope)
      .execute();
    return result;
  }

  private async claim(scope: string, request: string): Promise<boolean> {
    try {
      await this.db
        .insertInto("console_action_keys")
        .values({ scope, request, result: null, created_at: this.now() })
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  private async release(scope: string) {
    await this.db
      .deleteFrom("console_action_keys")
      .where("scope", "=", scope)
      .where("result", "is", null)
      .execute();
  }
}
