import { afterEach, describe, expect, it } from "vitest";
import { CoinSchemeRepository } from "./repository.ts";
import { addReward, credit, redeem, refused } from "./testing/reward-calls.ts";
import { admin, linkedMember, nextReceipt, qr, scheme, schemeApp } from "./testing/scheme-calls.ts";
import type { TestScheme } from "./testing/test-scheme.ts";
import { tierAt } from "./tiers.ts";

let t: TestScheme;
afterEach(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;
const hk = (date: string) => new Date(Date.parse(`${date}T00:00:00+08:00`)).toISOString();
const texts = (en: string, tc: string, sc: string) => ({ en, tc, sc });

const LADDER = [
  {
    code: "gold",
    name: texts("Gold", "金卡", "金卡"),
    benefits: texts("Double coins", "雙倍 H Coins", "双倍 H Coins"),
    qualifying_amount: "20000",
    multiplier: "2",
  },
  {
    code: "green",
    name: texts("Green", "綠卡", "绿卡"),
    benefits: texts("", "", ""),
    qualifying_amount: "0",
    multiplier: "1",
  },
  {
    code: "silver",
    name: texts("Silver", "銀卡", "银卡"),
    benefits: texts("Half as many coins again", "額外一半 H Coins", "额外一半 H Coins"),
    qualifying_amount: "5000",
    multiplier: "1.5",
  },
];

const setLadder = (body: Record<string, unknown> = {}) =>
  admin(t, "PUT", "/tiers", {
    window: "rolling_12_months",
    review_rule: "anniversary",
    tiers: LADDER,
    operator: "amy@example.com",
    ...body,
  });

const buy = (memberRef: string, amount: string, receipt = nextReceipt()) =>
  scheme(t, "POST", "/purchases", {
    qr_text: qr(t, memberRef, "00"),
    store_code: "S1",
    receipt_no: receipt,
    net_amount: amount,
  });

const requalify = async () => {
  const res = await admin(t, "POST", "/tiers/requalify");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload;
};

const tierOf = async (number: string) => {
  const res = await admin(t, "GET", `/accounts/${number}/tier`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload;
};

describe("the tier ladder", () => {
  it("is kept lowest threshold first with its window and review rule, and names who set it", async () => {
    t = await schemeApp();
    const empty = await admin(t, "GET", "/tiers");
    expect(empty.body.payload).toMatchObject({
      window: "rolling_12_months",
      review_rule: "anniversary",
      tiers: [],
    });

    const set = await setLadder({ window: "calendar_year", review_rule: "fixed_date", review_date: "01-01" });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const ladder = (await admin(t, "GET", "/tiers")).body.payload;
    expect(ladder).toMatchObject({
      window: "calendar_year",
      review_rule: "fixed_date",
      review_date: "01-01",
      updated_by: "amy@example.com",
    });
    expect(ladder.tiers.map((tier: { code: string }) => tier.code)).toEqual(["green", "silver", "gold"]);
    expect(ladder.tiers[1]).toEqual({
      id: expect.any(Number),
      code: "silver",
      name: LADDER[2]?.name,
      benefits: LADDER[2]?.benefits,
      qualifying_amount: "5000.00",
      multiplier: "1.5",
      reward_id: null,
    });
  });

  it("refuses a repeated threshold, a fixed date without its day, an unknown reward; a reward it has is kept", async () => {
    t = await schemeApp();
    const twin = { ...LADDER[0], code: "platinum" };
    refused(await setLadder({ tiers: [...LADDER, twin] }), 400, 4000);
    refused(await setLadder({ review_rule: "fixed_date" }), 400, 4000);
    refused(await setLadder({ review_rule: "fixed_date", review_date: "02-29" }), 400, 4000);
    const withMissing = LADDER.map((tier) => (tier.code === "gold" ? { ...tier, reward_id: 999 } : tier));
    refused(await setLadder({ tiers: withMissing }), 422, 6050);

    const reward = await addReward(t);
    const withReward = LADDER.map((tier) => (tier.code === "gold" ? { ...tier, reward_id: reward } : tier));
    expect((await setLadder({ tiers: withReward })).body.payload.tiers[2].reward_id).toBe(reward);
  });

  it("will not drop a tier members hold", async () => {
    t = await schemeApp();
    await setLadder();
    await linkedMember(t, "T-1");
    expect((await buy("T-1", "6000")).status).toBe(200);
    await requalify();
    refused(await setLadder({ tiers: LADDER.filter((tier) => tier.code !== "silver") }), 409, 6051);
    // Gold is held by nobody: it may go.
    expect((await setLadder({ tiers: LADDER.filter((tier) => tier.code !== "gold") })).status).toBe(200);
  });
});

describe("requalification", () => {
  it("upgrades as soon as the spend reaches a tier, never downgrades before the review, and at the review goes down to what the spend qualifies for", async () => {
    t = await schemeApp();
    await setLadder();
    const number = await linkedMember(t, "T-1");

    // The purchase requalifies its account at once; the job then finds nothing to change.
    expect((await buy("T-1", "3000")).status).toBe(200);
    expect((await tierOf(number)).tier.code).toBe("green");
    expect(await requalify()).toMatchObject({ accounts: 1, upgrades: 0, downgrades: 0 });

    const second = nextReceipt();
    expect((await buy("T-1", "2500", second)).status).toBe(200);
    const silver = await tierOf(number);
    expect(silver).toMatchObject({
      tier: { code: "silver", multiplier: "1.5" },
      spend_amount: "5500.00",
      next: { tier: { code: "gold" }, spend_needed_amount: "14500.00" },
      review_at: hk("2026-07-15"),
      window_end: null,
    });

    // A refund takes the spend below silver's threshold: no surprise mid-year, silver stays.
    const refund = await scheme(t, "POST", "/refunds", { store_code: "S1", receipt_no: second });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(await requalify()).toMatchObject({ upgrades: 0, downgrades: 0, kept: 0 });
    expect(await tierOf(number)).toMatchObject({ tier: { code: "silver" }, spend_amount: "3000.00" });

    // A rerun the same day changes nothing twice.
    await requalify();
    expect((await tierOf(number)).history).toHaveLength(2);

    // The day after the review the 2025 purchases have left the 12 months: down to green, not below.
    t.clock.advance(366 * DAY);
    expect(await requalify()).toMatchObject({ downgrades: 1 });
    const after = await tierOf(number);
    expect(after).toMatchObject({
      tier: { code: "green" },
      spend_amount: "0.00",
      review_at: hk("2027-07-15"),
    });
    expect(
      after.history.map((row: { reason: string; to_code: string }) => [row.reason, row.to_code]),
    ).toEqual([
      ["downgrade", "green"],
      ["upgrade", "silver"],
      ["upgrade", "green"],
    ]);
    expect(after.history[1]).toMatchObject({
      from_code: "green",
      to_name: LADDER[2]?.name,
      spend_amount: "5500.00",
      actor: "purchase",
    });
  });

  it("keeps the tier at the review when the spend still qualifies", async () => {
    t = await schemeApp();
    await setLadder();
    const number = await linkedMember(t, "T-1");
    expect((await buy("T-1", "6000")).status).toBe(200);
    await requalify();
    t.clock.advance(300 * DAY);
    expect((await buy("T-1", "6000")).status).toBe(200);
    t.clock.advance(66 * DAY);
    expect(await requalify()).toMatchObject({ kept: 1, downgrades: 0 });
    expect(await tierOf(number)).toMatchObject({ tier: { code: "silver" }, review_at: hk("2027-07-15") });
  });

  it("an operator sets a tier (reason set), its review counting from today; an unknown tier is 6052", async () => {
    t = await schemeApp();
    await setLadder();
    const number = await linkedMember(t, "T-1");
    refused(
      await admin(t, "PUT", `/accounts/${number}/tier`, { tier_code: "platinum", operator: "amy" }),
      404,
      6052,
    );
    const set = await admin(t, "PUT", `/accounts/${number}/tier`, { tier_code: "gold", operator: "amy" });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.payload).toMatchObject({
      tier: { code: "gold" },
      next: null,
      review_at: hk("2026-07-15"),
    });
    expect(set.body.payload.history[0]).toMatchObject({
      reason: "set",
      from_code: null,
      to_code: "gold",
      actor: "amy",
    });
  });
});

describe("a tier's reward", () => {
  it("is refused below the tier that offers it (6053), and redeemed at it or above", async () => {
    t = await schemeApp();
    const reward = await addReward(t);
    const withReward = LADDER.map((tier) => (tier.code === "silver" ? { ...tier, reward_id: reward } : tier));
    expect((await setLadder({ tiers: withReward })).status).toBe(200);
    const green = await linkedMember(t, "T-1");
    const gold = await linkedMember(t, "T-2");
    await credit(t, green, 1000);
    await credit(t, gold, 1000);
    expect(
      (await admin(t, "PUT", `/accounts/${gold}/tier`, { tier_code: "gold", operator: "amy" })).status,
    ).toBe(200);

    refused(await redeem(t, green, reward, "k1"), 403, 6053);
    const redeemed = await redeem(t, gold, reward, "k2");
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
  });
});

describe("tierAt, for the purchase's tier earn line", () => {
  it("answers the tier the account was in at the instant, with its multiplier and names", async () => {
    t = await schemeApp();
    const repository = new CoinSchemeRepository(t.db);
    const number = await linkedMember(t, "T-1");
    const account = await repository.accountByMemberNo(number);
    const id = account?.id as number;
    expect(await tierAt(repository, id, t.clock.now())).toBeNull();

    await setLadder();
    const green = await tierAt(repository, id, t.clock.now());
    expect(green).toMatchObject({ code: "green", multiplier: 100, name: LADDER[1]?.name });

    const before = t.clock.now();
    t.clock.advance(1000);
    expect((await buy("T-1", "5000")).status).toBe(200);
    await requalify();
    expect(await tierAt(repository, id, before)).toMatchObject({ code: "green" });
    expect(await tierAt(repository, id, t.clock.now())).toMatchObject({ code: "silver", multiplier: 150 });
  });
});

describe("the holders' export", () => {
  it("carries the account's tier history, oldest first", async () => {
    t = await schemeApp();
    await setLadder();
    await linkedMember(t, "T-1");
    expect((await buy("T-1", "5000")).status).toBe(200);
    await requalify();
    const account = (await admin(t, "GET", "/accounts?member_ref=T-1")).body.payload.account;
    const res = await admin(t, "POST", "/holders/export", {
      member_ref: "T-1",
      mobile_phone_prefix: account.mobile_phone_prefix,
      mobile_phone: account.mobile_phone,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload.accounts[0].tier_history).toMatchObject([
      { reason: "upgrade", from_code: null, to_code: "silver", spend_amount: "5000.00" },
    ]);
  });
});
