import { fileURLToPath } from "node:url";
import { servedDocument } from "@hcoins/server-kit/api-document";
import { buildCoinSchemeApp } from "../app.ts";
import { loadCoinSchemeConfig } from "../config.ts";

/** The standalone scheme's committed document. */
export const COIN_SCHEME_API_DOCUMENT = fileURLToPath(
  new URL("../../../../docs/openapi-coin-scheme.json", import.meta.url),
);

/** The OpenAPI document the standalone scheme (`npm run coin-scheme`) serves at /docs/json. */
export async function coinSchemeApiDocument(): Promise<unknown> {
  const config = loadCoinSchemeConfig({
    COIN_SCHEME_DATABASE_URL: "sqlite::memory:",
    COIN_SCHEME_LOG_LEVEL: "silent",
  });
  return servedDocument(await buildCoinSchemeApp({ config }));
}
