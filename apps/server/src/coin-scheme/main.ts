import closeWithGrace from "close-with-grace";
import { ConfigError, loadConfig } from "../config.ts";
import { buildCoinSchemeApp } from "./app.ts";

/*
 * `npm run coin-scheme`: the H Coins scheme as a separate process, on COIN_SCHEME_PORT
 * (4000). Its data goes to DATABASE_URL, or ./data/coin-scheme.db when that is unset,
 * so that it never shares the member server's default file by accident.
 */
try {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL || "sqlite:./data/coin-scheme.db",
  });
  const app = await buildCoinSchemeApp({ config });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after an error");
    else app.log.info({ signal }, "shutting down");
    await app.close();
  });
  if (config.coinSchemeClients.length === 0) {
    app.log.warn("COIN_SCHEME_API_KEYS is empty: every call will be refused (4010)");
  }
  await app.listen({ port: config.COIN_SCHEME_PORT, host: config.HOST });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
