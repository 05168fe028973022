import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logCollector } from "../../cross-cutting/support.ts";
import { metrics } from "../../metrics.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { linkedMember, redeem } from "../member-coins/coins-test-support.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

/*
 * Issue 26, low-stock alerts through the member server and its embedded scheme: the threshold the
 * console sets, the stock level it lists, and a crossing logged and counted once
 * (hcoins_reward_low_stock_total), re-armed by a restock above the threshold.
 */

const METRICS_TOKEN = "metrics-token-for-tests-0123";
let t: TestApp;
let manager: SignedInOperator;
const log = logCollector();
beforeAll(async () => {
  t = await createTestApp({
    env: {
      METRICS_TOKEN,
      LOG_LEVEL: "warn",
      SMS_CLIENT_HOURLY_LIMIT: "1000",
      SMS_PER_NETWORK_HOURLY_LIMIT: "1000",
    },
    logStream: log.stream,
  });
  manager = await signedInOperator(t, "programmeManager");
});
afterAll(() => t?.close());

const call = (method: "GET" | "POST", path: string, payload?: Record<string, unknown>) =>
  consoleCall(t, method, path, {
    cookie: manager.cookie,
    csrf: manager.csrf,
    ...(payload ? { body: payload } : {}),
  });

const body = (fields: Record<string, unknown> = {}) => ({
  kind: "product",
  coins: 100,
  value_amount: null,
  store_codes: [],
  title: { en: "Tea set", tc: "茶具", sc: "茶具" },
  description: { en: "", tc: "", sc: "" },
  terms: { en: "", tc: "", sc: "" },
  image_url: null,
  starts_at: null,
  ends_at: null,
  per_member_limit: null,
  voucher_valid_days: 30,
  sort_order: 0,
  active: true,
  ...fields,
});

const crossings = async (cause: string) =>
  Number(
    new RegExp(`hcoins_reward_low_stock_total\\{cause="${cause}"\\} (\\d+)`).exec(
      (await metrics.text()).body,
    )?.[1] ?? 0,
  );
/** The gauge as a scrape reads it (the scrape asks the scheme). */
const gauge = async (level: string) => {
  const res = await t.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return Number(new RegExp(`hcoins_rewards_by_stock_level\\{level="${level}"\\} (\\d+)`).exec(res.body)?.[1]);
};
const alertLines = () =>
  log.lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.event === "reward_low_stock");

describe("a reward's low-stock alert in the member server", () => {
  it("is set on the console's form, listed with the stock level, and audited", async () => {
    const added = await call("POST", "/rewards", body({ stock: 3, low_stock_threshold: 2 }));
    expect(added.status, added.text).toBe(200);
    expect(added.body.payload.reward).toMatchObject({ low_stock_threshold: 2, stock_level: "in_stock" });
    const entry = (await t.app.services.audit.all({}))[0];
    expect(entry?.after).toMatchObject({ low_stock_threshold: 2 });

    const refused = await call("POST", "/rewards", body({ stock: 3, low_stock_threshold: 0 }));
    expect(refused.status).toBe(400);
    expect(refused.body.payload.errors).toEqual([
      { field: "low_stock_threshold", rule: "lowStockThresholdInvalid" },
    ]);

    // Edited with the threshold cleared: the form's empty field.
    const id = added.body.payload.reward.id as number;
    const edited = await call("POST", `/rewards/${id}`, body({ low_stock_threshold: null }));
    expect(edited.body.payload.reward).toMatchObject({ low_stock_threshold: null, stock_level: "in_stock" });
    const audited = (await t.app.services.audit.all({}))[0];
    expect(audited).toMatchObject({
      action: "reward.edit",
      before: { low_stock_threshold: 2 },
      after: { low_stock_threshold: null },
    });
  });

  it("logs and counts a member's redemption crossing once; a restock above re-arms it", async () => {
    const added = await call("POST", "/rewards", body({ stock: 4, low_stock_threshold: 2 }));
    const id = added.body.payload.reward.id as number;
    const member = await linkedMember(t, 1000);
    const before = await crossings("redemption");
    const linesBefore = alertLines().length;

    expect((await redeem(t, member, id)).status).toBe(200); // 3 left
    expect(await crossings("redemption")).toBe(before);
    expect((await redeem(t, member, id)).status).toBe(200); // 2 left: the crossing
    expect((await redeem(t, member, id)).status).toBe(200); // 1 left
    expect(await crossings("redemption")).toBe(before + 1);
    expect(alertLines().slice(linesBefore)).toEqual([
      expect.objectContaining({ level: 40, reward_id: id, remaining: 2, threshold: 2, cause: "redemption" }),
    ]);
    const listed = (await call("GET", "/rewards")).body.payload.rewards.find(
      (reward: { id: number }) => reward.id === id,
    );
    expect(listed).toMatchObject({ stock: 1, stock_level: "low" });

    // The console's restock above the threshold re-arms it; its removal back down crosses it.
    expect((await call("POST", `/rewards/${id}/stock`, { change: 5 })).status).toBe(200); // 6
    const byOperator = await crossings("stock_change");
    expect((await call("POST", `/rewards/${id}/stock`, { change: -4 })).status).toBe(200); // 2
    expect(await crossings("stock_change")).toBe(byOperator + 1);
    expect((await redeem(t, member, id)).status).toBe(200); // 1: fired already
    expect(await crossings("redemption")).toBe(before + 1);
    expect(alertLines().slice(linesBefore)).toHaveLength(2);
  });

  it("gauges the rewards members may redeem now that are low on stock or sold out, at each scrape", async () => {
    const [low, soldOut] = [await gauge("low"), await gauge("sold_out")];
    expect(Number.isInteger(low) && Number.isInteger(soldOut)).toBe(true);
    const lowOne = (await call("POST", "/rewards", body({ stock: 1, low_stock_threshold: 5 }))).body.payload
      .reward;
    await call("POST", "/rewards", body({ stock: 0 }));
    expect([await gauge("low"), await gauge("sold_out")]).toEqual([low + 1, soldOut + 1]);
    // Withdrawn, it is nobody's restock.
    expect((await call("POST", `/rewards/${lowOne.id}/active`, { active: false })).status).toBe(200);
    expect(await gauge("low")).toBe(low);
  });
});
