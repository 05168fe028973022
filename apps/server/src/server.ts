import { ConfigError } from "@hcoins/server-kit/env";
import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";

try {
  const config = loadConfig();
  const app = await buildApp({ config });
  // SIGTERM / SIGINT: stop accepting, finish in-flight requests, close the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after an error");
    else app.log.info({ signal }, "shutting down");
    await app.close();
  });
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
