import { memberQrText } from "@hcoins/domain/member-qr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { linkedMember, type Member, memberCall, newReward, redeem } from "./coins-test-support.ts";

/* A reward for a segment: an offer its members alone see and redeem (the scheme's reward-segments.ts). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const scheme = () => {
  const embedded = t.app.services.coinScheme;
  if (!embedded) throw new Error("these tests run on the embedded scheme");
  return embedded;
};

const buy = (member: Member) =>
  scheme().purchase({
    qrText: memberQrText({
      memberNo: member.user.member_no,
      id: member.user.id,
      birthdayMonth: member.payload.birthday_month,
      unixSeconds: Date.now() / 1000,
    }),
    storeCode: "HF-CW01",
    receiptNo: `SEG-${member.hcoins}`,
    netCents: 10_000,
    electronicCents: 0,
    client: "till-1",
    actorType: "till",
  });

const listed = async (token: string | undefined) =>
  (await memberCall(t, "hcoin-rewards", token)).body.payload.rewards.map(
    (reward: { id: number }) => reward.id,
  );

describe("a reward for a segment", () => {
  it("is shown to and redeemed by its members alone; anyone else is told it is for selected members", async () => {
    const { segment } = await scheme().createSegment(
      {
        name: { en: "Shoppers this month", tc: "本月顧客", sc: "本月顾客" },
        conditions: [{ fact: "purchased_within", days: 30, is: true }],
      },
      "amy@example.com",
    );
    const everyone = await newReward(t);
    const offer = await newReward(t, { segmentId: segment.id });
    const shopper = await linkedMember(t, 500);
    const other = await linkedMember(t, 500);
    await buy(shopper);

    expect(await listed(shopper.token)).toEqual(expect.arrayContaining([everyone.id, offer.id]));
    const shown = (await memberCall(t, "hcoin-rewards", shopper.token)).body.payload.rewards;
    expect(shown.find((reward: { id: number }) => reward.id === offer.id).for_you).toBe(true);
    expect(shown.find((reward: { id: number }) => reward.id === everyone.id).for_you).toBe(false);
    expect(await listed(other.token)).toContain(everyone.id);
    expect(await listed(other.token)).not.toContain(offer.id);
    expect(await listed(undefined)).not.toContain(offer.id);
    expect((await memberCall(t, "hcoin-reward", undefined, { reward_id: offer.id })).status).toBe(404);
    expect((await memberCall(t, "hcoin-reward", other.token, { reward_id: offer.id })).status).toBe(404);
    expect((await memberCall(t, "hcoin-reward", shopper.token, { reward_id: offer.id })).status).toBe(200);

    const refused = await redeem(t, other, offer.id, {}, "zh-HK");
    expect([refused.status, refused.body.error_code]).toEqual([403, 4311]);
    expect(refused.body.error_message).toContain("只供指定會員");
    const redeemed = await redeem(t, shopper, offer.id);
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
  });
});
