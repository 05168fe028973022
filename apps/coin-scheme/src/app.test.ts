import { afterEach, describe, expect, it } from "vitest";
import { createTestScheme, type TestScheme } from "./testing/test-scheme.ts";

describe("the standalone scheme's server", () => {
  let t: TestScheme;
  afterEach(() => t?.close());

  it("creates only the scheme's tables, under its own migration record", async () => {
    t = await createTestScheme();
    const tables = await t.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(tables.map((table) => table.name).sort()).toEqual([
      "coin_scheme_migration",
      "coin_scheme_migration_lock",
      "hcoin_account_tiers",
      "hcoin_accounts",
      "hcoin_campaigns",
      "hcoin_earn_lines",
      "hcoin_ledger",
      "hcoin_mission_progress",
      "hcoin_mission_stamps",
      "hcoin_missions",
      "hcoin_referrals",
      "hcoin_rewards",
      "hcoin_segments",
      "hcoin_settings",
      "hcoin_stores",
      "hcoin_tier_history",
      "hcoin_tiers",
      "hcoin_till_keys",
      "hcoin_vouchers",
    ]);
  });

  it("serves its API reference only where COIN_SCHEME_API_DOCS lets it (off in production by default)", async () => {
    t = await createTestScheme({ COIN_SCHEME_API_DOCS: "off" });
    expect((await t.app.inject({ method: "GET", url: "/docs/json" })).statusCode).toBe(404);
    await t.close();
    t = await createTestScheme();
    expect((await t.app.inject({ method: "GET", url: "/docs/json" })).statusCode).toBe(200);
  });

  it("answers /healthz, and 503 / 5030 once its database is gone", async () => {
    t = await createTestScheme();
    const up = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ code: 200, payload: { status: "ok" } });
    await t.db.destroy();
    const down = await t.app.inject({ method: "GET", url: "/healthz", headers: { "accept-language": "en" } });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 503, error_code: 5030, payload: { error_code: 5030 } });
    expect(down.json().error_message).toMatch(/H Coins service is temporarily unavailable/);
  });

  it("answers /readyz with its database's state: 503 / 5030, degraded, once it is gone", async () => {
    t = await createTestScheme();
    const up = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(up.json()).toEqual({ code: 200, payload: { status: "ok", dependencies: { database: "up" } } });
    await t.db.destroy();
    const down = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      error_code: 5030,
      payload: { status: "degraded", dependencies: { database: "down" } },
    });
  });

  it("answers a path it does not serve in its envelope (404 / 4040)", async () => {
    t = await createTestScheme();
    const res = await t.app.inject({ method: "GET", url: "/coin-scheme/v1/nothing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, error_code: 4040, payload: { error_code: 4040 } });
  });

  it("serves its OpenAPI reference with the API key scheme", async () => {
    t = await createTestScheme();
    const res = await t.app.inject({ method: "GET", url: "/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.info.title).toBe("H Coins scheme API");
    expect(Object.keys(doc.components.securitySchemes)).toEqual(["coinSchemeApiKey"]);
    expect(Object.keys(doc.paths)).toContain("/coin-scheme/v1/purchases");
  });
});
