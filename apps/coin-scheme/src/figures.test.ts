import { afterEach, describe, expect, it } from "vitest";
import { addReward, credit, redeem, refused } from "./testing/reward-calls.ts";
import { admin, linkedMember, nextReceipt, qr, scheme, schemeApp } from "./testing/scheme-calls.ts";
import type { TestScheme } from "./testing/test-scheme.ts";

/*
 * The operators' figures from the ledger: each Hong Kong day's coins per kind of entry, and what
 * the accounts held at each day's end, counted back from the balances (the clock starts at
 * 2025-07-15 12:00 in Hong Kong).
 */

let t: TestScheme;
afterEach(() => t?.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Moves the clock to that Hong Kong time. */
const setHongKongTime = (iso: string) => t.clock.advance(Date.parse(`${iso}+08:00`) - t.clock.now());

const buy = async (member: string, net: string, receipt = nextReceipt()) => {
  const res = await scheme(t, "POST", "/purchases", {
    qr_text: qr(t, member, "00"),
    store_code: "S1",
    receipt_no: receipt,
    net_amount: net,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload.transaction.coins as number;
};

const figures = async (from: string, to: string) => {
  const res = await admin(t, "GET", `/figures?from=${from}&to=${to}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload;
};

describe("the coin figures", () => {
  it("sum each Hong Kong day's entries per kind, with what the accounts held at each day's end", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "F1");
    await linkedMember(t, "F2");
    expect((await admin(t, "PUT", "/expiry-policy", { policy: "1-months", operator: "ops" })).status).toBe(
      200,
    );

    // 15 July: a purchase, a partial refund, an operator's credit, two redemptions and one cancelled.
    const bought = await buy("F1", "100");
    const refundedReceipt = nextReceipt();
    const boughtToRefund = await buy("F1", "100", refundedReceipt);
    const refund = await scheme(t, "POST", "/refunds", {
      store_code: "S1",
      receipt_no: refundedReceipt,
      net_amount: "40",
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    await credit(t, number, 300);
    const reward = await addReward(t, { coins: 100 });
    const first = await redeem(t, number, reward, "k1");
    expect((await redeem(t, number, reward, "k2")).status).toBe(200);
    const cancel = await admin(t, "POST", `/vouchers/${first.body.payload.voucher.code}/cancel`, {
      operator: "amy",
      reason: "member asked",
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    // Late on the 15th and early on the 16th, Hong Kong time (16:00 UTC is midnight there).
    setHongKongTime("2025-07-15T23:58:00");
    const late = await buy("F1", "10");
    setHongKongTime("2025-07-16T00:01:00");
    const early = await buy("F1", "20");
    // A month on, the 15th's credits expire.
    setHongKongTime("2025-08-16T12:00:00");
    const expiry = await t.service.runExpiry();
    expect(expiry.coins).toBeGreaterThan(0);

    const all = await figures("2025-07-14", "2025-08-16");
    expect(all.days).toHaveLength(34);
    const day = (date: string) => all.days.find((one: { day: string }) => one.day === date);
    expect(day("2025-07-14")).toEqual({
      day: "2025-07-14",
      earned: 0,
      refunded: 0,
      adjusted: 0,
      redeemed: 0,
      cancelled: 0,
      expired: 0,
      forfeited: 0,
      goodwill_vouchers: 0,
      goodwill_coins: 0,
      outstanding: 0,
    });
    const fifteenth = bought + boughtToRefund + late - 40 + 300 - 200 + 100;
    expect(day("2025-07-15")).toEqual({
      day: "2025-07-15",
      earned: bought + boughtToRefund + late,
      refunded: 40,
      adjusted: 300,
      redeemed: 200,
      cancelled: 100,
      expired: 0,
      forfeited: 0,
      goodwill_vouchers: 0,
      goodwill_coins: 0,
      outstanding: fifteenth,
    });
    expect(day("2025-07-16")).toMatchObject({ earned: early, outstanding: fifteenth + early });
    expect(day("2025-08-16")).toMatchObject({
      expired: expiry.coins,
      outstanding: fifteenth + early - expiry.coins,
    });
    const balance = (await admin(t, "GET", `/accounts/${number}/balance`)).body.payload.balance;
    expect(all).toMatchObject({ from: "2025-07-14", to: "2025-08-16", outstanding: balance, accounts: 2 });

    // A range that ends before today counts back from the balances just the same.
    const past = await figures("2025-07-15", "2025-07-15");
    expect(past.days).toEqual([day("2025-07-15")]);
    expect(past.outstanding).toBe(balance);
  });

  it("answers zeros for days with no entries, and nothing for a ledger that is empty", async () => {
    t = await schemeApp();
    t.clock.advance(DAY);
    const empty = await figures("2025-07-15", "2025-07-16");
    expect(empty.days.map((one: { outstanding: number }) => one.outstanding)).toEqual([0, 0]);
    expect(empty).toMatchObject({ outstanding: 0, accounts: 0 });
  });

  it("refuses a range that is not one, too long, or asked with a till key", async () => {
    t = await schemeApp();
    const rule = async (query: string) => {
      const res = await admin(t, "GET", `/figures?${query}`);
      refused(res, 400, 4000);
      return res.body.payload.errors;
    };
    expect(await rule("from=2025-07-16&to=2025-07-15")).toEqual([{ field: "from", rule: "dateOrder" }]);
    expect(await rule("from=2024-07-14&to=2025-07-15")).toEqual([{ field: "from", rule: "rangeTooLong" }]);
    expect(await rule("from=2025-02-29&to=2025-07-15")).toEqual([{ field: "from", rule: "date" }]);
    expect(await rule("to=2025-07-15")).toEqual([{ field: "from", rule: "required" }]);
    refused(await scheme(t, "GET", "/figures?from=2025-07-15&to=2025-07-15"), 403, 4030);
  });
});
