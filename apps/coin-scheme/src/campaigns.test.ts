import { afterEach, describe, expect, it } from "vitest";
import { chooseBonuses, compileCampaign, hongKongMinute, hongKongWeekday } from "./campaign-engine.ts";
import { addReward } from "./testing/reward-calls.ts";
import {
  activeCampaign as activated,
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
 * Issue 28, campaigns as data: the rules over a purchase's facts, stacking, budgets and per-member
 * caps at the till (also across two instances on PostgreSQL), what a refund takes back, the
 * second operator's activation, and the dry run.
 */

const schemes: TestScheme[] = [];
afterEach(async () => {
  for (const t of schemes.reverse()) await t.close();
  schemes.length = 0;
});

const NAME = { en: "Weekend double", tc: "週末雙倍", sc: "周末双倍" };
const definition = (fields: Record<string, unknown> = {}) => ({
  name: NAME,
  conditions: [],
  action: { type: "multiplier", multiplier: "2" },
  stacks: true,
  starts_at: new Date(NOON_HK - 86_400_000).toISOString(),
  ends_at: new Date(NOON_HK + 30 * 86_400_000).toISOString(),
  budget_coins: null,
  per_member_cap: null,
  programme_rule: null,
  ...fields,
});
const ok = (res: Res) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload;
};

const activeCampaign = (t: TestScheme, fields: Record<string, unknown> = {}) =>
  activated(t, definition(fields));

const buy = (t: TestScheme, member: string, fields: Record<string, unknown> = {}) =>
  scheme(t, "POST", "/purchases", {
    qr_text: qr(t, member, "00"),
    store_code: "S1",
    receipt_no: nextReceipt(),
    net_amount: "100",
    ...fields,
  });

describe("the rules over a purchase's facts", () => {
  // 2025-07-15 12:00 in Hong Kong was a Tuesday.
  it("reads Hong Kong's weekday and time of day", () => {
    expect(hongKongWeekday(NOON_HK)).toBe(2);
    expect(hongKongMinute(NOON_HK)).toBe(12 * 60);
    expect(hongKongWeekday(NOON_HK + 5 * 86_400_000)).toBe(7);
    expect(hongKongMinute(NOON_HK + 12 * 3_600_000)).toBe(0);
  });

  it("holds every condition, a time window across midnight included", () => {
    const facts = {
      storeCode: "S1",
      brandCode: "harbour-fresh",
      partnerStore: false,
      at: NOON_HK + 11 * 3_600_000, // 23:00
      netCents: 50_000,
      electronicCents: 0,
      firstPurchase: true,
      birthdayMonth: false,
      tierId: 2,
      segmentIds: new Set([5, 7]),
    };
    const matches = (conditions: unknown[]) =>
      compileCampaign(1, definition({ conditions }) as never).matches(facts);
    expect(matches([{ fact: "store", in: ["S1", "S2"] }])).toBe(true);
    expect(matches([{ fact: "store", in: ["S2"] }])).toBe(false);
    expect(matches([{ fact: "segment", in: [3, 7] }])).toBe(true);
    expect(matches([{ fact: "segment", in: [3] }])).toBe(false);
    expect(matches([{ fact: "weekday", in: [2] }])).toBe(true);
    expect(matches([{ fact: "time_of_day", from: "22:00", to: "02:00" }])).toBe(true);
    expect(matches([{ fact: "time_of_day", from: "09:00", to: "22:00" }])).toBe(false);
    expect(matches([{ fact: "net_amount", at_least: "500" }])).toBe(true);
    expect(matches([{ fact: "net_amount", below: "500" }])).toBe(false);
    expect(matches([{ fact: "electronic_payment", is: true }])).toBe(false);
    expect(matches([{ fact: "first_purchase", is: true }])).toBe(true);
    expect(matches([{ fact: "birthday_month", is: true }])).toBe(false);
    expect(matches([{ fact: "tier", in: [2, 3] }])).toBe(true);
    expect(matches([{ fact: "brand", in: ["harbour-fresh", "moon-mart"] }])).toBe(true);
    expect(matches([{ fact: "brand", in: ["moon-mart"] }])).toBe(false);
    expect(
      matches([
        { fact: "partner_store", is: false },
        { fact: "tier", in: [3] },
      ]),
    ).toBe(false);
  });

  it("stacks the stacking ones, or applies the best non-stacking one alone when it gives more", () => {
    const campaign = (id: number, stacks: boolean) => compileCampaign(id, definition({ stacks }) as never);
    const [a, b, c] = [campaign(1, true), campaign(2, true), campaign(3, false)];
    const chosen = (coins: number[]) =>
      chooseBonuses([
        { campaign: a, coins: coins[0] as number },
        { campaign: b, coins: coins[1] as number },
        { campaign: c, coins: coins[2] as number },
      ]).map((bonus) => bonus.campaign.id);
    expect(chosen([50, 50, 80])).toEqual([1, 2]);
    expect(chosen([50, 50, 120])).toEqual([3]);
    expect(chosen([50, 50, 100])).toEqual([1, 2]);
    expect(chosen([0, 0, 0])).toEqual([]);
  });
});

describe("campaigns at the till", () => {
  it("adds a named line per campaign, cut to the member's cap, and a refund takes back its share", async () => {
    const t = await schemeApp();
    schemes.push(t);
    await linkedMember(t, "M1");
    const doubled = await activeCampaign(t, { per_member_cap: 150 });
    const fixed = await activeCampaign(t, {
      name: { en: "Big basket", tc: "大額購物", sc: "大额购物" },
      action: { type: "bonus", coins: 30 },
      conditions: [{ fact: "net_amount", at_least: "100" }],
    });

    const first = ok(await buy(t, "M1")).transaction;
    expect(first.coins).toBe(230);
    expect(first.lines).toEqual([
      { kind: "base", coins: 100, campaign_id: null, name: null },
      { kind: "campaign", coins: 100, campaign_id: doubled, name: NAME },
      {
        kind: "campaign",
        coins: 30,
        campaign_id: fixed,
        name: { en: "Big basket", tc: "大額購物", sc: "大额购物" },
      },
    ]);
    // The cap of 150 leaves 50 of the next ×2.
    const second = ok(await buy(t, "M1", { receipt_no: "R-CAP" })).transaction;
    expect(second.lines.map((line: { coins: number }) => line.coins)).toEqual([100, 50, 30]);

    // Half the receipt back: half of each campaign's line, then the rest with the remainder.
    const half = ok(
      await scheme(t, "POST", "/refunds", { store_code: "S1", receipt_no: "R-CAP", net_amount: "50" }),
    );
    expect(half.transaction.lines.map((line: { coins: number }) => line.coins)).toEqual([-50, -25, -15]);
    const rest = ok(await scheme(t, "POST", "/refunds", { store_code: "S1", receipt_no: "R-CAP" }));
    expect(rest.transaction.lines.map((line: { coins: number }) => line.coins)).toEqual([-50, -25, -15]);

    const check = ok(await admin(t, "GET", "/ledger-check"));
    expect(check).toMatchObject({ disagreements: [], unbalanced_entries: [] });
    const listed = ok(await admin(t, "GET", `/campaigns/${doubled}`)).campaign;
    expect(listed).toMatchObject({
      status: "active",
      spent_coins: 100,
      members_earned: 1,
      purchases_earned: 2,
    });
  });

  it("keeps in the budget what the member's cap did not let a purchase pay", async () => {
    const t = await schemeApp();
    schemes.push(t);
    await linkedMember(t, "M1");
    const id = await activeCampaign(t, { per_member_cap: 150, budget_coins: 1_000 });
    // Each purchase reserves its 100 before the account's lock; the second pays 50 and gives 50 back.
    const paid = [];
    for (const receipt of ["C1", "C2", "C3"])
      paid.push(ok(await buy(t, "M1", { receipt_no: receipt })).transaction.coins - 100);
    expect(paid).toEqual([100, 50, 0]);
    expect(ok(await admin(t, "GET", `/campaigns/${id}`)).campaign.spent_coins).toBe(150);
  });

  it("pauses at once, and gives nothing outside its schedule", async () => {
    const t = await schemeApp();
    schemes.push(t);
    await linkedMember(t, "M2");
    const id = await activeCampaign(t);
    ok(await admin(t, "POST", `/campaigns/${id}/pause`, { operator: "writer" }));
    expect(ok(await buy(t, "M2")).transaction.coins).toBe(100);
    ok(await admin(t, "POST", `/campaigns/${id}/activate`, { operator: "writer", approver: "checker" }));
    t.clock.advance(31 * 86_400_000);
    expect(ok(await buy(t, "M2")).transaction.coins).toBe(100);
  });

  it("is activated by a second operator only, never again once ended, and edited only while not live", async () => {
    const t = await schemeApp();
    schemes.push(t);
    const { campaign } = ok(await admin(t, "POST", "/campaigns", { ...definition(), operator: "writer" }));
    const activate = (operator: string, approver: string) =>
      admin(t, "POST", `/campaigns/${campaign.id}/activate`, { operator, approver });
    expect((await activate("asker", "asker")).body.error_code).toBe(6042);
    expect((await activate("asker", "writer")).body.error_code).toBe(6042);
    ok(await activate("asker", "checker"));
    const edit = await admin(t, "PUT", `/campaigns/${campaign.id}`, { ...definition(), operator: "writer" });
    expect(edit.body.error_code).toBe(6041);
    ok(await admin(t, "POST", `/campaigns/${campaign.id}/end`, { operator: "writer" }));
    expect((await activate("asker", "checker")).body.error_code).toBe(6041);
    expect((await admin(t, "GET", "/campaigns/999")).body.error_code).toBe(6040);
    const backwards = await admin(t, "POST", "/campaigns", {
      ...definition({ ends_at: new Date(NOON_HK - 2 * 86_400_000).toISOString() }),
      operator: "writer",
    });
    expect(backwards.status).toBe(400);
  });

  it("dry-runs a definition over the last days of purchases, with its budget", async () => {
    const t = await schemeApp();
    schemes.push(t);
    await linkedMember(t, "M3");
    await linkedMember(t, "M4");
    ok(await buy(t, "M3"));
    ok(await buy(t, "M3", { net_amount: "40" }));
    ok(await buy(t, "M4", { net_amount: "300" }));
    const run = ok(
      await admin(t, "POST", "/campaigns/dry-run", {
        campaign: definition({ conditions: [{ fact: "net_amount", at_least: "50" }], budget_coins: 250 }),
        days: 7,
      }),
    ).dry_run;
    expect(run).toMatchObject({
      purchases_scanned: 3,
      purchases_matched: 2,
      members: 2,
      coins: 400,
      coins_within_budget: 250,
    });
  });

  it("earns by the store's brand at the till, and dry-runs brands and tiers as they were", async () => {
    const t = await schemeApp();
    schemes.push(t);
    await linkedMember(t, "M5");
    await linkedMember(t, "M6");
    ok(await admin(t, "PUT", "/stores/S1", { partner_property: false, brand_code: "harbour-fresh" }));
    ok(await admin(t, "PUT", "/stores/S2", { partner_property: false, brand_code: "moon-mart" }));
    const silver = {
      code: "silver",
      name: { en: "Silver", tc: "銀卡", sc: "银卡" },
      benefits: { en: "", tc: "", sc: "" },
      qualifying_amount: "150",
      multiplier: "1",
    };
    ok(
      await admin(t, "PUT", "/tiers", {
        window: "rolling_12_months",
        review_rule: "anniversary",
        tiers: [silver],
        operator: "writer",
      }),
    );
    const silverId = ok(await admin(t, "GET", "/tiers")).tiers[0].id;
    const later = (member: string, fields: Record<string, unknown>) => {
      t.clock.advance(60_000);
      return buy(t, member, fields);
    };
    // M5 reaches silver with its first purchase and earns at it from its second; M6 with its third.
    ok(await later("M5", { net_amount: "200" }));
    ok(await later("M5", { net_amount: "100" }));
    ok(await later("M6", { net_amount: "100", store_code: "S2" }));
    const id = await activeCampaign(t, { conditions: [{ fact: "brand", in: ["harbour-fresh"] }] });
    const atBrand = ok(await later("M6", { net_amount: "100" })).transaction;
    expect(atBrand.lines).toContainEqual({ kind: "campaign", coins: 100, campaign_id: id, name: NAME });
    const elsewhere = ok(await later("M6", { net_amount: "100", store_code: "S2" })).transaction;
    expect(elsewhere.coins).toBe(100);

    const dryRun = async (conditions: unknown[]) =>
      ok(await admin(t, "POST", "/campaigns/dry-run", { campaign: definition({ conditions }), days: 7 }))
        .dry_run;
    expect(await dryRun([{ fact: "brand", in: ["moon-mart"] }])).toMatchObject({
      purchases_scanned: 5,
      purchases_matched: 2,
      members: 1,
    });
    expect(await dryRun([{ fact: "tier", in: [silverId] }])).toMatchObject({
      purchases_matched: 2,
      members: 2,
      coins: 200,
    });
  });
});

describe("a campaign that gives a reward", () => {
  it("issues a voucher per qualifying purchase within the reward's stock, the coins unchanged, its cost in its spend", async () => {
    const t = await schemeApp();
    schemes.push(t);
    await linkedMember(t, "M1");
    await linkedMember(t, "M2");
    const rewardId = await addReward(t, { stock: 2 });
    const refused = await admin(t, "POST", "/campaigns", {
      ...definition({ action: { type: "reward", reward_id: rewardId + 1 }, budget_coins: 500 }),
      operator: "writer",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.payload.errors).toEqual([{ field: "budget_coins", rule: "rewardCampaignUnlimited" }]);
    const unknown = await admin(t, "POST", "/campaigns", {
      ...definition({ action: { type: "reward", reward_id: rewardId + 1 } }),
      operator: "writer",
    });
    expect(unknown.body.payload.errors).toEqual([{ field: "action.reward_id", rule: "rewardUnknown" }]);

    const id = await activeCampaign(t, {
      action: { type: "reward", reward_id: rewardId },
      conditions: [{ fact: "net_amount", at_least: "100" }],
    });
    const vouchers = async () =>
      (
        await t.db
          .selectFrom("hcoin_vouchers")
          .select(({ fn }) => fn.countAll<number>().as("n"))
          .where("reward_id", "=", rewardId)
          .executeTakeFirstOrThrow()
      ).n;
    for (const [member, amount, held] of [
      ["M1", "100", 1],
      ["M1", "50", 1],
      ["M2", "120", 2],
      // The reward's stock of 2 is gone: the purchase earns its coins and no voucher.
      ["M1", "100", 2],
    ] as const) {
      const before = Number(await vouchers());
      const { transaction } = ok(await buy(t, member, { net_amount: amount }));
      expect(transaction.coins, `${member} ${amount}`).toBe(Math.floor(Number(amount)));
      expect(Number(await vouchers()), `${member} ${amount}`).toBe(held);
      // The statement names the campaign whose voucher the purchase earned, with no coins.
      const named = transaction.lines.filter(
        (line: { campaign_id: number | null }) => line.campaign_id === id,
      );
      expect(named).toEqual(
        held > before ? [{ kind: "campaign", coins: 0, campaign_id: id, name: NAME }] : [],
      );
    }
    const listed = ok(await admin(t, "GET", `/campaigns/${id}`)).campaign;
    expect(listed).toMatchObject({ spent_coins: 200, members_earned: 2, purchases_earned: 2 });
    expect(ok(await admin(t, "GET", "/ledger-check"))).toMatchObject({ disagreements: [] });
  });
});

describe("a budget under concurrent purchases", () => {
  const rush = async (instances: TestScheme[]) => {
    const [first] = instances as [TestScheme];
    const id = await activeCampaign(first, { budget_coins: 1_000 });
    const members = Array.from({ length: 30 }, (_, i) => `B${i}`);
    for (const member of members) await linkedMember(first, member);
    const answers = await Promise.all(
      members.map((member, i) =>
        buy(instances[i % instances.length] as TestScheme, member, { net_amount: "77" }),
      ),
    );
    for (const res of answers) ok(res);
    const issued = answers.reduce(
      (sum, res) =>
        sum +
        res.body.payload.transaction.lines
          .filter((line: { kind: string }) => line.kind === "campaign")
          .reduce((s: number, line: { coins: number }) => s + line.coins, 0),
      0,
    );
    // 30 × 77 = 2,310 wanted; exactly the budget given, never more.
    expect(issued).toBe(1_000);
    const campaign = ok(await admin(first, "GET", `/campaigns/${id}`)).campaign;
    expect(campaign.spent_coins).toBe(1_000);
    const stored = await first.db
      .selectFrom("hcoin_campaigns")
      .select("spent_coins")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored.spent_coins).toBe(1_000);
  };

  it.skipIf(process.env.DATABASE_URL)(
    "on SQLite: 30 purchases of 77 extra coins share a budget of 1,000 exactly",
    async () => {
      const t = await schemeApp();
      schemes.push(t);
      await rush([t]);
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    "on PostgreSQL with two scheme instances: 30 purchases of 77 extra coins share a budget of 1,000 exactly",
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
