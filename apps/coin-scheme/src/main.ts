import { ConfigError } from "@hcoins/server-kit/env";
import closeWithGrace from "close-with-grace";
import { resolveApiClients } from "./api-keys-file.ts";
import { buildCoinSchemeApp } from "./app.ts";
import { loadCoinSchemeConfig } from "./config.ts";

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
  const app = await buildCoinSchemeApp({ config });
  // SIGTERM / SIGINT: stop accepting, finish in-flight requests, close the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after an error");
    else app.log.info({ signal }, "shutting down");
    await app.close();
  });
  if (keys.clients.length === 0) {
    app.log.warn("COIN_SCHEME_API_KEYS is empty: every call will be refused (4010)");
  }
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
