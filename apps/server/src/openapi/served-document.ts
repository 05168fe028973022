import { fileURLToPath } from "node:url";
import { servedDocument } from "@hcoins/server-kit/api-document";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";

/** The member server's committed document. */
export const MEMBER_API_DOCUMENT = fileURLToPath(new URL("../../../../docs/openapi.json", import.meta.url));

/**
 * The OpenAPI document the member server serves at /docs/json, with the default settings of
 * `npm start` (the embedded coin scheme's API included) on a throwaway database.
 */
export async function memberApiDocument(): Promise<unknown> {
  const config = loadConfig({ DATABASE_URL: "sqlite::memory:", LOG_LEVEL: "silent", SEED_CONTENT: "false" });
  return servedDocument(await buildApp({ config }));
}
