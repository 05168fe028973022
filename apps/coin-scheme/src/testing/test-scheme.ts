import { type DatabaseHandle, type DatabaseOptions, openDatabase } from "@hcoins/server-kit/database";
import { dropIsolatedDatabase, isolatedDatabase } from "@hcoins/server-kit/testing/isolated-database";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DestinationStream } from "pino";
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
  /** Where its database is, for a second instance on it (`shareWith`). */
  storageUrl: string;
  close(): Promise<void>;
}

/**
 * With `shareWith`, a second instance on the first one's database (and its own clock, set to
 * the first one's now): close it before the first, which drops the database.
 */
export async function createTestScheme(
  env: Record<string, string> = {},
  shareWith?: TestScheme,
  databaseOptions: DatabaseOptions = {},
  /** Where the app's log lines go (with COIN_SCHEME_LOG_LEVEL in `env`), for tests that read them. */
  logStream?: DestinationStream,
  /** Runs on the new database before the app migrates it (a database as older code left it). */
  prepare?: (database: DatabaseHandle) => Promise<void>,
): Promise<TestScheme> {
  const config = loadCoinSchemeConfig({ NODE_ENV: "test", COIN_SCHEME_LOG_LEVEL: "silent", ...env });
  const storage = shareWith ? { url: shareWith.storageUrl, schema: undefined } : await isolatedDatabase();
  let offset = shareWith ? shareWith.clock.now() - Date.now() : 0;
  const clock = {
    now: () => Date.now() + offset,
    advance: (ms: number) => {
      offset += ms;
    },
  };
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance;
  try {
    database = openDatabase(storage.url, databaseOptions);
    await prepare?.(database);
    app = await buildCoinSchemeApp({
      config,
      database,
      now: () => clock.now(),
      checkAnswers: true,
      ...(logStream ? { logStream } : {}),
    });
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
    storageUrl: storage.url,
    async close() {
      await app.close();
      await dropIsolatedDatabase(storage.schema);
    },
  };
}
