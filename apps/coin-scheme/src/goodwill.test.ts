import { afterEach, describe, expect, it } from "vitest";
import { addReward, expectLedgerHolds, redeem, refused } from "./testing/reward-calls.ts";
import { admin, linkedMember, schemeApp, TODAY } from "./testing/scheme-calls.ts";
import type { TestScheme } from "./testing/test-scheme.ts";

let t: TestScheme;
afterEach(() => t?.close());

const give = (number: string, rewardId: number, key: string) =>
  admin(t, "POST", `/accounts/${number}/goodwill-vouchers`, {
    reward_id: rewardId,
    operator: "amy@example.com",
    idempotency_key: key,
  });

describe("goodwill vouchers", () => {
  it("give a reward without coins: stock down by one, a 0-coin trace by the operator, once per key", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "G1");
    const reward = await addReward(t, { coins: 400, stock: 3, per_member_limit: 2 });
    const given = await give(number, reward, "g-1");
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const { voucher, transaction, goodwill_coins, duplicate } = given.body.payload;
    expect(voucher).toMatchObject({ reward_id: reward, coins: 0, status: "issued", goodwill: true });
    expect(transaction).toMatchObject({
      kind: "redemption",
      coins: 0,
      actor_type: "operator",
      actor: "amy@example.com",
    });
    expect([goodwill_coins, duplicate]).toEqual([400, false]);
    // Sent again: the first answer, nothing taken twice; the key with another reward: 6009.
    const again = await give(number, reward, "g-1");
    expect(again.body.payload.voucher.code).toBe(voucher.code);
    expect(again.body.payload.duplicate).toBe(true);
    refused(await give(number, await addReward(t), "g-1"), 409, 6009);
    expect((await admin(t, "GET", `/rewards/${reward}`)).body.payload.reward.stock).toBe(2);
    expect((await admin(t, "GET", `/accounts/${number}/balance`)).body.payload.balance).toBe(0);
    // The per-member limit counts goodwill vouchers too.
    expect((await give(number, reward, "g-2")).status).toBe(200);
    refused(await give(number, reward, "g-3"), 409, 6023);
    // The figures count them as the day's goodwill cost; the coins moved are untouched.
    const figures = (await admin(t, "GET", `/figures?from=${TODAY}&to=${TODAY}`)).body.payload;
    expect(figures.days[0]).toMatchObject({ goodwill_vouchers: 2, goodwill_coins: 800, redeemed: 0 });
    // Cancelled, it gives back its unit and no coins.
    const cancel = await admin(t, "POST", `/vouchers/${voucher.code}/cancel`, {
      operator: "amy",
      reason: "x",
    });
    expect(cancel.body.payload.transaction.coins).toBe(0);
    expect((await admin(t, "GET", `/rewards/${reward}`)).body.payload.reward.stock).toBe(2);
    await expectLedgerHolds(t);
  });

  it("refuses a reward out of stock, unknown, and a suspended account", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "G2");
    refused(await give(number, await addReward(t, { stock: 0 }), "a"), 409, 6022);
    refused(await give(number, 999_999, "b"), 404, 6020);
    refused(await give("HC0000000000", await addReward(t), "c"), 404, 6004);
    await admin(t, "PUT", `/accounts/${number}/suspension`, { suspended: true, operator: "amy" });
    refused(await give(number, await addReward(t), "d"), 409, 6033);
    // A member's own redemption is not an operator's gift: it still costs coins.
    refused(await redeem(t, number, await addReward(t), "e"), 422, 6018);
  });
});
