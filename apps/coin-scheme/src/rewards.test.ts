import { afterEach, describe, expect, it } from "vitest";
import { addReward, credit, expectLedgerHolds, redeem, refused, rewardBody } from "./testing/reward-calls.ts";
import { admin, linkedMember, scheme, schemeApp } from "./testing/scheme-calls.ts";
import type { TestScheme } from "./testing/test-scheme.ts";
import { formatVoucherCode, newVoucherCode, normaliseVoucherCode } from "./voucher-codes.ts";

/*
 * Issue 16, the scheme's side: the catalogue an operator keeps, redemption (coins and stock in
 * one transaction, once per key), vouchers at the till, and an operator's cancellation. The
 * clock stands at 2025-07-15 12:00 Hong Kong time (testing/scheme-calls.ts).
 */

let t: TestScheme;
afterEach(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;

async function memberWith(ref: string, coins: number) {
  const number = await linkedMember(t, ref);
  if (coins > 0) await credit(t, number, coins);
  return number;
}
const balanceOf = async (number: string) =>
  (await admin(t, "GET", `/accounts/${number}/balance`)).body.payload.balance as number;
const stockOf = async (id: number) =>
  (await admin(t, "GET", `/rewards/${id}`)).body.payload.reward.stock as number;

describe("the catalogue", () => {
  it("adds, lists, replaces and restocks rewards; validates them with named rules", async () => {
    t = await schemeApp();
    const id = await addReward(t, { sort_order: 2 });
    const product = await addReward(t, {
      kind: "product",
      value_amount: null,
      store_codes: [],
      sort_order: 1,
      active: false,
    });
    const all = await admin(t, "GET", "/rewards");
    expect(all.body.payload.rewards.map((reward: { id: number }) => reward.id)).toEqual([product, id]);
    const active = await admin(t, "GET", "/rewards?active_only=true");
    expect(active.body.payload.rewards.map((reward: { id: number }) => reward.id)).toEqual([id]);
    expect(active.body.payload.rewards[0]).toMatchObject({
      kind: "evoucher",
      coins: 100,
      stock: 10,
      value_amount: "50.00",
      store_codes: ["S1"],
      title: { tc: "HK$50 電子禮券" },
      redeemed_by_member: null,
    });

    const replaced = await admin(t, "PUT", `/rewards/${id}`, rewardBody({ coins: 120, stock: 999 }));
    expect(replaced.body.payload.reward).toMatchObject({ coins: 120, stock: 10 });
    expect((await admin(t, "POST", `/rewards/${id}/stock`, { change: -4 })).body.payload.reward.stock).toBe(
      6,
    );
    expect((await admin(t, "POST", `/rewards/${id}/stock`, { change: 5 })).body.payload.reward.stock).toBe(
      11,
    );
    const below = await admin(t, "POST", `/rewards/${id}/stock`, { change: -12 });
    refused(below, 400, 4000);
    expect(below.body.payload.errors).toEqual([{ field: "change", rule: "stockNegative" }]);
    expect(await stockOf(id)).toBe(11);
    refused(await admin(t, "POST", "/rewards/999/stock", { change: 1 }), 404, 6020);
    refused(await admin(t, "GET", "/rewards/999"), 404, 6020);
    refused(await admin(t, "PUT", "/rewards/999", rewardBody()), 404, 6020);

    const rules: [Record<string, unknown>, string, string][] = [
      [{ value_amount: null }, "value_amount", "valueRequired"],
      [{ kind: "product" }, "value_amount", "valueForProduct"],
      [
        { ends_at: "2025-07-01T00:00:00+08:00", starts_at: "2025-07-02T00:00:00+08:00" },
        "ends_at",
        "endsBeforeStart",
      ],
      [{ image_url: "http://example.com/a.png" }, "image_url", "imageUrlInvalid"],
    ];
    for (const [fields, field, rule] of rules) {
      const res = await admin(t, "POST", "/rewards", rewardBody(fields));
      refused(res, 400, 4000);
      expect(res.body.payload.errors).toEqual([{ field, rule }]);
    }
    const shape = await admin(t, "POST", "/rewards", rewardBody({ coins: 0, voucher_valid_days: 0 }));
    expect(shape.body.payload.errors).toEqual(
      expect.arrayContaining([
        { field: "coins", rule: "coinsInvalid" },
        { field: "voucher_valid_days", rule: "validDaysInvalid" },
      ]),
    );
    refused(await admin(t, "POST", "/rewards", rewardBody({ store_codes: ["NOPE"] })), 422, 6014);
    // A till key may not touch the catalogue.
    refused(await scheme(t, "GET", "/rewards"), 403, 4030);
  });
});

describe("redemption", () => {
  it("spends the coins soonest-expiring first and one unit of stock, and issues a voucher to the end of a Hong Kong day", async () => {
    t = await schemeApp();
    const number = await memberWith("R1", 0);
    // 60 coins that never expire, then 80 under a 1-month policy: the expiring ones go first.
    await credit(t, number, 60);
    expect((await admin(t, "PUT", "/expiry-policy", { policy: "1-months", operator: "amy" })).status).toBe(
      200,
    );
    await credit(t, number, 80);
    const id = await addReward(t, { voucher_valid_days: 7 });

    const res = await redeem(t, number, id, "key-1");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { voucher, transaction, balance, duplicate } = res.body.payload;
    expect(duplicate).toBe(false);
    expect(balance).toBe(40);
    expect(transaction).toMatchObject({
      kind: "redemption",
      coins: -100,
      reward_id: id,
      voucher_code: voucher.code,
    });
    expect(voucher).toMatchObject({
      reward_id: id,
      kind: "evoucher",
      value_amount: "50.00",
      store_codes: ["S1"],
      hcoins_memberno: number,
      coins: 100,
      status: "issued",
      // Issued 15 July: valid through 22 July, 23:59:59.999 Hong Kong time.
      valid_until: "2025-07-22T15:59:59.999Z",
    });
    expect(voucher.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const ledger = (await admin(t, "GET", `/accounts/${number}/ledger`)).body.payload;
    const remaining = ledger.entries
      .filter((entry: { kind: string }) => entry.kind === "adjustment")
      .map((entry: { coins: number; remaining: number }) => [entry.coins, entry.remaining]);
    expect(remaining).toEqual([
      [80, 0],
      [60, 40],
    ]);
    expect(ledger.rewards).toEqual([{ id, title: rewardBody().title }]);
    expect(await stockOf(id)).toBe(9);

    const balanceNow = (await admin(t, "GET", `/accounts/${number}/balance`)).body.payload;
    expect(balanceNow).toMatchObject({ hcoins_memberno: number, balance: 40, expiring: [] });
    const vouchers = (await admin(t, "GET", `/accounts/${number}/vouchers`)).body.payload.vouchers;
    expect(vouchers).toEqual([voucher]);
    const listed = await admin(t, "GET", "/rewards?member_ref=R1");
    expect(listed.body.payload.rewards[0].redeemed_by_member).toBe(1);
    await expectLedgerHolds(t);
  });

  it("happens once per key: a retry answers the first (duplicate), the key with another reward is 6009", async () => {
    t = await schemeApp();
    const number = await memberWith("R2", 1000);
    const id = await addReward(t);
    const other = await addReward(t);
    const first = await redeem(t, number, id, "tap-1");
    const again = await redeem(t, number, id, "tap-1");
    expect(again.body.payload).toMatchObject({ duplicate: true, balance: 900 });
    expect(again.body.payload.voucher.code).toBe(first.body.payload.voucher.code);
    const both = await Promise.all([redeem(t, number, id, "tap-2"), redeem(t, number, id, "tap-2")]);
    expect(both.map((res) => res.body.payload.duplicate).sort()).toEqual([false, true]);
    refused(await redeem(t, number, other, "tap-1"), 409, 6009);
    expect(await balanceOf(number)).toBe(800);
    expect(await stockOf(id)).toBe(8);
  });

  it("refuses: not enough coins (6018), no reward (6020), inactive or outside its window (6021), out of stock (6022), the member's limit (6023)", async () => {
    t = await schemeApp();
    const number = await memberWith("R3", 500);
    const poor = await memberWith("R4", 99);
    const id = await addReward(t, { stock: 2, per_member_limit: 1 });
    const insufficient = await redeem(t, poor, id, "a");
    refused(insufficient, 422, 6018);
    expect(insufficient.body.payload).toMatchObject({ balance: 99, coins: 100 });
    refused(await redeem(t, number, 999, "b"), 404, 6020);
    const inactive = await addReward(t, { active: false });
    refused(await redeem(t, number, inactive, "c"), 409, 6021);
    const later = await addReward(t, { starts_at: "2025-07-16T00:00:00+08:00" });
    refused(await redeem(t, number, later, "d"), 409, 6021);
    const over = await addReward(t, { ends_at: "2025-07-15T12:00:00+08:00" });
    refused(await redeem(t, number, over, "e"), 409, 6021);
    const open = await addReward(t, {
      starts_at: "2025-07-15T00:00:00+08:00",
      ends_at: "2025-07-16T00:00:00+08:00",
    });
    expect((await redeem(t, number, open, "f")).status).toBe(200);

    expect((await redeem(t, number, id, "g")).status).toBe(200);
    const limit = await redeem(t, number, id, "h");
    refused(limit, 409, 6023);
    expect(limit.body.payload.per_member_limit).toBe(1);
    const someone = await memberWith("R5", 500);
    expect((await redeem(t, someone, id, "i")).status).toBe(200);
    refused(await redeem(t, await memberWith("R6", 500), id, "j"), 409, 6022);
    refused(
      await admin(t, "POST", "/accounts/HC0000000000/redemptions", { reward_id: id, idempotency_key: "k" }),
      404,
      6004,
    );
    // None of the refusals took coins.
    expect(await balanceOf(poor)).toBe(99);
    expect(await balanceOf(number)).toBe(300);
    await expectLedgerHolds(t);
  });
});

describe("vouchers at the till and their cancellation", () => {
  async function issued(fields: Record<string, unknown> = {}) {
    const number = await memberWith(`V${Math.random()}`.slice(0, 12), 1000);
    const id = await addReward(t, fields);
    const res = await redeem(t, number, id, "v");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { number, id, code: res.body.payload.voucher.code as string };
  }

  it("checks and uses a voucher once, only at its stores; a retry with the same receipt is a duplicate", async () => {
    t = await schemeApp();
    const { code } = await issued();
    const messy = code.toLowerCase().replace(/-/g, " ").replace(/0/g, "o").replace(/1/g, "l");
    const check = await scheme(t, "POST", "/till/vouchers/check", { code: messy, store_code: "S1" });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.payload.voucher).toMatchObject({ code, status: "issued" });
    expect(JSON.stringify(check.body)).not.toContain("mobile");
    refused(await scheme(t, "POST", "/till/vouchers/check", { code, store_code: "S2" }), 403, 6028);
    refused(await scheme(t, "POST", "/till/vouchers/use", { code, store_code: "S2" }), 403, 6028);
    refused(await scheme(t, "POST", "/till/vouchers/use", { code, store_code: "ELSEWHERE" }), 403, 6017);
    refused(
      await scheme(t, "POST", "/till/vouchers/check", { code: "ZZZZ-ZZZZ-ZZZZ-ZZZZ", store_code: "S1" }),
      404,
      6024,
    );

    const use = await scheme(t, "POST", "/till/vouchers/use", { code, store_code: "S1", receipt_no: "RC-1" });
    expect(use.body.payload).toMatchObject({
      duplicate: false,
      voucher: { status: "used", used_store_code: "S1", used_receipt_no: "RC-1" },
    });
    const retry = await scheme(t, "POST", "/till/vouchers/use", {
      code,
      store_code: "S1",
      receipt_no: "RC-1",
    });
    expect(retry.body.payload.duplicate).toBe(true);
    const twice = await scheme(t, "POST", "/till/vouchers/use", {
      code,
      store_code: "S1",
      receipt_no: "RC-2",
    });
    refused(twice, 409, 6025);
    expect(twice.body.payload).toMatchObject({ used_store_code: "S1", used_at: expect.any(String) });
    refused(await scheme(t, "POST", "/till/vouchers/check", { code, store_code: "S1" }), 409, 6025);
    refused(await admin(t, "POST", `/vouchers/${code}/cancel`, { operator: "amy", reason: "x" }), 409, 6025);
  });

  it("takes a voucher naming no stores at every registered store, and two tills at once accept it once", async () => {
    t = await schemeApp();
    const { code } = await issued({ store_codes: [] });
    refused(await admin(t, "POST", "/till/vouchers/check", { code, store_code: "NOT-A-STORE" }), 422, 6014);
    const uses = await Promise.all(
      ["S1", "S2", "P1"].map((store) => scheme(t, "POST", "/till/vouchers/use", { code, store_code: store })),
    );
    expect(uses.map((res) => res.status).sort()).toEqual([200, 409, 409]);
  });

  it("refuses an expired voucher (6026) but lets an operator cancel it", async () => {
    t = await schemeApp();
    const { number, id, code } = await issued({ voucher_valid_days: 1 });
    t.clock.advance(2 * DAY);
    const expired = await scheme(t, "POST", "/till/vouchers/use", { code, store_code: "S1" });
    refused(expired, 409, 6026);
    expect(expired.body.payload.valid_until).toBe("2025-07-16T15:59:59.999Z");
    expect((await admin(t, "GET", `/vouchers/${code}`)).body.payload.voucher.status).toBe("expired");
    const cancel = await admin(t, "POST", `/vouchers/${code}/cancel`, {
      operator: "amy",
      reason: "member asked",
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.payload.voucher.status).toBe("cancelled");
    expect(await balanceOf(number)).toBe(1000);
    expect(await stockOf(id)).toBe(10);
  });

  it("cancels once: coins back as a cancellation credit, the unit back in stock; the voucher is then refused (6027)", async () => {
    t = await schemeApp();
    const { number, id, code } = await issued();
    expect(await balanceOf(number)).toBe(900);
    const cancel = await admin(t, "POST", `/vouchers/${code.toLowerCase()}/cancel`, {
      operator: "amy",
      reason: "wrong reward",
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.payload).toMatchObject({
      balance: 1000,
      voucher: { status: "cancelled", cancel_reason: "wrong reward" },
      transaction: {
        kind: "cancellation",
        coins: 100,
        remaining: 100,
        actor_type: "operator",
        actor: "amy",
        reward_id: id,
        voucher_code: code,
      },
    });
    expect(await stockOf(id)).toBe(10);
    refused(
      await admin(t, "POST", `/vouchers/${code}/cancel`, { operator: "amy", reason: "again" }),
      409,
      6027,
    );
    refused(await scheme(t, "POST", "/till/vouchers/use", { code, store_code: "S1" }), 409, 6027);
    refused(await admin(t, "POST", "/vouchers/NOPE/cancel", { operator: "amy", reason: "x" }), 404, 6024);
    refused(await scheme(t, "POST", `/vouchers/${code}/cancel`, { operator: "amy", reason: "x" }), 403, 4030);
    const missing = await admin(t, "POST", `/vouchers/${code}/cancel`, {});
    expect(missing.body.payload.errors).toEqual(
      expect.arrayContaining([
        { field: "operator", rule: "required" },
        { field: "reason", rule: "required" },
      ]),
    );
    // A cancelled voucher no longer counts towards the per-member limit.
    expect(
      (await admin(t, "GET", `/rewards/${id}?member_ref=${"x"}`)).body.payload.reward.redeemed_by_member,
    ).toBe(0);
    await expectLedgerHolds(t);
  });
});

describe("the ledger and the balance", () => {
  it("pages the ledger with total, and shows the coins expiring soonest by date", async () => {
    t = await schemeApp();
    const number = await memberWith("L1", 0);
    expect((await admin(t, "PUT", "/expiry-policy", { policy: "1-months", operator: "amy" })).status).toBe(
      200,
    );
    // 10 today, 20 tomorrow, 30 and 5 the day after: three expiry dates.
    await credit(t, number, 10);
    t.clock.advance(DAY);
    await credit(t, number, 20);
    t.clock.advance(DAY);
    await credit(t, number, 30);
    await credit(t, number, 5);
    const page = (await admin(t, "GET", `/accounts/${number}/ledger?limit=2&offset=1`)).body.payload;
    expect(page.total).toBe(4);
    expect(page.entries.map((entry: { coins: number }) => entry.coins)).toEqual([30, 20]);
    const last = (await admin(t, "GET", `/accounts/${number}/ledger?limit=2&offset=3`)).body.payload;
    expect(last.entries.map((entry: { coins: number }) => entry.coins)).toEqual([10]);
    const balance = (await admin(t, "GET", `/accounts/${number}/balance`)).body.payload;
    expect(balance.balance).toBe(65);
    expect(balance.expiring.map((group: { coins: number }) => group.coins)).toEqual([10, 20, 35]);
    expect(balance.expiring[0].expires_at).toBe("2025-08-15T16:00:00.000Z");
  });
});

describe("voucher codes", () => {
  it("are 16 Crockford base-32 characters in groups of four, read back whatever the case, spaces, hyphens, O, I or L", () => {
    const codes = new Set(Array.from({ length: 1000 }, newVoucherCode));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(formatVoucherCode("0123456789ABCDEF")).toBe("0123-4567-89AB-CDEF");
    expect(normaliseVoucherCode(" o1il-4567-89ab-cdef ")).toBe("0111456789ABCDEF");
    expect(normaliseVoucherCode("0123 4567 89AB CDEU")).toBeNull();
    expect(normaliseVoucherCode("0123")).toBeNull();
  });
});
