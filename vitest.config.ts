import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Server suites each build their own app on a fresh database; files run in parallel.
    pool: "forks",
  },
});
