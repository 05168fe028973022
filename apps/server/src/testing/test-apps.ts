import { afterAll, afterEach } from "vitest";
import { createTestApp, type TestApp } from "./test-app.ts";

/**
 * The apps of one test file. `shared()` is one app for the tests that neither move its
 * clock nor need settings of their own (building an app per test is slow on PostgreSQL);
 * they never reuse a number, and its client limits are raised so that their sum cannot
 * trip them. `fresh(env)` is an app of the test's own, closed after the test. Call at
 * the top of a test file: `const { shared, fresh } = testApps();`.
 */
export function testApps() {
  let shared: Promise<TestApp> | undefined;
  const fresh: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(fresh.splice(0).map((t) => t.close()));
  });
  afterAll(async () => {
    await (await shared)?.close();
  });
  return {
    shared: (): Promise<TestApp> => {
      shared ??= createTestApp({
        env: {
          SMS_CLIENT_HOURLY_LIMIT: "100000",
          SMS_PER_NETWORK_HOURLY_LIMIT: "100000",
          RATE_LIMIT_PER_MINUTE: "100000",
          LOOKUP_CLIENT_MINUTE_LIMIT: "100000",
          LOOKUP_CLIENT_DAILY_LIMIT: "100000",
        },
      });
      return shared;
    },
    fresh: async (env?: Record<string, string>): Promise<TestApp> => {
      const t = await createTestApp(env ? { env } : {});
      fresh.push(t);
      return t;
    },
  };
}
