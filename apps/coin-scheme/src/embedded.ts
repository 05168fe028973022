/*
 * The coin scheme inside another server (the member server, by default): the service on that
 * server's database, its migrations, its scheduled jobs, its per-till counters and low-stock
 * observer, its configuration and keys, the error its calls throw, and its routes, which the
 * embedding server serves at its own origin for the tills. One of the package's three entry points
 * (package.json `exports`): contract, embedded, http.
 */
export { memberServerKeyFromFile, resolveApiClients } from "./api-keys-file.ts";
export {
  type CoinSchemeConfig,
  type CoinSchemeSettings,
  DEFAULT_KEYS_FILE,
  envSchema,
  loadCoinSchemeConfig,
} from "./config.ts";
export { SchemeError } from "./errors.ts";
export { coinSchemeJobs } from "./jobs.ts";
export { type LowStockObserver, logLowStock } from "./low-stock-alerts.ts";
export { migrateCoinScheme } from "./migrate.ts";
export { coinSchemeRoutes, coinSchemeSecuritySchemes } from "./routes.ts";
export { COUNT_TTL_SECONDS, type SchemeCounters } from "./scheme-counters.ts";
export { type CoinSchemeService, createCoinSchemeService } from "./service.ts";
