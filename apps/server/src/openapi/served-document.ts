import { fileURLToPath } from "node:url";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";

/** The committed copy of what /docs/json serves: a change to the contract shows as a reviewed diff of it. */
export const COMMITTED_DOCUMENT = fileURLToPath(new URL("../../../../docs/openapi.json", import.meta.url));

/**
 * The OpenAPI document the member server serves at /docs/json, with the default settings of
 * `npm start` (the embedded coin scheme's API included) on a throwaway database.
 */
export async function servedDocument(): Promise<unknown> {
  const config = loadConfig({ DATABASE_URL: "sqlite::memory:", LOG_LEVEL: "silent", SEED_CONTENT: "false" });
  const app = await buildApp({ config });
  try {
    return (await app.inject({ method: "GET", url: "/docs/json" })).json();
  } finally {
    await app.close();
  }
}

/** The document as the committed file holds it. */
export const documentText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;
