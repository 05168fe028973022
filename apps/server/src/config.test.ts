import { ConfigError } from "@hcoins/server-kit/env";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("the member server's coin scheme configuration", () => {
  it("embeds the scheme with its own configuration, and no key anyone could read in the README", () => {
    const dev = loadConfig({ COIN_BIRTHDAY_MULTIPLIER: "3" });
    expect(dev).toMatchObject({
      COIN_SCHEME_TIMEOUT_MS: 3000,
      coinScheme: { settings: { birthdayMultiplier: 300 }, clients: null },
    });
    expect(dev.COIN_SCHEME_API_KEY).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /COIN_SCHEME_API_KEYS: required in production/,
    );
    const production = loadConfig({
      NODE_ENV: "production",
      COIN_SCHEME_API_KEYS: "pos:aaaaaaaaaaaaaaaa:till:S1",
    });
    expect(production.coinScheme?.clients).toEqual([
      { name: "pos", key: "aaaaaaaaaaaaaaaa", scope: "till", stores: ["S1"] },
    ]);
  });

  it("reads none of the scheme's variables when the scheme is external", () => {
    const config = loadConfig({
      COIN_SCHEME_URL: "http://scheme:4000",
      COIN_SCHEME_API_KEY: "member-server-key-0001",
      COIN_HOLIDAYS: "not read",
    });
    expect(config.coinScheme).toBeNull();
  });

  it.each([
    [{ COIN_SCHEME_URL: "ftp://scheme" }, /COIN_SCHEME_URL: must be http/],
    [{ COIN_SCHEME_TIMEOUT_MS: "0" }, /COIN_SCHEME_TIMEOUT_MS/],
    [{ NODE_ENV: "production", COIN_SCHEME_URL: "http://scheme:4000" }, /COIN_SCHEME_API_KEY: required/],
    [{ COIN_SCHEME_API_KEYS: "pos:short" }, /COIN_SCHEME_API_KEYS: entry "pos": key must be/],
  ])("refuses %j, naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("names the member server's and the embedded scheme's bad variables in one message", () => {
    expect(() => loadConfig({ PORT: "x", COIN_HOLIDAYS: "someday" })).toThrow(
      /PORT: .*\n.*COIN_HOLIDAYS: "someday"/,
    );
  });
});

describe("METRICS_TOKEN", () => {
  it("is unset by default (no /metrics), and refused when short enough to guess", () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "  " }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "0123456789abcdef" }).METRICS_TOKEN).toBe("0123456789abcdef");
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
  });
});

describe("the abuse budgets", () => {
  it("default to 20 lookups a minute and 200 a day per address, 1,000 SMS an hour in all", () => {
    expect(loadConfig({})).toMatchObject({
      LOOKUP_CLIENT_MINUTE_LIMIT: 20,
      LOOKUP_CLIENT_DAILY_LIMIT: 200,
      SMS_TOTAL_HOURLY_LIMIT: 1000,
    });
  });

  it.each(["LOOKUP_CLIENT_MINUTE_LIMIT", "LOOKUP_CLIENT_DAILY_LIMIT", "SMS_TOTAL_HOURLY_LIMIT"])(
    "refuses %s=0, naming it",
    (name) => {
      expect(() => loadConfig({ [name]: "0" })).toThrow(new RegExp(`${name}: `));
    },
  );
});
