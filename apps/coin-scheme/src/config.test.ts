import { ConfigError } from "@hcoins/server-kit/env";
import { describe, expect, it } from "vitest";
import { loadCoinSchemeConfig } from "./config.ts";

describe("the coin scheme's configuration", () => {
  it("has no key by default: generated on first start outside production, required in production", () => {
    const dev = loadCoinSchemeConfig({});
    expect(dev.clients).toBeNull();
    expect(dev).toMatchObject({
      databaseUrl: "sqlite:./data/coin-scheme.db",
      keysFile: "./data/coin-scheme-api-keys",
      port: 4000,
      host: "0.0.0.0",
      logLevel: "info",
      trustProxy: 0,
      settings: {
        birthdayMultiplier: 200,
        limits: {
          memberDailyPurchases: 20,
          memberDailyNetCents: 5_000_000,
          tillPurchasesPerMinute: 60,
          tillRequestsPerMinute: 120,
          tillFailedLookupsPerMinute: 20,
        },
      },
    });
    expect(loadCoinSchemeConfig({ NODE_ENV: "test" }).clients).toEqual([]);
    expect(() => loadCoinSchemeConfig({ NODE_ENV: "production" })).toThrow(
      /COIN_SCHEME_API_KEYS: required in production/,
    );
    expect(
      loadCoinSchemeConfig({ NODE_ENV: "production", COIN_SCHEME_API_KEYS: "ms:aaaaaaaaaaaaaaaa" }).clients,
    ).toEqual([{ name: "ms", key: "aaaaaaaaaaaaaaaa", scope: "all" }]);
  });

  it("reads COIN_* variables only", () => {
    const config = loadCoinSchemeConfig({
      DATABASE_URL: "postgres://members@db/members",
      PORT: "3000",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      TRUST_PROXY: "true",
      COIN_SCHEME_DATABASE_URL: "postgres://scheme@db/scheme",
      COIN_SCHEME_PORT: "4100",
      COIN_SCHEME_HOST: "10.0.0.5",
      COIN_SCHEME_LOG_LEVEL: "warn",
      COIN_SCHEME_TRUST_PROXY: "2",
    });
    expect(config).toMatchObject({
      databaseUrl: "postgres://scheme@db/scheme",
      port: 4100,
      host: "10.0.0.5",
      logLevel: "warn",
      trustProxy: 2,
    });
  });

  it("serves /docs outside production only, unless COIN_SCHEME_API_DOCS says otherwise", () => {
    const keys = { COIN_SCHEME_API_KEYS: "ms:aaaaaaaaaaaaaaaa" };
    expect(loadCoinSchemeConfig({ NODE_ENV: "test" }).apiDocs).toBe(true);
    expect(loadCoinSchemeConfig({ NODE_ENV: "production", ...keys }).apiDocs).toBe(false);
    expect(
      loadCoinSchemeConfig({ NODE_ENV: "production", COIN_SCHEME_API_DOCS: "on", ...keys }).apiDocs,
    ).toBe(true);
    expect(loadCoinSchemeConfig({ NODE_ENV: "test", COIN_SCHEME_API_DOCS: "off" }).apiDocs).toBe(false);
  });

  it("reads holidays and the birthday multiplier", () => {
    const { settings } = loadCoinSchemeConfig({
      COIN_HOLIDAYS: "2025-12-25:2, 2026-01-01:1.5",
      COIN_BIRTHDAY_MULTIPLIER: "1.25",
    });
    expect([...settings.configuredHolidays]).toEqual([
      ["2025-12-25", 200],
      ["2026-01-01", 150],
    ]);
    expect(settings.birthdayMultiplier).toBe(125);
  });

  it("bounds redemptions below half the database pool, and sheds load past generous thresholds", () => {
    const defaults = loadCoinSchemeConfig({});
    expect(defaults.settings.redemptions).toEqual({ concurrency: 4, queue: 500, waitMs: 2000 });
    expect(defaults.pressure.maxEventLoopDelayMs).toBe(2000);
    expect(defaults.pressure.maxHeapUsedBytes).toBeGreaterThan(256 * 1024 * 1024);
    const set = loadCoinSchemeConfig({
      COIN_REDEMPTION_CONCURRENCY: "5",
      COIN_REDEMPTION_QUEUE: "0",
      COIN_REDEMPTION_WAIT_MS: "500",
      COIN_SCHEME_MAX_EVENT_LOOP_DELAY_MS: "0",
      COIN_SCHEME_MAX_HEAP_MB: "512",
    });
    expect(set.settings.redemptions).toEqual({ concurrency: 5, queue: 0, waitMs: 500 });
    expect(set.pressure).toEqual({ maxEventLoopDelayMs: 0, maxHeapUsedBytes: 512 * 1024 * 1024 });
  });

  it.each([
    [{ COIN_REDEMPTION_CONCURRENCY: "6" }, /COIN_REDEMPTION_CONCURRENCY/],
    [{ COIN_REDEMPTION_CONCURRENCY: "0" }, /COIN_REDEMPTION_CONCURRENCY/],
    [{ COIN_HOLIDAYS: "2025-02-30:2" }, /COIN_HOLIDAYS: "2025-02-30:2" is not YYYY-MM-DD:multiplier/],
    [{ COIN_HOLIDAYS: "2025-12-25:0.5" }, /COIN_HOLIDAYS/],
    [{ COIN_BIRTHDAY_MULTIPLIER: "11" }, /COIN_BIRTHDAY_MULTIPLIER: must be a number from 1 to 10/],
    [{ COIN_SCHEME_API_KEYS: "pos:short" }, /COIN_SCHEME_API_KEYS: entry "pos": key must be/],
    [{ COIN_SCHEME_DATABASE_URL: "mysql://scheme" }, /COIN_SCHEME_DATABASE_URL: must be sqlite/],
    [{ COIN_SCHEME_PORT: "70000" }, /COIN_SCHEME_PORT/],
    [{ COIN_SCHEME_LOG_LEVEL: "loud" }, /COIN_SCHEME_LOG_LEVEL/],
  ])("refuses %j, naming the variable", (env, message) => {
    expect(() => loadCoinSchemeConfig(env)).toThrow(ConfigError);
    expect(() => loadCoinSchemeConfig(env)).toThrow(message);
  });

  it("names every bad variable at once", () => {
    expect(() => loadCoinSchemeConfig({ COIN_SCHEME_PORT: "x", COIN_HOLIDAYS: "someday" })).toThrow(
      /COIN_SCHEME_PORT: .*\n.*COIN_HOLIDAYS: "someday"/,
    );
  });
});
