import { defineConfig } from "vitest/config";

// The server suites run on SQLite with in-process counters always, and once more on
// PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set (CI sets both).
const postgres = process.env.DATABASE_URL?.startsWith("postgres") ?? false;
const server = "apps/server/src/**/*.test.ts";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      { test: { name: "domain", include: ["packages/*/src/**/*.test.ts"] } },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web",
          root: "./apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["./src/test-setup.ts"],
        },
      },
      { test: { name: "server-sqlite", include: [server], env: { DATABASE_URL: "", REDIS_URL: "" } } },
      ...(postgres ? [{ test: { name: "server-postgres", include: [server] } }] : []),
    ],
  },
});
