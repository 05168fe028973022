import { createTemplateDatabase } from "@hcoins/server-kit/testing/isolated-database";
import { buildApp } from "../app.ts";
import { testConfig } from "./test-app.ts";

/**
 * Vitest global setup of the server-postgres suites: one database with every migration run, which
 * every test app then copies (test-app.ts) instead of migrating a schema of its own. Tests that
 * need an empty or older database still ask isolatedStorage() for one.
 */
export default async function setup() {
  const template = await createTemplateDatabase(async (url) => {
    // Migrated, not seeded: a test app seeds its copy as a start does, unless it says SEED_CONTENT=false.
    const app = await buildApp({ config: testConfig({ DATABASE_URL: url, SEED_CONTENT: "false" }) });
    await app.ready();
    await app.close();
  });
  process.env.TEST_PG_TEMPLATE = template.name;
  return () => template.drop();
}
