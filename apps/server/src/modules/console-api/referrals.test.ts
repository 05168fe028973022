import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { newReward } from "../member-coins/coins-test-support.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

describe("referrals in the console", () => {
  let t: TestApp;
  let manager: SignedInOperator;
  let auditor: SignedInOperator;
  let service: SignedInOperator;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await signedInOperator(t, "programmeManager");
    auditor = await signedInOperator(t, "auditor", "referral-auditor@example.com");
    service = await signedInOperator(t, "customerService", "referral-cs@example.com");
  });
  afterAll(() => t.close());

  const as = (operator: SignedInOperator, path: string, body?: Record<string, unknown>) =>
    consoleCall(t, body ? "POST" : "GET", path, {
      cookie: operator.cookie,
      csrf: operator.csrf,
      ...(body ? { body } : {}),
    });

  it("lets the programme manager set what a referral earns, with one audit entry; the auditor reads it", async () => {
    expect((await as(auditor, "/referral-settings")).body.payload.settings).toBeNull();
    const forReferrer = await newReward(t);
    const forReferred = await newReward(t);
    const settings = {
      active: true,
      referrer_reward_id: forReferrer.id,
      referred_reward_id: forReferred.id,
      min_net_amount: "150",
      cap_per_referrer: 10,
    };
    const set = await as(manager, "/referral-settings", settings);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.payload.settings).toEqual({ ...settings, min_net_amount: "150.00" });
    const [entry] = await t.app.services.audit.all({});
    expect(entry).toMatchObject({
      action: "referralSettings.set",
      before: null,
      after: { cap_per_referrer: 10 },
    });
    expect((await as(auditor, "/referral-settings")).body.payload.settings.min_net_amount).toBe("150.00");
    // Nobody else changes them.
    expect((await as(auditor, "/referral-settings", settings)).status).toBe(403);
    expect((await as(service, "/referral-settings", settings)).status).toBe(403);
  });

  it("names the reward the catalogue does not have", async () => {
    const reward = await newReward(t);
    const answer = await as(manager, "/referral-settings", {
      active: true,
      referrer_reward_id: reward.id,
      referred_reward_id: 999_999,
      min_net_amount: "1",
      cap_per_referrer: null,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.payload.errors).toEqual([{ field: "referred_reward_id", rule: "rewardUnknown" }]);
  });

  it("lists referrals for the auditor and customer service", async () => {
    for (const operator of [auditor, service, manager]) {
      const list = await as(operator, "/referrals?state=pending");
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect(list.body.payload).toEqual({ referrals: [], has_more: false });
    }
  });
});
