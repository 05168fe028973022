import { openDatabase } from "@hcoins/server-kit/database";
import { ConfigError } from "@hcoins/server-kit/env";
import { type Scheduler, startScheduler } from "@hcoins/server-kit/scheduler";
import closeWithGrace from "close-with-grace";
import { resolveApiClients } from "./api-keys-file.ts";
import { buildCoinSchemeApp } from "./app.ts";
import { loadCoinSchemeConfig } from "./config.ts";
import { coinSchemeJobs } from "./jobs.ts";
import { createCoinSchemeService } from "./service.ts";

/*
 * `npm run coin-scheme`: the H Coins scheme as a separate process, configured by COIN_*
 * variables only (config.ts): on COIN_SCHEME_PORT (4000), its data in COIN_SCHEME_DATABASE_URL
 * (./data/coin-scheme.db).
 */
try {
  const loaded = loadCoinSchemeConfig();
  const keys = resolveApiClients(loaded);
  if (keys.announcement) console.log(keys.announcement);
  const config = { ...loaded, clients: keys.clients };
  const database = openDatabase(config.databaseUrl);
  const app = await buildCoinSchemeApp({ config, database });
  let scheduler: Scheduler | undefined;
  // SIGTERM / SIGINT: stop accepting, finish in-flight requests, close the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after an error");
    else app.log.info({ signal }, "shutting down");
    await scheduler?.stop();
    await app.close();
  });
  if (keys.clients.length === 0) {
    app.log.warn("COIN_SCHEME_API_KEYS is empty: every call will be refused (4010)");
  }
  await app.listen({ port: config.port, host: config.host });
  // Expiry and the ledger check: on PostgreSQL each runs once across instances (pg-boss), on SQLite here.
  scheduler = await startScheduler({
    databaseUrl: config.databaseUrl,
    jobs: coinSchemeJobs(createCoinSchemeService(database, config.settings, Date.now)),
    log: app.log,
    pgBossSchema: config.jobsPgBossSchema,
  });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
