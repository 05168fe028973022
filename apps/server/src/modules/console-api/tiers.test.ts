import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { linkedMember } from "../member-coins/coins-test-support.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

const texts = (en: string, tc: string, sc: string) => ({ en, tc, sc });
const green = {
  code: "green",
  name: texts("Green", "綠卡", "绿卡"),
  benefits: texts("", "", ""),
  qualifying_amount: "0",
  multiplier: "1",
};
const silver = {
  code: "silver",
  name: texts("Silver", "銀卡", "银卡"),
  benefits: texts("Free parking", "免費泊車", "免费停车"),
  qualifying_amount: "5000",
  multiplier: "1.5",
};

describe("the console's tier ladder", () => {
  let t: TestApp;
  let manager: SignedInOperator;
  let auditor: SignedInOperator;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await signedInOperator(t, "programmeManager");
    auditor = await signedInOperator(t, "auditor");
  });
  afterAll(() => t.close());

  const set = (body: Record<string, unknown>) =>
    consoleCall(t, "POST", "/tiers", { cookie: manager.cookie, csrf: manager.csrf, body });

  it("saves the ladder, window and review rule with one audit entry; the auditor reads it", async () => {
    const saved = await set({
      window: "calendar_year",
      review_rule: "fixed_date",
      review_date: "01-01",
      tiers: [silver, green],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.payload).toMatchObject({
      window: "calendar_year",
      review_rule: "fixed_date",
      review_date: "01-01",
      updated_by: `operator:${manager.email}`,
    });
    expect(saved.body.payload.tiers.map((tier: { code: string }) => tier.code)).toEqual(["green", "silver"]);
    expect((await t.app.services.audit.all({}))[0]).toMatchObject({
      action: "tiers.set",
      target: "tiers",
      before: { tiers: [] },
      after: { window: "calendar_year", tiers: [{ code: "green" }, { code: "silver", multiplier: "1.5" }] },
    });
    const read = await consoleCall(t, "GET", "/tiers", { cookie: auditor.cookie });
    expect(read.status).toBe(200);
    expect(read.body.payload.tiers[1]).toMatchObject({ qualifying_amount: "5000.00", name: { tc: "銀卡" } });
  });

  it("names each field's rule, and the scheme's refusals in the operator's terms", async () => {
    const before = (await t.app.services.audit.all({})).length;
    const bad = await set({
      window: "rolling_12_months",
      review_rule: "fixed_date",
      review_date: "02-30",
      tiers: [
        { ...silver, qualifying_amount: "5,000" },
        { ...green, multiplier: "11" },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.payload.errors).toEqual([
      { field: "tiers.0.qualifying_amount", rule: "amountFormat" },
      { field: "tiers.1.multiplier", rule: "multiplierInvalid" },
      { field: "review_date", rule: "monthDayInvalid" },
    ]);
    const twin = await set({
      window: "rolling_12_months",
      review_rule: "anniversary",
      tiers: [silver, { ...green, qualifying_amount: "5000" }],
    });
    expect(twin.body.payload.errors).toEqual([{ field: "tiers", rule: "tierThresholdRepeated" }]);
    const noReward = await set({
      window: "rolling_12_months",
      review_rule: "anniversary",
      tiers: [green, { ...silver, reward_id: 99_999 }],
    });
    expect(noReward.body.payload.errors).toEqual([{ field: "tiers", rule: "tierRewardNotFound" }]);
    expect((await t.app.services.audit.all({})).length).toBe(before);
  });

  it("shows a member's tier and its history on the member page's call; 404 for no such member", async () => {
    const member = await linkedMember(t);
    const set = await t.app.services.coinSchemeClient.setAccountTier(member.hcoins, "silver", "amy");
    expect(set.tier?.code).toBe("silver");
    const shown = await consoleCall(t, "GET", `/members/${member.user.id}/tier`, { cookie: manager.cookie });
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.payload).toMatchObject({
      tier: { code: "silver", name: { en: "Silver" }, multiplier: "1.5" },
      spend_amount: "0.00",
      next: null,
      history: [{ reason: "set", from_code: null, to_code: "silver", actor: "amy" }],
    });
    const none = await consoleCall(t, "GET", "/members/999999/tier", { cookie: manager.cookie });
    expect(none.status).toBe(404);
  });
});
