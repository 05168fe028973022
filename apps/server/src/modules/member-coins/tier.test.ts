import { memberQrText } from "@hcoins/domain/member-qr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember } from "../../testing/flows.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import type { TierLadderInput } from "../coins/coin-scheme-client.ts";
import { linkedMember, type Member, memberCall, newReward, redeem } from "./coins-test-support.ts";

/* hcoin-tier: the member's tier and the spend to the next, relayed from the embedded scheme. */

const texts = (en: string, tc: string, sc: string) => ({ en, tc, sc });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.coinSchemeClient.setTierLadder(ladderWith(null), "amy@example.com");
});
afterAll(() => t?.close());

/** Green for everyone, silver from HK$5,000 with `rewardId` as its reward. */
function ladderWith(rewardId: number | null): TierLadderInput {
  return {
    window: "calendar_year",
    review: { rule: "anniversary" },
    tiers: [
      {
        code: "green",
        name: texts("Green", "綠卡", "绿卡"),
        benefits: texts("", "", ""),
        qualifyingCents: 0,
        multiplier: 100,
        rewardId: null,
      },
      {
        code: "silver",
        name: texts("Silver", "銀卡", "银卡"),
        benefits: texts("Half as many coins again", "額外一半 H Coins", "额外一半 H Coins"),
        qualifyingCents: 500_000,
        multiplier: 150,
        rewardId,
      },
    ],
  };
}

const scheme = () => {
  const embedded = t.app.services.coinScheme;
  if (!embedded) throw new Error("these tests run on the embedded scheme");
  return embedded;
};

const purchase = (member: Member, receiptNo: string, netCents: number) =>
  scheme().purchase({
    qrText: memberQrText({
      memberNo: member.user.member_no,
      id: member.user.id,
      birthdayMonth: member.payload.birthday_month,
      unixSeconds: Date.now() / 1000,
    }),
    storeCode: "HF-CW01",
    receiptNo,
    netCents,
    electronicCents: 0,
    client: "till-1",
    actorType: "till",
  });

describe("hcoin-tier", () => {
  it("shows the tier and the spend to the next, then the next tier once the member reaches it", async () => {
    const member = await linkedMember(t);
    const start = await memberCall(t, "hcoin-tier", member.token);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.payload).toMatchObject({
      linked: true,
      tier: { code: "green", name: { en: "Green" }, multiplier: "1" },
      spend_amount: "0.00",
      next: { tier: { code: "silver", name: { tc: "銀卡" } }, spend_needed_amount: "5000.00" },
      review_at: null,
    });
    // A calendar year: the spend must come by the year's end (Hong Kong time).
    expect(start.body.payload.next.by).toMatch(/-12-31T15:59:59\.999Z$/);

    await purchase(member, "TIER-1", 500_000);
    await scheme().requalifyTiers();
    const reached = await memberCall(t, "hcoin-tier", member.token);
    expect(reached.body.payload).toMatchObject({
      tier: { code: "silver", multiplier: "1.5", benefits: { en: "Half as many coins again" } },
      spend_amount: "5000.00",
      next: null,
    });
    expect(Date.parse(reached.body.payload.review_at)).toBeGreaterThan(Date.now());
  });

  it("answers linked:false without an account, and 401 for a visitor", async () => {
    const unlinked = await registerMember(t);
    const none = await memberCall(t, "hcoin-tier", unlinked.token);
    expect(none.body.payload).toMatchObject({ linked: false, tier: null, next: null, spend_amount: null });
    const visitor = await memberCall(t, "hcoin-tier", undefined);
    expect(visitor.status).toBe(401);
  });

  it("refuses a tier's reward below that tier (4310, in the member's language), and redeems it at the tier", async () => {
    const reward = await newReward(t);
    await t.app.services.coinSchemeClient.setTierLadder(ladderWith(reward.id), "amy@example.com");
    const member = await linkedMember(t, 500);
    const refused = await redeem(t, member, reward.id, {}, "zh-HK");
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe(4310);
    expect(refused.body.error_message).toContain("較高會員級別");
    await t.app.services.coinSchemeClient.setAccountTier(member.hcoins, "silver", "amy");
    const redeemed = await redeem(t, member, reward.id);
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
  });
});
