import { createServer } from "@hcoins/server-kit/create-server";
import { openDatabase } from "@hcoins/server-kit/database";
import { dropIsolatedDatabase, isolatedDatabase } from "@hcoins/server-kit/testing/isolated-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCoinSchemeConfig } from "./config.ts";
import { SCHEME_ENVELOPE } from "./errors.ts";
import { migrateCoinScheme } from "./migrate.ts";
import { coinSchemeRoutes } from "./routes.ts";
import { createCoinSchemeService } from "./service.ts";
import { KEYS, MEMBER_SERVER_KEY, scheme, schemeApp, TILL_KEY } from "./testing/scheme-calls.ts";
import type { TestScheme } from "./testing/test-scheme.ts";

/*
 * Closed by default (issue 25): every route of the scheme declares which keys may call it, and the
 * route tree's onRequest hook checks the key against it before the body is read, so a caller
 * without the right key learns nothing about the fields, and a route that declares nothing answers
 * no key.
 */

describe("who may call a route, before its body is read", () => {
  let t: TestScheme;
  beforeAll(async () => {
    t = await schemeApp();
  });
  afterAll(() => t.close());

  it("refuses a till key at a member-server route with 4030, never a field error", async () => {
    for (const [method, path] of [
      ["POST", "/accounts"],
      ["POST", "/accounts/not-a-number/link"],
      ["PUT", "/stores/S1"],
      ["POST", "/till-keys"],
      ["POST", "/rewards"],
    ] as const) {
      const res = await scheme(t, method, path, { nonsense: true });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body.error_code).toBe(4030);
      expect(res.body.payload.errors).toBeUndefined();
    }
  });

  it("refuses a call without a key with 4010, never a field error", async () => {
    for (const path of ["/purchases", "/accounts", "/till/account"]) {
      const res = await scheme(t, "POST", path, { nonsense: true }, "");
      expect(res.status, path).toBe(401);
      expect(res.body.error_code).toBe(4010);
    }
  });

  it("still checks the fields of a key that may call the route", async () => {
    const res = await scheme(t, "POST", "/purchases", { nonsense: true }, TILL_KEY);
    expect(res.status).toBe(400);
    expect(res.body.payload.errors).toContainEqual({ field: "qr_text", rule: "required" });
  });
});

describe("a route that declares no access", () => {
  it("answers 4030 to every key, a full-scope one too", async () => {
    const storage = await isolatedDatabase();
    const database = openDatabase(storage.url);
    const config = loadCoinSchemeConfig({ NODE_ENV: "test", COIN_SCHEME_API_KEYS: KEYS });
    const app = await createServer({
      logLevel: "silent",
      trustProxy: config.trustProxy,
      bodyLimit: 16 * 1024,
      envelope: SCHEME_ENVELOPE,
    });
    try {
      await migrateCoinScheme(database, config.settings);
      // As if GET /bonus-days had been declared without its access.
      app.addHook("onRoute", (route) => {
        if (route.method === "GET" && route.url.endsWith("/bonus-days")) delete route.config?.schemeAccess;
      });
      await app.register(coinSchemeRoutes, {
        scheme: createCoinSchemeService(database, config.settings, Date.now),
        clients: config.clients ?? [],
      });
      for (const key of [MEMBER_SERVER_KEY, TILL_KEY]) {
        const res = await app.inject({
          method: "GET",
          url: "/coin-scheme/v1/bonus-days",
          headers: { "x-api-key": key },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().error_code).toBe(4030);
      }
      const declared = await app.inject({
        method: "GET",
        url: "/coin-scheme/v1/stores",
        headers: { "x-api-key": MEMBER_SERVER_KEY },
      });
      expect(declared.statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await dropIsolatedDatabase(storage.schema);
    }
  });
});
