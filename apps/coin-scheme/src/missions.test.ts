import { hongKongMonthKey, missionPeriodAt } from "@hcoins/domain/mission-rules";
import { afterEach, describe, expect, it } from "vitest";
import { addReward } from "./testing/reward-calls.ts";
import {
  admin,
  KEYS,
  linkedMember,
  NOON_HK,
  nextReceipt,
  qr,
  type Res,
  scheme,
  schemeApp,
} from "./testing/scheme-calls.ts";
import { createTestScheme, type TestScheme } from "./testing/test-scheme.ts";

/*
 * Issue 28, e-stamp missions: stamps at the till (distinct brands, purchases at a brand), the
 * completion's voucher once per member and period, a refund's stamp taken back, the lifecycle with
 * a second operator, and a budget of completions under concurrent purchases (two instances on
 * PostgreSQL).
 */

const schemes: TestScheme[] = [];
afterEach(async () => {
  for (const t of schemes.reverse()) await t.close();
  schemes.length = 0;
});

const DAY = 86_400_000;
const NAME = { en: "Five brands", tc: "五個品牌", sc: "五个品牌" };
const definition = (rewardId: number, fields: Record<string, unknown> = {}) => ({
  name: NAME,
  description: { en: "Buy at 5 brands", tc: "於 5 個品牌購物", sc: "在 5 个品牌购物" },
  kind: "distinct_brands",
  goal: 3,
  store_codes: [],
  brand_codes: [],
  min_net_amount: null,
  period: "calendar_month",
  starts_at: new Date(NOON_HK - DAY).toISOString(),
  ends_at: new Date(NOON_HK + 90 * DAY).toISOString(),
  reward_id: rewardId,
  budget_completions: null,
  ...fields,
});
const ok = (res: Res) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload;
};

async function brands(t: TestScheme) {
  for (const [store, brand] of [
    ["S1", "coffee"],
    ["S2", "bakery"],
    ["P1", "books"],
    ["PLAIN1", "coffee"],
  ] as const)
    ok(await admin(t, "PUT", `/stores/${store}`, { partner_property: false, brand_code: brand }));
}

async function activeMission(t: TestScheme, fields: Record<string, unknown> = {}) {
  const rewardId = await addReward(t, { stock: 100 });
  const { mission } = ok(
    await admin(t, "POST", "/missions", { ...definition(rewardId, fields), operator: "writer" }),
  );
  ok(await admin(t, "POST", `/missions/${mission.id}/activate`, { operator: "writer", approver: "checker" }));
  return mission.id as number;
}

const buy = (t: TestScheme, member: string, store: string, fields: Record<string, unknown> = {}) =>
  scheme(t, "POST", "/purchases", {
    qr_text: qr(t, member, "00"),
    store_code: store,
    receipt_no: nextReceipt(),
    net_amount: "100",
    ...fields,
  });

const cards = async (t: TestScheme, number: string) =>
  ok(await admin(t, "GET", `/accounts/${number}/missions`)).missions as {
    id: number;
    stamps: number;
    completed_at: string | null;
    voucher_code: string | null;
    period_key: string;
  }[];

describe("mission periods", () => {
  it("are Hong Kong months within the schedule, or the schedule", () => {
    // 2025-07-31 23:30 in Hong Kong is still July there (15:30 UTC).
    const lateJuly = Date.UTC(2025, 6, 31, 15, 30);
    expect(hongKongMonthKey(lateJuly)).toBe("2025-07");
    expect(hongKongMonthKey(lateJuly + 3_600_000)).toBe("2025-08");
    const ends = "2025-12-31T16:00:00Z";
    expect(missionPeriodAt({ period: "calendar_month", ends_at: ends }, lateJuly)).toEqual({
      key: "2025-07",
      endsAt: Date.UTC(2025, 6, 31, 16),
    });
    expect(missionPeriodAt({ period: "schedule", ends_at: ends }, lateJuly)).toEqual({
      key: "schedule",
      endsAt: Date.parse(ends),
    });
  });
});

describe("missions at the till", () => {
  it("count distinct brands, complete once per month with a voucher at no coins, and start again next month", async () => {
    const t = await schemeApp();
    schemes.push(t);
    await brands(t);
    const number = await linkedMember(t, "M1");
    const id = await activeMission(t);

    const first = ok(await buy(t, "M1", "S1"));
    expect(first.missions).toEqual([
      { mission_id: id, name: NAME, stamps: 1, goal: 3, completed: false, voucher_code: null },
    ]);
    // The same brand at another store adds no stamp.
    expect(ok(await buy(t, "M1", "PLAIN1")).missions[0].stamps).toBe(1);
    expect(ok(await buy(t, "M1", "S2")).missions[0].stamps).toBe(2);
    const done = ok(await buy(t, "M1", "P1"));
    expect(done.missions[0]).toMatchObject({ stamps: 3, completed: true });
    expect(done.transaction.coins).toBe(100);
    const code = done.missions[0].voucher_code as string;
    const vouchers = ok(await admin(t, "GET", `/accounts/${number}/vouchers`)).vouchers;
    expect(vouchers.map((v: { code: string }) => v.code)).toEqual([code]);
    expect(ok(await admin(t, "GET", `/accounts/${number}/ledger`)).account.balance).toBe(400);

    // Completed this month: no more stamps, no second voucher.
    expect(ok(await buy(t, "M1", "S1")).missions).toBeUndefined();
    const [card] = await cards(t, number);
    expect(card).toMatchObject({ id, stamps: 3, voucher_code: code, period_key: "2025-07" });
    expect(ok(await admin(t, "GET", `/missions/${id}`)).mission.completions).toBe(1);

    t.clock.advance(20 * DAY);
    const [august] = await cards(t, number);
    expect(august).toMatchObject({ stamps: 0, completed_at: null, period_key: "2025-08" });
    expect(ok(await buy(t, "M1", "S1")).missions[0].stamps).toBe(1);
  });

  it("stamp each qualifying purchase (3 coffees), and a refund in full takes a stamp back until completion", async () => {
    const t = await schemeApp();
    schemes.push(t);
    await brands(t);
    const number = await linkedMember(t, "M2");
    await activeMission(t, {
      kind: "purchases",
      brand_codes: ["coffee"],
      min_net_amount: "30",
      period: "schedule",
    });
    expect(ok(await buy(t, "M2", "S2")).missions).toBeUndefined(); // bakery
    expect(ok(await buy(t, "M2", "S1", { net_amount: "29.90" })).missions).toBeUndefined();
    ok(await buy(t, "M2", "S1", { receipt_no: "C-1" }));
    expect(ok(await buy(t, "M2", "PLAIN1", { receipt_no: "C-2" })).missions[0].stamps).toBe(2);
    // Half back keeps the stamp; the rest takes it.
    ok(await scheme(t, "POST", "/refunds", { store_code: "PLAIN1", receipt_no: "C-2", net_amount: "50" }));
    expect((await cards(t, number))[0]?.stamps).toBe(2);
    ok(await scheme(t, "POST", "/refunds", { store_code: "PLAIN1", receipt_no: "C-2" }));
    expect((await cards(t, number))[0]?.stamps).toBe(1);
    ok(await buy(t, "M2", "S1"));
    const done = ok(await buy(t, "M2", "S1", { receipt_no: "C-3" }));
    expect(done.missions[0]).toMatchObject({ stamps: 3, completed: true });
    // After completion a refund leaves the card and its voucher.
    ok(await scheme(t, "POST", "/refunds", { store_code: "S1", receipt_no: "C-3" }));
    const [card] = await cards(t, number);
    expect(card).toMatchObject({ stamps: 3, voucher_code: done.missions[0].voucher_code });
    const check = ok(await admin(t, "GET", "/ledger-check"));
    expect(check).toMatchObject({ disagreements: [], unbalanced_entries: [] });
  });

  it("is activated by a second operator only, edited only while not live, and names a reward of the catalogue", async () => {
    const t = await schemeApp();
    schemes.push(t);
    const rewardId = await addReward(t);
    expect(
      (await admin(t, "POST", "/missions", { ...definition(999), operator: "writer" })).body.error_code,
    ).toBe(6083);
    const { mission } = ok(
      await admin(t, "POST", "/missions", { ...definition(rewardId), operator: "writer" }),
    );
    const activate = (operator: string, approver: string) =>
      admin(t, "POST", `/missions/${mission.id}/activate`, { operator, approver });
    expect((await activate("asker", "asker")).body.error_code).toBe(6082);
    expect((await activate("asker", "writer")).body.error_code).toBe(6082);
    ok(await activate("asker", "checker"));
    const edit = await admin(t, "PUT", `/missions/${mission.id}`, {
      ...definition(rewardId),
      operator: "writer",
    });
    expect(edit.body.error_code).toBe(6081);
    ok(await admin(t, "POST", `/missions/${mission.id}/pause`, { operator: "writer" }));
    ok(
      await admin(t, "PUT", `/missions/${mission.id}`, {
        ...definition(rewardId, { goal: 4 }),
        operator: "writer",
      }),
    );
    ok(await admin(t, "POST", `/missions/${mission.id}/end`, { operator: "writer" }));
    expect((await activate("asker", "checker")).body.error_code).toBe(6081);
    expect((await admin(t, "GET", "/missions/999")).body.error_code).toBe(6080);
    expect(
      (await admin(t, "POST", "/missions", { ...definition(rewardId, { goal: 1 }), operator: "w" })).status,
    ).toBe(400);
  });
});

describe("live missions on two instances", () => {
  it.runIf(process.env.DATABASE_URL)(
    "are read at most once a second: another instance's activation stamps there within the second",
    async () => {
      const first = await schemeApp();
      schemes.push(first);
      const second = await createTestScheme({ COIN_SCHEME_API_KEYS: KEYS }, first);
      schemes.push(second);
      await brands(first);
      await linkedMember(first, "MT1");
      // The second instance reads the missions at its purchase: none is live.
      expect(ok(await buy(second, "MT1", "S1")).missions).toBeUndefined();
      await activeMission(first, { kind: "purchases" });
      // It keeps what it read for a second; its own changes, or a second later, read them again.
      expect(ok(await buy(second, "MT1", "S1")).missions).toBeUndefined();
      second.clock.advance(1_000);
      expect(ok(await buy(second, "MT1", "S1")).missions?.[0]?.stamps).toBe(1);
      expect(ok(await buy(first, "MT1", "S1")).missions?.[0]?.stamps).toBe(2);
    },
    60_000,
  );
});

describe("a budget of completions under concurrent purchases", () => {
  const rush = async (instances: TestScheme[]) => {
    const [first] = instances as [TestScheme];
    await brands(first);
    const id = await activeMission(first, { kind: "purchases", goal: 2, budget_completions: 5 });
    const members = Array.from({ length: 16 }, (_, i) => `MB${i}`);
    for (const member of members) {
      await linkedMember(first, member);
      ok(await buy(first, member, "S1"));
    }
    // Every member's second purchase at once: 16 would complete, the budget allows 5.
    const answers = await Promise.all(
      members.map((member, i) => buy(instances[i % instances.length] as TestScheme, member, "S2")),
    );
    const completed = answers.filter((res) => ok(res).missions?.[0]?.completed).length;
    expect(completed).toBe(5);
    expect(ok(await admin(first, "GET", `/missions/${id}`)).mission.completions).toBe(5);
    const vouchers = await first.db.selectFrom("hcoin_vouchers").select("code").execute();
    expect(vouchers).toHaveLength(5);
  };

  it.skipIf(process.env.DATABASE_URL)(
    "on SQLite: 16 completions at once, a budget of 5 exactly",
    async () => {
      const t = await schemeApp();
      schemes.push(t);
      await rush([t]);
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    "on PostgreSQL with two scheme instances: 16 completions at once, a budget of 5 exactly",
    async () => {
      const first = await schemeApp();
      schemes.push(first);
      const second = await createTestScheme({ COIN_SCHEME_API_KEYS: KEYS }, first);
      schemes.push(second);
      await rush([first, second]);
    },
    60_000,
  );
});
