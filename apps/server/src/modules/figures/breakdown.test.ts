import { COIN_MOVEMENTS } from "@hcoins/domain/coin-figures";
import { programmeDate } from "@hcoins/domain/earn-rules";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { CoinSchemeUnavailableError } from "../coins/coin-scheme-client.ts";
import { consoleCall, signedInOperator } from "../console-api/console-test-support.ts";
import { linkedMember, newReward, redeem } from "../member-coins/coins-test-support.ts";

/*
 * The figures page's breakdown: the scheme's lines per store code and per reward, named from the
 * member server's stores and brands (seeded: HF-CW01 and HF-S01 are Harbour Fresh) and the
 * scheme's catalogue, and the same as CSV files.
 */

let t: TestApp;
afterEach(() => {
  vi.restoreAllMocks();
  return t?.close();
});

let receipt = 0;
/** A till's purchase at that store, now. */
async function buy(memberNo: string, storeCode: string, netCents: number) {
  const scheme = t.app.services.coinScheme;
  await scheme?.setStore(storeCode, false);
  receipt += 1;
  await scheme?.purchase({
    qrText: `${memberNo},0,07,${Math.floor(t.clock.now() / 1000)}`,
    storeCode,
    receiptNo: `R-${receipt}`,
    netCents,
    electronicCents: 0,
    client: "pos-test",
    actorType: "till",
  });
}

async function prepare() {
  t = await createTestApp();
  const member = await linkedMember(t, 500);
  const memberNo = (await t.app.services.members.findById(member.user.id as number))?.member_no as string;
  await buy(memberNo, "HF-CW01", 10_000);
  await buy(memberNo, "HF-S01", 5_000);
  await buy(memberNo, "HF-S01", 2_000);
  await buy(memberNo, "XX-01", 3_000);
  const reward = await newReward(t, { coins: 120 });
  const redeemed = await redeem(t, member, reward.id);
  expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
  const today = programmeDate(t.clock.now());
  const auditor = await signedInOperator(t, "auditor");
  return { today, reward, auditor };
}

describe("the figures by store, brand and reward", () => {
  it("name the stores, sum them per brand, keep the entries without a store apart, and add up to the days", async () => {
    const { today, reward, auditor } = await prepare();
    const answer = await consoleCall(t, "GET", `/figures/breakdown?from=${today}&to=${today}&lang=en`, {
      cookie: auditor.cookie,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const split = answer.body.payload;
    expect(split.stores.map((line: { store_code: string }) => line.store_code)).toEqual([
      "HF-CW01",
      "HF-S01",
      "XX-01",
    ]);
    expect(split.stores[0]).toMatchObject({
      name: "Harbour Fresh Sheung Wan",
      brand_code: "harbour-fresh",
      brand_name: "Harbour Fresh",
      purchases: 1,
    });
    expect(split.stores[2]).toMatchObject({ name: null, brand_code: null, purchases: 1 });
    const earnedAt = (code: string) =>
      split.stores.find((line: { store_code: string }) => line.store_code === code).earned as number;
    expect(split.brands).toEqual([
      expect.objectContaining({
        brand_code: "harbour-fresh",
        name: "Harbour Fresh",
        stores: 2,
        purchases: 3,
        earned: earnedAt("HF-CW01") + earnedAt("HF-S01"),
      }),
      expect.objectContaining({ brand_code: null, name: null, stores: 1, earned: earnedAt("XX-01") }),
    ]);
    expect(split.no_store).toMatchObject({ adjusted: 500, redeemed: 120, purchases: 0 });
    expect(split.rewards).toEqual([
      {
        reward_id: reward.id,
        name: "HKD 50 voucher",
        redemptions: 1,
        redeemed: 120,
        cancellations: 0,
        cancelled: 0,
        goodwill_vouchers: 0,
        goodwill_coins: 0,
      },
    ]);
    // Every coin column over the stores and the no-store line is the days' total.
    const days = await consoleCall(t, "GET", `/figures?from=${today}&to=${today}`, {
      cookie: auditor.cookie,
    });
    const totals = days.body.payload.coins.totals;
    for (const column of COIN_MOVEMENTS) {
      const summed =
        split.stores.reduce((sum: number, line: Record<string, number>) => sum + (line[column] ?? 0), 0) +
        split.no_store[column];
      expect(summed, column).toBe(totals[column]);
    }

    // The names follow the operator's language.
    const tc = await consoleCall(t, "GET", `/figures/breakdown?from=${today}&to=${today}&lang=tc`, {
      cookie: auditor.cookie,
    });
    expect(tc.body.payload.stores[0]).toMatchObject({ name: "港灣鮮生 上環店", brand_name: "港灣鮮生" });
    expect(tc.body.payload.rewards[0].name).toBe("HKD 50 voucher（繁）");
  });

  it("download each breakdown as CSV with a byte-order mark, headers in the operator's language and a total", async () => {
    const { today, auditor } = await prepare();
    const csv = async (by: string, lang: string) => {
      const answer = await t.app.inject({
        method: "GET",
        url: `/console/api/figures/breakdown.csv?from=${today}&to=${today}&by=${by}&lang=${lang}`,
        headers: { cookie: auditor.cookie },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(answer.headers["content-disposition"]).toBe(
        `attachment; filename="figures-by-${by}-${today}-${today}.csv"`,
      );
      expect(answer.body.startsWith("\uFEFF")).toBe(true);
      return answer.body.slice(1).trimEnd().split("\r\n");
    };
    const stores = await csv("store", "en");
    expect(stores[0]).toBe(
      "Store code,Store,Brand,Purchases,Coins earned,Coins refunded,Coins adjusted,Coins redeemed,Coins returned (voucher cancelled),Coins expired,Coins forfeited (erasure)",
    );
    expect(stores[1]).toMatch(/^HF-CW01,Harbour Fresh Sheung Wan,Harbour Fresh,1,\d+,0,0,0,0,0,0$/);
    expect(stores[4]).toBe(",No store,,0,0,0,500,120,0,0,0");
    expect(stores[5]).toMatch(/^Total,,,4,/);
    const brands = await csv("brand", "tc");
    expect(brands[0]?.startsWith("品牌編號,品牌,分店數目,消費次數,賺取的 H Coins")).toBe(true);
    expect(brands[1]?.startsWith("harbour-fresh,港灣鮮生,2,3,")).toBe(true);
    expect(brands[2]?.startsWith(",未列出的分店,1,1,")).toBe(true);
    expect(brands.at(-1)?.startsWith("總計,,,4,")).toBe(true);
    const rewards = await csv("reward", "sc");
    expect(rewards[0]).toBe(
      "奖赏编号,奖赏,兑换次数,兑换的 H Coins,取消次数,退回的 H Coins（礼券已取消）,优待礼券,优待（H Coins）",
    );
    expect(rewards[1]).toMatch(/,HKD 50 voucher（简）,1,120,0,0,0,0$/);
    expect(rewards[2]).toBe("总计,,1,120,0,0,0,0");

    const wrong = await consoleCall(t, "GET", `/figures/breakdown.csv?from=${today}&to=${today}&by=day`, {
      cookie: auditor.cookie,
    });
    expect(wrong.body.error_code).toBe(4000);
  });

  it("name each campaign in the operator's language with its budget and what is left, and download them as CSV", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 0);
    const memberNo = (await t.app.services.members.findById(member.user.id as number))?.member_no as string;
    const client = t.app.services.coinSchemeClient;
    const campaign = async (en: string, tc: string, sc: string, coins: number, budget: number | null) => {
      const { campaign } = await client.createCampaign(
        {
          name: { en, tc, sc },
          conditions: [],
          action: { type: "bonus", coins },
          stacks: true,
          starts_at: new Date(t.clock.now() - 60_000).toISOString(),
          ends_at: new Date(t.clock.now() + 86_400_000).toISOString(),
          budget_coins: budget,
          per_member_cap: null,
          programme_rule: null,
        },
        "cli:maker",
      );
      await client.activateCampaign(campaign.id, "cli:maker", "cli:checker");
      return campaign.id;
    };
    const budgeted = await campaign("Lunch bonus", "午餐獎賞", "午餐奖赏", 20, 1000);
    const open = await campaign("Weekend extra", "週末額外", "周末额外", 5, null);
    await buy(memberNo, "HF-S01", 5_000);
    await buy(memberNo, "HF-CW01", 2_000);
    const today = programmeDate(t.clock.now());
    const auditor = await signedInOperator(t, "auditor");

    const answer = await consoleCall(t, "GET", `/figures/breakdown?from=${today}&to=${today}&lang=tc`, {
      cookie: auditor.cookie,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.payload.campaigns).toEqual([
      {
        campaign_id: budgeted,
        name: "午餐獎賞",
        coins: 40,
        members: 1,
        purchases: 2,
        budget_coins: 1000,
        budget_left: 960,
      },
      {
        campaign_id: open,
        name: "週末額外",
        coins: 10,
        members: 1,
        purchases: 2,
        budget_coins: null,
        budget_left: null,
      },
    ]);
    expect(answer.body.payload.tier_multiplier).toEqual({ coins: 0, members: 0, purchases: 0 });

    const csv = await t.app.inject({
      method: "GET",
      url: `/console/api/figures/breakdown.csv?from=${today}&to=${today}&by=campaign&lang=sc`,
      headers: { cookie: auditor.cookie },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-disposition"]).toBe(
      `attachment; filename="figures-by-campaign-${today}-${today}.csv"`,
    );
    expect(csv.body.slice(1).trimEnd().split("\r\n")).toEqual([
      "推广活动编号,推广活动,已发放 H Coins,获发会员人数,消费次数,预算（H Coins）,预算余额（H Coins）",
      `${budgeted},午餐奖赏,40,1,2,1000,960`,
      `${open},周末额外,10,1,2,,`,
      ",会员等级倍数,0,0,0",
      "总计,,50",
    ]);
  });

  it("refuse a range as /figures does, and answer the scheme's absence as the coin calls do", async () => {
    t = await createTestApp();
    const auditor = await signedInOperator(t, "auditor");
    const refused = await consoleCall(t, "GET", "/figures/breakdown?from=2026-11-27&to=2026-11-26", {
      cookie: auditor.cookie,
    });
    expect(refused.body.error_code).toBe(4000);
    expect(refused.body.payload.errors).toEqual([{ field: "from", rule: "dateOrder" }]);
    vi.spyOn(t.app.services.coinSchemeClient, "figuresBreakdown").mockRejectedValue(
      new CoinSchemeUnavailableError("timeout", "test"),
    );
    const down = await consoleCall(t, "GET", "/figures/breakdown?from=2026-11-26&to=2026-11-27", {
      cookie: auditor.cookie,
    });
    expect(down.status).toBeGreaterThanOrEqual(500);
  });
});
