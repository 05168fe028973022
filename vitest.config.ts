import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// A project's setup file by its path from the repository root, whatever the project's own root.
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The server suites (the member server, the coin scheme and their shared server kit) run on SQLite
// with in-process counters always, and once more on PostgreSQL and Redis when DATABASE_URL /
// REDIS_URL are set (CI sets both).
const postgres = process.env.DATABASE_URL?.startsWith("postgres") ?? false;
// The server files share one module graph per worker (isolate: false): each builds its own apps on
// its own database and reads metrics as differences, and importing the graph again for each of
// ~135 files cost more CPU than their tests.
const server = [
  "apps/server/src/**/*.test.ts",
  "apps/coin-scheme/src/**/*.test.ts",
  "packages/server-kit/src/**/*.test.ts",
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Most suites wait on argon2's thread pool and the database rather than on their own
    // thread: more workers than the 2 cores keep both cores busy. (`npm test` runs the browser
    // journeys, @playwright/test on their own in-memory databases, at the same time.)
    maxWorkers: 4,
    projects: [
      { extends: true, test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"] } },
      {
        extends: true,
        test: { name: "i18n", include: ["packages/i18n/src/**/*.test.{ts,tsx}"], environment: "happy-dom" },
      },
      {
        extends: true,
        test: { name: "web-kit", include: ["packages/web-kit/src/**/*.test.ts"], environment: "happy-dom" },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web",
          root: "./apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          testTimeout: 30_000,
          setupFiles: [fromRoot("apps/web/src/test-setup.ts")],
        },
      },
      {
        extends: "./apps/console/vite.config.ts",
        test: {
          name: "console",
          root: "./apps/console",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          testTimeout: 30_000,
          setupFiles: [fromRoot("apps/console/src/test-setup.ts")],
        },
      },
      // The web build's first-load JavaScript per landing screen, against its budget.
      { extends: true, test: { name: "web-budget", include: ["apps/web/first-load.test.ts"] } },
      {
        extends: true,
        test: {
          name: "server-sqlite",
          include: server,
          isolate: false,
          env: { DATABASE_URL: "", REDIS_URL: "" },
        },
      },
      ...(postgres
        ? [
            {
              extends: true,
              test: {
                name: "server-postgres",
                include: server,
                isolate: false,
                // Test apps copy one migrated database rather than each migrating a schema.
                globalSetup: ["./apps/server/src/testing/postgres-template.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
