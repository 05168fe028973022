import formbody from "@fastify/formbody";
import { registerApiDocs } from "@hcoins/server-kit/api-docs";
import { createServer } from "@hcoins/server-kit/create-server";
import { type DatabaseHandle, openDatabase } from "@hcoins/server-kit/database";
import { healthRoutes } from "@hcoins/server-kit/health-routes";
import type { DestinationStream } from "pino";
import type { CoinSchemeConfig } from "./config.ts";
import { SCHEME_ENVELOPE, SchemeError, SchemeErrorCode } from "./errors.ts";
import { logLowStock } from "./low-stock-alerts.ts";
import { migrateCoinScheme } from "./migrate.ts";
import { coinSchemeRoutes, coinSchemeSecuritySchemes } from "./routes.ts";
import { inProcessCounters, type SchemeCounters } from "./scheme-counters.ts";
import { createCoinSchemeService } from "./service.ts";

export interface CoinSchemeAppOptions {
  config: CoinSchemeConfig;
  /** Opened from config.databaseUrl when not given (tests pass their own to read its tables); closed with the app. */
  database?: DatabaseHandle;
  now?: () => number;
  logStream?: DestinationStream;
  /** Check every answer against its route's schema before it is written (the tests do). */
  checkAnswers?: boolean;
  /** Where the per-till counts are kept: this process by default. */
  counters?: SchemeCounters;
}

/**
 * The H Coins scheme as a server of its own (`npm run coin-scheme`): its API under
 * /coin-scheme/v1, /healthz, and its OpenAPI reference at /docs.
 */
export async function buildCoinSchemeApp({
  config,
  database = openDatabase(config.databaseUrl),
  now = Date.now,
  logStream,
  checkAnswers = false,
  counters = inProcessCounters(now),
}: CoinSchemeAppOptions) {
  const app = await createServer({
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    bodyLimit: 16 * 1024,
    envelope: SCHEME_ENVELOPE,
    pressure: config.pressure,
    logStream,
    checkAnswers,
  });
  app.addHook("onClose", () => database.close());
  await migrateCoinScheme(database, config.settings);
  // Standalone, a low-stock crossing is a warn line in this app's log (the member server also counts it).
  const scheme = createCoinSchemeService(database, config.settings, now, counters, {
    lowStock: (crossing) => logLowStock(app.log, crossing),
  });

  await app.register(formbody);
  await registerApiDocs(app, {
    title: "H Coins scheme API",
    description:
      "Accounts, links, earning at the till, refunds, adjustments, expiry, the store registry, balances. See docs/coin-scheme.md.",
    securitySchemes: coinSchemeSecuritySchemes,
    serve: config.apiDocs,
  });
  await app.register(healthRoutes, {
    ping: database.ping,
    unavailable: (details) => new SchemeError(SchemeErrorCode.serviceUnavailable, details),
  });
  // Keys not resolved by the entry point (api-keys-file.ts) open nothing.
  await app.register(coinSchemeRoutes, { scheme, clients: config.clients ?? [] });
  return app;
}
