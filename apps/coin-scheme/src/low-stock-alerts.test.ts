import { afterEach, describe, expect, it } from "vitest";
import { addReward, credit, redeem, refused, rewardBody } from "./testing/reward-calls.ts";
import { admin, KEYS, linkedMember, NOON_HK } from "./testing/scheme-calls.ts";
import { createTestScheme, type TestScheme } from "./testing/test-scheme.ts";

/*
 * Issue 26, low-stock alerts: a reward's threshold, its stock level as the console marks it, and
 * the warn line once per crossing (re-armed by an operator's restock above the threshold or a new
 * threshold), read from the scheme's own log.
 */

let t: TestScheme;
afterEach(() => t?.close());

type LogLine = Record<string, unknown>;
let lines: LogLine[] = [];
const alerts = () => lines.filter((line) => line.event === "reward_low_stock");

/** The scheme at warn level, its log lines kept, with store S1 registered. */
async function schemeWithLog() {
  lines = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  t = await createTestScheme(
    { COIN_SCHEME_API_KEYS: KEYS, COIN_SCHEME_LOG_LEVEL: "warn" },
    undefined,
    {},
    stream,
  );
  t.clock.advance(NOON_HK - t.clock.now());
  expect((await admin(t, "PUT", "/stores/S1", { partner_property: false })).status).toBe(200);
}

let memberSequence = 0;
async function richMember() {
  memberSequence += 1;
  const number = await linkedMember(t, `LOW${memberSequence}`);
  await credit(t, number, 10_000);
  return number;
}

const rewardOf = async (id: number) => (await admin(t, "GET", `/rewards/${id}`)).body.payload.reward;

describe("a reward's low-stock threshold", () => {
  it("is optional (none by default), 1 or more, and gives the stock level: in stock, low, sold out", async () => {
    await schemeWithLog();
    const plain = await addReward(t, { stock: 2 });
    expect(await rewardOf(plain)).toMatchObject({ low_stock_threshold: null, stock_level: "in_stock" });

    for (const bad of [0, -1, 1.5, 1_000_001]) {
      const res = await admin(t, "POST", "/rewards", rewardBody({ low_stock_threshold: bad }));
      refused(res, 400, 4000);
      expect(res.body.payload.errors).toEqual([
        { field: "low_stock_threshold", rule: "lowStockThresholdInvalid" },
      ]);
    }

    const id = await addReward(t, { stock: 5, low_stock_threshold: 5 });
    expect(await rewardOf(id)).toMatchObject({ stock: 5, low_stock_threshold: 5, stock_level: "low" });
    await admin(t, "POST", `/rewards/${id}/stock`, { change: 1 });
    expect((await rewardOf(id)).stock_level).toBe("in_stock");
    await admin(t, "POST", `/rewards/${id}/stock`, { change: -6 });
    expect(await rewardOf(id)).toMatchObject({ stock: 0, stock_level: "sold_out" });

    // A replace keeps it only when sent: PUT replaces every field.
    const kept = await admin(t, "PUT", `/rewards/${id}`, rewardBody({ low_stock_threshold: 2 }));
    expect(kept.body.payload.reward.low_stock_threshold).toBe(2);
    const cleared = await admin(t, "PUT", `/rewards/${id}`, rewardBody());
    expect(cleared.body.payload.reward.low_stock_threshold).toBeNull();
  });
});

describe("the low-stock alert", () => {
  it("logs once when a redemption takes the stock to the threshold, not on the redemptions after; a restock above it re-arms it", async () => {
    await schemeWithLog();
    const id = await addReward(t, { stock: 5, low_stock_threshold: 3 });
    const member = await richMember();

    expect((await redeem(t, member, id, "r1")).status).toBe(200); // 4 left
    expect(alerts()).toEqual([]);
    expect((await redeem(t, member, id, "r2")).status).toBe(200); // 3 left: the crossing
    expect(alerts()).toEqual([
      expect.objectContaining({
        level: 40,
        reward_id: id,
        remaining: 3,
        threshold: 3,
        cause: "redemption",
      }),
    ]);
    expect((await redeem(t, member, id, "r3")).status).toBe(200); // 2 left
    expect((await redeem(t, member, id, "r3")).body.payload.duplicate).toBe(true);
    expect(alerts()).toHaveLength(1);
    expect((await rewardOf(id)).stock_level).toBe("low");

    // A restock that stays at or below the threshold does not re-arm it.
    await admin(t, "POST", `/rewards/${id}/stock`, { change: 1 }); // 3
    expect((await redeem(t, member, id, "r4")).status).toBe(200); // 2
    expect(alerts()).toHaveLength(1);

    // Above it re-arms: the next crossing alerts again.
    await admin(t, "POST", `/rewards/${id}/stock`, { change: 2 }); // 4
    expect((await rewardOf(id)).stock_level).toBe("in_stock");
    expect((await redeem(t, member, id, "r5")).status).toBe(200); // 3
    expect(alerts()).toHaveLength(2);
    expect(alerts()[1]).toMatchObject({ reward_id: id, remaining: 3, threshold: 3 });
  });

  it("fires once under a rush of members on the units above the threshold", async () => {
    await schemeWithLog();
    const id = await addReward(t, { stock: 8, low_stock_threshold: 4 });
    const members = await Promise.all(Array.from({ length: 8 }, () => richMember()));
    const answers = await Promise.all(members.map((member, i) => redeem(t, member, id, `rush-${i}`)));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect((await rewardOf(id)).stock).toBe(0);
    // The rush may take the stock past the threshold in any order: one alert, at or below it.
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]?.remaining).toBeLessThanOrEqual(4);
  });

  it("is not re-armed by a cancelled voucher's unit coming back; a new threshold re-arms it; an operator's removal and a goodwill voucher fire it", async () => {
    await schemeWithLog();
    const id = await addReward(t, { stock: 3, low_stock_threshold: 2 });
    const member = await richMember();
    const first = await redeem(t, member, id, "c1"); // 2: fires
    expect(alerts()).toHaveLength(1);
    const cancel = await admin(t, "POST", `/vouchers/${first.body.payload.voucher.code}/cancel`, {
      operator: "amy",
      reason: "member asked",
    });
    expect(cancel.status).toBe(200); // 3 again, above the threshold, still fired
    expect((await redeem(t, member, id, "c2")).status).toBe(200); // 2
    expect(alerts()).toHaveLength(1);

    // The same threshold sent again by a save of the form changes nothing; a new one re-arms.
    await admin(t, "PUT", `/rewards/${id}`, rewardBody({ low_stock_threshold: 2 }));
    expect((await redeem(t, member, id, "c3")).status).toBe(200); // 1
    expect(alerts()).toHaveLength(1);
    await admin(t, "PUT", `/rewards/${id}`, rewardBody({ low_stock_threshold: 1 }));
    const given = await admin(t, "POST", `/accounts/${member}/goodwill-vouchers`, {
      reward_id: id,
      operator: "amy",
      idempotency_key: "g1",
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200); // 0
    expect(alerts()[1]).toMatchObject({ reward_id: id, remaining: 0, threshold: 1, cause: "goodwill" });

    // An operator's removal crosses it too.
    const other = await addReward(t, { stock: 10, low_stock_threshold: 5 });
    await admin(t, "POST", `/rewards/${other}/stock`, { change: -6 });
    expect(alerts()[2]).toMatchObject({
      reward_id: other,
      remaining: 4,
      threshold: 5,
      cause: "stock_change",
    });
    expect(alerts()).toHaveLength(3);
  });
});
