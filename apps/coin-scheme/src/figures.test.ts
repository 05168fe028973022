import { COIN_MOVEMENTS } from "@hcoins/domain/coin-figures";
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

describe("the coin figures by store and by reward", () => {
  const breakdown = async (from: string, to: string) => {
    const res = await admin(t, "GET", `/figures/breakdown?from=${from}&to=${to}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.payload;
  };

  it("groups the range's entries per store and per reward, and the store lines sum to the days' totals", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "B1");
    const atS2 = await scheme(t, "POST", "/purchases", {
      qr_text: qr(t, "B1", "00"),
      store_code: "S2",
      receipt_no: nextReceipt(),
      net_amount: "50",
    });
    expect(atS2.status, JSON.stringify(atS2.body)).toBe(200);
    const s2Coins = atS2.body.payload.transaction.coins as number;
    const refundedReceipt = nextReceipt();
    const s1First = await buy("B1", "100", refundedReceipt);
    const s1Second = await buy("B1", "30");
    const refund = await scheme(t, "POST", "/refunds", {
      store_code: "S1",
      receipt_no: refundedReceipt,
      net_amount: "40",
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    await credit(t, number, 500);
    const cheap = await addReward(t, { coins: 100 });
    const dear = await addReward(t, { coins: 150 });
    const first = await redeem(t, number, cheap, "r1");
    expect((await redeem(t, number, cheap, "r2")).status).toBe(200);
    expect((await redeem(t, number, dear, "r3")).status).toBe(200);
    const cancel = await admin(t, "POST", `/vouchers/${first.body.payload.voucher.code}/cancel`, {
      operator: "amy",
      reason: "member asked",
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const goodwill = await admin(t, "POST", `/accounts/${number}/goodwill-vouchers`, {
      reward_id: dear,
      operator: "amy",
      idempotency_key: "g1",
    });
    expect(goodwill.status, JSON.stringify(goodwill.body)).toBe(200);
    // The next day, outside a one-day range.
    t.clock.advance(DAY);
    await buy("B1", "10");

    const today = (await figures("2025-07-15", "2025-07-15")).days[0];
    const split = await breakdown("2025-07-15", "2025-07-15");
    expect(split.stores.map((line: { store_code: string | null }) => line.store_code)).toEqual([
      "S1",
      "S2",
      null,
    ]);
    const store = (code: string | null) =>
      split.stores.find((line: { store_code: string | null }) => line.store_code === code);
    expect(store("S1")).toMatchObject({
      earned: s1First + s1Second,
      refunded: 40,
      purchases: 2,
      redeemed: 0,
    });
    expect(store("S2")).toMatchObject({ earned: s2Coins, refunded: 0, purchases: 1 });
    expect(store(null)).toMatchObject({
      earned: 0,
      adjusted: 500,
      redeemed: 350,
      cancelled: 100,
      purchases: 0,
    });
    for (const column of COIN_MOVEMENTS) {
      const summed = split.stores.reduce(
        (sum: number, line: Record<string, number>) => sum + (line[column] ?? 0),
        0,
      );
      expect(summed, column).toBe(today[column]);
    }
    expect(split.rewards).toEqual([
      {
        reward_id: cheap,
        redemptions: 2,
        redeemed: 200,
        cancellations: 1,
        cancelled: 100,
        goodwill_vouchers: 0,
        goodwill_coins: 0,
      },
      {
        reward_id: dear,
        redemptions: 1,
        redeemed: 150,
        cancellations: 0,
        cancelled: 0,
        goodwill_vouchers: 1,
        goodwill_coins: 150,
      },
    ]);
    expect(
      split.rewards.reduce((sum: number, one: { goodwill_coins: number }) => sum + one.goodwill_coins, 0),
    ).toBe(today.goodwill_coins);

    const both = await breakdown("2025-07-15", "2025-07-16");
    expect(
      both.stores.find((line: { store_code: string | null }) => line.store_code === "S1").purchases,
    ).toBe(3);
    const empty = await breakdown("2025-07-10", "2025-07-11");
    expect(empty).toEqual({
      from: "2025-07-10",
      to: "2025-07-11",
      stores: [],
      rewards: [],
      campaigns: [],
      tier_multiplier: { coins: 0, members: 0, purchases: 0 },
    });
  });

  it("refuses a range as /figures does, and a till key", async () => {
    t = await schemeApp();
    const res = await admin(t, "GET", "/figures/breakdown?from=2025-07-16&to=2025-07-15");
    refused(res, 400, 4000);
    expect(res.body.payload.errors).toEqual([{ field: "from", rule: "dateOrder" }]);
    refused(await scheme(t, "GET", "/figures/breakdown?from=2025-07-15&to=2025-07-15"), 403, 4030);
  });
});

describe("the coin figures by campaign", () => {
  type Line = { kind: string; coins: number; campaign_id: number | null };
  const ok = (res: { status: number; body: { payload: Record<string, unknown> } }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.payload as { transaction: { lines: Line[] }; campaign: { id: number } };
  };
  const schedule = {
    conditions: [],
    stacks: true,
    starts_at: "2025-07-01T00:00:00+08:00",
    ends_at: "2025-08-01T00:00:00+08:00",
    budget_coins: null,
    per_member_cap: null,
  };
  const activeCampaign = async (en: string, action: Record<string, unknown>) => {
    const { campaign } = ok(
      await admin(t, "POST", "/campaigns", {
        ...schedule,
        name: { en, tc: en, sc: en },
        action,
        operator: "writer",
      }),
    );
    ok(
      await admin(t, "POST", `/campaigns/${campaign.id}/activate`, {
        operator: "writer",
        approver: "checker",
      }),
    );
    return campaign.id;
  };
  const purchase = async (member: string, net: string, receipt = nextReceipt()) =>
    ok(
      await scheme(t, "POST", "/purchases", {
        qr_text: qr(t, member, "00"),
        store_code: "S1",
        receipt_no: receipt,
        net_amount: net,
      }),
    ).transaction.lines;
  const coinsOf = (lines: Line[], kind: string, campaignId: number | null = null) =>
    lines
      .filter((line) => line.kind === kind && line.campaign_id === campaignId)
      .reduce((sum, line) => sum + line.coins, 0);

  it("sums each campaign's lines of the range net of its refunds, with the members and purchases it reached, and the tier lines as one line", async () => {
    t = await schemeApp();
    await linkedMember(t, "C1");
    const c2 = await linkedMember(t, "C2");
    await linkedMember(t, "C3");
    const ladder = await admin(t, "PUT", "/tiers", {
      window: "rolling_12_months",
      review_rule: "anniversary",
      tiers: [
        {
          code: "green",
          name: { en: "Green", tc: "綠卡", sc: "绿卡" },
          qualifying_amount: "0",
          multiplier: "1",
        },
        {
          code: "gold",
          name: { en: "Gold", tc: "金卡", sc: "金卡" },
          qualifying_amount: "20000",
          multiplier: "2",
        },
      ].map((tier) => ({ ...tier, benefits: { en: "", tc: "", sc: "" } })),
      operator: "amy",
    });
    expect(ladder.status, JSON.stringify(ladder.body)).toBe(200);
    const gold = await admin(t, "PUT", `/accounts/${c2}/tier`, { tier_code: "gold", operator: "amy" });
    expect(gold.status, JSON.stringify(gold.body)).toBe(200);
    const doubled = await activeCampaign("Double", { type: "multiplier", multiplier: "2" });
    const bonus = await activeCampaign("Bonus", { type: "bonus", coins: 30 });

    // The 15th, before the range: a purchase whose half comes back on the 16th.
    const refundedReceipt = nextReceipt();
    await purchase("C1", "100", refundedReceipt);
    // The 16th, the range: C1 twice, C2 (gold) once, and the refund of half the 15th's receipt.
    t.clock.advance(DAY);
    const inRange = [
      ...(await purchase("C1", "100")),
      ...(await purchase("C1", "40")),
      ...(await purchase("C2", "80")),
    ];
    const refund = await scheme(t, "POST", "/refunds", {
      store_code: "S1",
      receipt_no: refundedReceipt,
      net_amount: "50",
    });
    const refundLines = ok(refund).transaction.lines;
    expect(coinsOf(refundLines, "campaign", doubled)).toBeLessThan(0);
    // The 17th, after the range: C3's purchase counts nowhere in it.
    t.clock.advance(DAY);
    await purchase("C3", "100");

    const split = (await admin(t, "GET", "/figures/breakdown?from=2025-07-16&to=2025-07-16")).body.payload;
    expect(split.campaigns).toEqual([
      {
        campaign_id: doubled,
        coins: coinsOf(inRange, "campaign", doubled) + coinsOf(refundLines, "campaign", doubled),
        members: 2,
        purchases: 3,
      },
      {
        campaign_id: bonus,
        coins: 3 * 30 + coinsOf(refundLines, "campaign", bonus),
        members: 2,
        purchases: 3,
      },
    ]);
    const tierCoins = coinsOf(inRange, "tier");
    expect(tierCoins).toBeGreaterThan(0);
    expect(split.tier_multiplier).toEqual({ coins: tierCoins, members: 1, purchases: 1 });

    // The 15th alone: the refunded purchase whole; all three days: each purchase once, the refund netted.
    const fifteenth = (await admin(t, "GET", "/figures/breakdown?from=2025-07-15&to=2025-07-15")).body
      .payload;
    expect(fifteenth.campaigns).toMatchObject([
      { campaign_id: doubled, members: 1, purchases: 1 },
      { campaign_id: bonus, coins: 30, members: 1, purchases: 1 },
    ]);
    expect(fifteenth.tier_multiplier).toEqual({ coins: 0, members: 0, purchases: 0 });
    const all = (await admin(t, "GET", "/figures/breakdown?from=2025-07-15&to=2025-07-17")).body.payload;
    expect(all.campaigns).toMatchObject([
      { campaign_id: doubled, members: 3, purchases: 5 },
      {
        campaign_id: bonus,
        coins: 5 * 30 + coinsOf(refundLines, "campaign", bonus),
        members: 3,
        purchases: 5,
      },
    ]);
    // What each campaign's list line says it issued in all, the whole range's line says too.
    for (const line of all.campaigns) {
      const listed = (await admin(t, "GET", `/campaigns/${line.campaign_id}`)).body.payload.campaign;
      expect(line.coins).toBe(listed.spent_coins);
    }
  });
});
