import { afterEach, describe, expect, it } from "vitest";
import {
  admin,
  KEYS,
  linkedMember,
  nextReceipt,
  qr,
  type Res,
  scheme,
  schemeApp,
} from "./testing/scheme-calls.ts";
import { createTestScheme, type TestScheme } from "./testing/test-scheme.ts";

/*
 * Campaigns (issue 28): written as drafts, activated by a second operator, earning at the till
 * under the stacking rule within their budget and per-member cap, taken back by refunds, and
 * tried against the ledger by a dry run. The test clock is 2025-07-15 12:00 in Hong Kong (a Tuesday).
 */

let schemes: TestScheme[] = [];
afterEach(async () => {
  // A second instance closes before the first, which drops the shared database.
  for (const t of schemes.reverse()) await t.close();
  schemes = [];
});

async function started() {
  const t = await schemeApp();
  schemes.push(t);
  return t;
}

const okPayload = (res: Res) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload;
};
const refused = (res: Res, status: number, errorCode: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error_code).toBe(errorCode);
};

const definition = (overrides: Record<string, unknown> = {}) => ({
  name: { en: "Double coins", tc: "雙倍H幣", sc: "双倍H币" },
  conditions: [],
  action: { type: "multiplier", multiplier: "2" },
  stacks: true,
  starts_at: "2025-07-01T00:00:00+08:00",
  ends_at: "2025-08-01T00:00:00+08:00",
  budget_coins: null,
  per_member_cap: null,
  ...overrides,
});

/** A campaign written by ann and activated by bob with cat's approval; its id. */
async function live(t: TestScheme, overrides: Record<string, unknown> = {}) {
  const made = okPayload(await admin(t, "POST", "/campaigns", { ...definition(overrides), operator: "ann" }));
  okPayload(
    await admin(t, "POST", `/campaigns/${made.campaign.id}/activate`, { operator: "bob", approver: "cat" }),
  );
  return made.campaign.id as number;
}

const buy = async (t: TestScheme, member: string, net: string, store = "S1") =>
  okPayload(
    await scheme(t, "POST", "/purchases", {
      qr_text: qr(t, member, "07"),
      store_code: store,
      receipt_no: nextReceipt(),
      net_amount: net,
    }),
  ).transaction;

const campaignCoins = (transaction: {
  lines: { kind: string; coins: number; campaign_id: number | null }[];
}) => transaction.lines.filter((line) => line.kind === "campaign");

describe("campaigns through the scheme's API", () => {
  it("is a draft until a second operator activates it; edits only while a draft or paused; ended for ever", async () => {
    const t = await started();
    refused(await admin(t, "GET", "/campaigns/99"), 404, 6040);
    refused(
      await admin(t, "POST", "/campaigns", {
        ...definition({ ends_at: "2025-06-01T00:00:00+08:00" }),
        operator: "ann",
      }),
      400,
      4000,
    );
    const { campaign } = okPayload(
      await admin(t, "POST", "/campaigns", { ...definition(), operator: "ann" }),
    );
    expect(campaign).toMatchObject({
      status: "draft",
      created_by: "ann",
      spent_coins: 0,
      activated_by: null,
    });
    const edited = okPayload(
      await admin(t, "PUT", `/campaigns/${campaign.id}`, {
        ...definition({ stacks: false }),
        operator: "dan",
      }),
    );
    expect(edited.campaign).toMatchObject({ stacks: false, updated_by: "dan" });

    refused(
      await admin(t, "POST", `/campaigns/${campaign.id}/activate`, { operator: "bob", approver: "bob" }),
      403,
      6042,
    );
    refused(
      await admin(t, "POST", `/campaigns/${campaign.id}/activate`, { operator: "bob", approver: "ann" }),
      403,
      6042,
    );
    const active = okPayload(
      await admin(t, "POST", `/campaigns/${campaign.id}/activate`, { operator: "bob", approver: "cat" }),
    );
    expect(active.campaign).toMatchObject({ status: "active", activated_by: "bob", approved_by: "cat" });
    refused(
      await admin(t, "PUT", `/campaigns/${campaign.id}`, { ...definition(), operator: "dan" }),
      409,
      6041,
    );
    expect(
      okPayload(await admin(t, "POST", `/campaigns/${campaign.id}/pause`, { operator: "bob" })).campaign
        .status,
    ).toBe("paused");
    okPayload(await admin(t, "PUT", `/campaigns/${campaign.id}`, { ...definition(), operator: "dan" }));
    expect(
      okPayload(await admin(t, "POST", `/campaigns/${campaign.id}/end`, { operator: "bob" })).campaign.status,
    ).toBe("ended");
    refused(
      await admin(t, "POST", `/campaigns/${campaign.id}/activate`, { operator: "bob", approver: "cat" }),
      409,
      6041,
    );
    const second = okPayload(await admin(t, "POST", "/campaigns", { ...definition(), operator: "ann" }));
    const list = okPayload(await admin(t, "GET", "/campaigns"));
    expect(list.campaigns.map((one: { id: number }) => one.id)).toEqual([second.campaign.id, campaign.id]);
  });
});

describe("campaigns at the till", () => {
  it("adds each matching stacking campaign's line by name; a paused one earns nothing from the next purchase", async () => {
    const t = await started();
    await linkedMember(t, "C1");
    const double = await live(t);
    const bonus = await live(t, {
      name: { en: "Store bonus", tc: "店鋪獎賞", sc: "门店奖赏" },
      action: { type: "bonus", coins: 30 },
      conditions: [
        { fact: "store", in: ["S1"] },
        { fact: "weekday", in: [2] },
      ],
    });
    await live(t, { conditions: [{ fact: "net_amount", at_least: "1000" }] }); // does not match 100
    const earned = await buy(t, "C1", "100.50");
    expect(earned.lines).toEqual([
      { kind: "base", coins: 100, campaign_id: null, name: null },
      {
        kind: "campaign",
        coins: 100,
        campaign_id: double,
        name: { en: "Double coins", tc: "雙倍H幣", sc: "双倍H币" },
      },
      {
        kind: "campaign",
        coins: 30,
        campaign_id: bonus,
        name: { en: "Store bonus", tc: "店鋪獎賞", sc: "门店奖赏" },
      },
    ]);
    expect(earned.coins).toBe(230);
    expect(campaignCoins(await buy(t, "C1", "10", "S2"))).toEqual([expect.objectContaining({ coins: 10 })]);

    okPayload(await admin(t, "POST", `/campaigns/${double}/pause`, { operator: "bob" }));
    expect((await buy(t, "C1", "10", "S2")).lines).toEqual([
      { kind: "base", coins: 10, campaign_id: null, name: null },
    ]);
    const ledger = okPayload(
      await admin(t, "GET", `/accounts/${earned.hcoins_memberno}/ledger?order=oldest`),
    );
    expect(ledger.entries[0].lines).toEqual(earned.lines);
  });

  it("a non-stacking campaign applies alone when it gives more than the stacking ones together", async () => {
    const t = await started();
    await linkedMember(t, "C2");
    await live(t, { action: { type: "bonus", coins: 20 } });
    await live(t, { action: { type: "bonus", coins: 25 } });
    const alone = await live(t, { stacks: false, action: { type: "multiplier", multiplier: "1.5" } });
    // 80 base coins: ×1.5 gives 40, less than the stacking 20 + 25.
    expect(campaignCoins(await buy(t, "C2", "80")).map((line) => line.coins)).toEqual([20, 25]);
    const big = campaignCoins(await buy(t, "C2", "200"));
    expect(big).toEqual([expect.objectContaining({ campaign_id: alone, coins: 100 })]);
  });

  it("cuts a bonus to what remains of the budget and of the member's cap, and a refund gives its share back", async () => {
    const t = await started();
    await linkedMember(t, "C3");
    await linkedMember(t, "C4");
    const id = await live(t, { action: { type: "bonus", coins: 40 }, budget_coins: 100, per_member_cap: 50 });
    expect(campaignCoins(await buy(t, "C3", "10"))[0]?.coins).toBe(40);
    expect(campaignCoins(await buy(t, "C3", "10"))[0]?.coins).toBe(10); // the cap: 50
    expect(campaignCoins(await buy(t, "C3", "10"))).toEqual([]);
    const fourth = await buy(t, "C4", "100");
    expect(campaignCoins(fourth)[0]?.coins).toBe(40);
    const fifth = await buy(t, "C4", "10");
    expect(campaignCoins(fifth)[0]?.coins).toBe(10); // the budget: 100
    expect(okPayload(await admin(t, "GET", `/campaigns/${id}`)).campaign).toMatchObject({
      spent_coins: 100,
      members_earned: 2,
      purchases_earned: 4,
    });

    // Half the net amount back: half the campaign's 40; the rest with the second refund.
    const half = okPayload(
      await scheme(t, "POST", "/refunds", {
        store_code: "S1",
        receipt_no: fourth.receipt_no,
        net_amount: "50",
      }),
    ).transaction;
    expect(half.lines).toEqual([
      { kind: "base", coins: -50, campaign_id: null, name: null },
      { kind: "campaign", coins: -20, campaign_id: id, name: expect.anything() },
    ]);
    expect(half.coins).toBe(-70);
    const rest = okPayload(
      await scheme(t, "POST", "/refunds", { store_code: "S1", receipt_no: fourth.receipt_no }),
    ).transaction;
    expect(campaignCoins(rest)[0]?.coins).toBe(-20);
    expect(okPayload(await admin(t, "GET", `/campaigns/${id}`)).campaign.spent_coins).toBe(60);
    expect(campaignCoins(await buy(t, "C4", "10"))[0]?.coins).toBe(40);
    const check = okPayload(await admin(t, "GET", "/ledger-check"));
    expect(check.disagreements).toEqual([]);
  });

  it("a dry run counts the purchases of the last days it matches, its members and coins, within budget", async () => {
    const t = await started();
    await linkedMember(t, "C5");
    await linkedMember(t, "C6");
    await buy(t, "C5", "100");
    await buy(t, "C5", "50");
    await buy(t, "C6", "300");
    await buy(t, "C6", "5", "S2");
    const res = okPayload(
      await admin(t, "POST", "/campaigns/dry-run", {
        campaign: definition({
          conditions: [
            { fact: "store", in: ["S1"] },
            { fact: "first_purchase", is: true },
          ],
          budget_coins: 250,
        }),
        days: 7,
      }),
    );
    expect(res.dry_run).toMatchObject({
      days: 7,
      purchases_scanned: 4,
      purchases_matched: 2,
      members: 2,
      coins: 400,
      coins_within_budget: 250,
    });
    refused(await admin(t, "POST", "/campaigns/dry-run", { campaign: definition(), days: 91 }), 400, 4000);
  });
});

describe("a budget across instances", () => {
  it.runIf(process.env.DATABASE_URL)(
    "two instances on one PostgreSQL database issue exactly the budget under concurrent purchases, never more",
    async () => {
      const first = await started();
      const second = await createTestScheme({ COIN_SCHEME_API_KEYS: KEYS }, first);
      schemes.push(second);
      const members = Array.from({ length: 20 }, (_, i) => `RUSH${i}`);
      for (const member of members) await linkedMember(first, member);
      const id = await live(first, { action: { type: "bonus", coins: 7 }, budget_coins: 100 });
      const answers = await Promise.all(
        members.flatMap((member) => [buy(first, member, "10"), buy(second, member, "10", "S2")]),
      );
      const issued = answers.flatMap(campaignCoins).reduce((sum, line) => sum + line.coins, 0);
      expect(issued).toBe(100);
      const rows = await first.db
        .selectFrom("hcoin_earn_lines")
        .select((eb) => eb.fn.sum<string>("coins").as("coins"))
        .where("campaign_id", "=", id)
        .executeTakeFirstOrThrow();
      expect(Number(rows.coins)).toBe(100);
      expect(okPayload(await admin(second, "GET", `/campaigns/${id}`)).campaign.spent_coins).toBe(100);
    },
  );
});
