import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import { authenticateApiKey, parseApiClients } from "./api-keys.ts";

describe("parseApiClients", () => {
  it("reads client:key and client:key:till entries", () => {
    expect(parseApiClients(" member-server:aaaaaaaaaaaaaaaa , pos-1:bbbbbbbbbbbbbbbb:till,")).toEqual({
      clients: [
        { name: "member-server", key: "aaaaaaaaaaaaaaaa", scope: "all" },
        { name: "pos-1", key: "bbbbbbbbbbbbbbbb", scope: "till" },
      ],
    });
    expect(parseApiClients("")).toEqual({ clients: [] });
  });

  it.each([
    ["pos-1:short", /key must be 16-256/],
    ["pos 1:bbbbbbbbbbbbbbbb", /client name/],
    ["pos-1:bbbbbbbbbbbbbbbb:admin", /scope must be "till"/],
    ["pos-1:bbbbbbbbbbbbbbbb:till:x", /expected client:key/],
    ["pos-1:bbbbbbbbbbbbbbbb,pos-1:cccccccccccccccc", /client listed twice/],
    ["pos-1:bbbbbbbbbbbbbbbb,pos-2:bbbbbbbbbbbbbbbb", /key shared/],
  ])("refuses %s", (text, problem) => {
    const result = parseApiClients(text);
    expect("problems" in result && result.problems.join("\n")).toMatch(problem);
  });
});

describe("authenticateApiKey", () => {
  const clients = [
    { name: "a", key: "aaaaaaaaaaaaaaaa", scope: "all" as const },
    { name: "b", key: "bbbbbbbbbbbbbbbb", scope: "till" as const },
  ];
  it("finds the client of a key and nobody for anything else", () => {
    expect(authenticateApiKey(clients, "bbbbbbbbbbbbbbbb")?.name).toBe("b");
    expect(authenticateApiKey(clients, "aaaaaaaaaaaaaaaa")?.name).toBe("a");
    expect(authenticateApiKey(clients, "aaaaaaaaaaaaaaa")).toBeNull();
    expect(authenticateApiKey(clients, "aaaaaaaaaaaaaaaab")).toBeNull();
    expect(authenticateApiKey(clients, "")).toBeNull();
    expect(authenticateApiKey(clients, undefined)).toBeNull();
    expect(authenticateApiKey([], "aaaaaaaaaaaaaaaa")).toBeNull();
  });
});

describe("coin scheme configuration", () => {
  it("has development keys that work together, and none in production", () => {
    const dev = loadConfig({});
    expect(dev.coinSchemeClients.map((client) => [client.name, client.scope])).toEqual([
      ["member-server", "all"],
      ["pos-dev", "till"],
    ]);
    expect(authenticateApiKey(dev.coinSchemeClients, dev.COIN_SCHEME_API_KEY)?.name).toBe("member-server");
    expect(dev).toMatchObject({
      COIN_SCHEME_TIMEOUT_MS: 3000,
      COIN_SCHEME_PORT: 4000,
      COIN_BIRTHDAY_MULTIPLIER: 200,
    });
    const production = loadConfig({ NODE_ENV: "production" });
    expect(production.coinSchemeClients).toEqual([]);
    expect(production.COIN_SCHEME_API_KEY).toBeUndefined();
  });

  it("reads holidays and the birthday multiplier", () => {
    const config = loadConfig({
      COIN_HOLIDAYS: "2025-12-25:2, 2026-01-01:1.5",
      COIN_BIRTHDAY_MULTIPLIER: "1.25",
    });
    expect([...config.COIN_HOLIDAYS]).toEqual([
      ["2025-12-25", 200],
      ["2026-01-01", 150],
    ]);
    expect(config.COIN_BIRTHDAY_MULTIPLIER).toBe(125);
  });

  it.each([
    [{ COIN_HOLIDAYS: "2025-02-30:2" }, /COIN_HOLIDAYS: "2025-02-30:2" is not YYYY-MM-DD:multiplier/],
    [{ COIN_HOLIDAYS: "2025-12-25:0.5" }, /COIN_HOLIDAYS/],
    [{ COIN_BIRTHDAY_MULTIPLIER: "11" }, /COIN_BIRTHDAY_MULTIPLIER: must be a number from 1 to 10/],
    [{ COIN_SCHEME_URL: "ftp://scheme" }, /COIN_SCHEME_URL: must be http/],
    [{ COIN_SCHEME_API_KEYS: "pos:short" }, /COIN_SCHEME_API_KEYS: entry "pos": key must be/],
    [{ COIN_SCHEME_TIMEOUT_MS: "0" }, /COIN_SCHEME_TIMEOUT_MS/],
    [{ NODE_ENV: "production", COIN_SCHEME_URL: "http://scheme:4000" }, /COIN_SCHEME_API_KEY: required/],
  ])("refuses %j, naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
