import { type DatabaseHandle, openDatabase } from "@hcoins/server-kit/database";
import { dropIsolatedDatabase, isolatedDatabase } from "@hcoins/server-kit/testing/isolated-database";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { buildCoinSchemeApp } from "../app.ts";
import { loadCoinSchemeConfig } from "../config.ts";
import { type CoinSchemeService, createCoinSchemeService } from "../service.ts";
import type { CoinSchemeTables } from "../tables.ts";

/**
 * The standalone scheme for a test, on a database of its own (in-memory SQLite, or a fresh
 * schema of the PostgreSQL in DATABASE_URL), configured by `env` (COIN_* variables), with
 * a clock the test moves.
 */
export interface TestScheme {
  app: FastifyInstance;
  clock: { now: () => number; advance(ms: number): void };
  /** The scheme's tables, for checks the API cannot make. */
  db: Kysely<CoinSchemeTables>;
  /** The scheme's service on the same database and clock, for work no route does (the expiry job). */
  service: CoinSchemeService;
  close(): Promise<void>;
}

export async function createTestScheme(env: Record<string, string> = {}): Promise<TestScheme> {
  const config = loadCoinSchemeConfig({ NODE_ENV: "test", COIN_SCHEME_LOG_LEVEL: "silent", ...env });
  const storage = await isolatedDatabase();
  let offset = 0;
  const clock = {
    now: () => Date.now() + offset,
    advance: (ms: number) => {
      offset += ms;
    },
  };
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance;
  try {
    database = openDatabase(storage.url);
    app = await buildCoinSchemeApp({ config, database, now: () => clock.now(), checkAnswers: true });
    await app.ready();
  } catch (error) {
    // A failed build must not leave its PostgreSQL schema behind for the next run to trip on.
    await database?.close();
    await dropIsolatedDatabase(storage.schema);
    throw error;
  }
  return {
    app,
    clock,
    db: database.tables<CoinSchemeTables>(),
    service: createCoinSchemeService(database, config.settings, () => clock.now()),
    async close() {
      await app.close();
      await dropIsolatedDatabase(storage.schema);
    },
  };
}
