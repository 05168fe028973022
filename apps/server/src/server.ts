import { coinSchemeJobs, resolveApiClients } from "@hcoins/coin-scheme/embedded";
import { ConfigError } from "@hcoins/server-kit/env";
import { type Scheduler, startScheduler } from "@hcoins/server-kit/scheduler";
import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { memberServerJobs } from "./jobs.ts";
import { SEED_STORES } from "./seed/stores.ts";

try {
  const loaded = loadConfig();
  // The embedded scheme's keys: COIN_SCHEME_API_KEYS, or outside production the keys of the first
  // start (a till key for the demonstration stores), printed once (coin-scheme api-keys-file.ts).
  const keys = loaded.coinScheme
    ? resolveApiClients(
        loaded.coinScheme,
        SEED_STORES.map((store) => store.code),
      )
    : null;
  if (keys?.announcement) console.log(keys.announcement);
  const config =
    loaded.coinScheme && keys
      ? { ...loaded, coinScheme: { ...loaded.coinScheme, clients: keys.clients } }
      : loaded;
  const app = await buildApp({ config });
  let scheduler: Scheduler | undefined;
  // SIGTERM / SIGINT: stop accepting, finish in-flight requests and the scheduled run in flight,
  // close the database (after the run: it runs on it).
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after an error");
    else app.log.info({ signal }, "shutting down");
    await scheduler?.stop();
    await app.close();
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  // Here and not in buildApp: the tests' apps and the admin command line run no scheduled jobs.
  if (config.JOBS_ENABLED) {
    try {
      scheduler = await startScheduler({
        databaseUrl: config.DATABASE_URL,
        jobs: memberServerJobs(
          app.services,
          app.services.coinScheme ? coinSchemeJobs(app.services.coinScheme) : [],
        ),
        log: app.log,
        pgBossSchema: config.JOBS_PGBOSS_SCHEMA,
      });
    } catch (error) {
      // Members are still served; the purges wait for the next start, and this line says why.
      app.log.error({ err: error }, "scheduled jobs not started");
    }
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
