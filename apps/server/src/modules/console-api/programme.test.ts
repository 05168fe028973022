import { programmeDate } from "@hcoins/domain/earn-rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { credit, linkedMember, newReward } from "../member-coins/coins-test-support.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

describe("the programme manager's console calls", () => {
  let t: TestApp;
  let manager: SignedInOperator;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await signedInOperator(t, "programmeManager");
  });
  afterAll(() => t.close());

  const call = (path: string, body?: Record<string, unknown>) =>
    consoleCall(t, body ? "POST" : "GET", path, {
      cookie: manager.cookie,
      csrf: manager.csrf,
      ...(body ? { body } : {}),
    });
  const latestAudit = async () => (await t.app.services.audit.all({}))[0];

  it("lists every reward, inactive ones too, with its stock", async () => {
    const inactive = await newReward(t, { active: false, stock: 3 });
    const answer = await call("/rewards");
    expect(answer.status).toBe(200);
    const listed = answer.body.payload.rewards.find((reward: { id: number }) => reward.id === inactive.id);
    expect(listed).toMatchObject({ active: false, stock: 3, title: { en: "HKD 50 voucher" } });
  });

  it("changes the stock with one audit entry, before and after", async () => {
    const reward = await newReward(t, { stock: 4 });
    const added = await call(`/rewards/${reward.id}/stock`, { change: 6 });
    expect(added.body.payload.reward.stock).toBe(10);
    expect(await latestAudit()).toMatchObject({
      action: "reward.stock",
      target: `reward:${reward.id}`,
      before: { stock: 4 },
      after: { stock: 10, change: 6 },
    });
    const removed = await call(`/rewards/${reward.id}/stock`, { change: -10 });
    expect(removed.body.payload.reward.stock).toBe(0);
  });

  it("never takes the stock below zero, and writes nothing then", async () => {
    const reward = await newReward(t, { stock: 2 });
    const before = (await t.app.services.audit.all({})).length;
    const answer = await call(`/rewards/${reward.id}/stock`, { change: -3 });
    expect(answer.status).toBe(400);
    expect(answer.body.payload.errors).toEqual([{ field: "change", rule: "stockNegative" }]);
    expect((await t.app.services.coinSchemeClient.reward(reward.id)).reward.stock).toBe(2);
    expect((await t.app.services.audit.all({})).length).toBe(before);
  });

  it("refuses a change of zero, a fraction or none with field rules", async () => {
    const reward = await newReward(t);
    for (const [body, rule] of [
      [{ change: 0 }, "notZero"],
      [{ change: 1.5 }, "wholeNumber"],
      [{}, "required"],
    ] as const) {
      const answer = await call(`/rewards/${reward.id}/stock`, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error_code).toBe(4000);
      expect(answer.body.payload.errors).toContainEqual({ field: "change", rule });
    }
  });

  it("answers 4040 for a reward that does not exist", async () => {
    const answer = await call("/rewards/999999/stock", { change: 1 });
    expect(answer.status).toBe(404);
    expect(answer.body.error_code).toBe(4040);
  });

  it("deactivates and activates a reward, keeping its other fields", async () => {
    const reward = await newReward(t, { coins: 250, sortOrder: 7 });
    const off = await call(`/rewards/${reward.id}/active`, { active: false });
    expect(off.body.payload.reward).toMatchObject({ active: false, coins: 250, sort_order: 7 });
    expect(await latestAudit()).toMatchObject({
      action: "reward.deactivate",
      before: { active: true },
      after: { active: false },
    });
    const on = await call(`/rewards/${reward.id}/active`, { active: true });
    expect(on.body.payload.reward.active).toBe(true);
    expect((await latestAudit())?.action).toBe("reward.activate");
  });

  it("shows the expiry policy with the next run's dry run, and changes it with one audit entry", async () => {
    const shown = await call("/expiry-policy");
    expect(shown.status).toBe(200);
    expect(shown.body.payload.next_run).toMatchObject({ credits: 0, accounts: 0, coins: 0 });
    const before = shown.body.payload.policy;
    const set = await call("/expiry-policy", { policy: "18-months" });
    expect(set.body.payload.policy).toBe("18-months");
    expect(await latestAudit()).toMatchObject({
      action: "expiryPolicy.set",
      before: { policy: before },
      after: { policy: "18-months" },
    });
    expect((await call("/expiry-policy")).body.payload.policy).toBe("18-months");
  });

  it("a dry run for any day up to three years ahead: every coin due by its end, none after", async () => {
    await call("/expiry-policy", { policy: "year-end" });
    const member = await linkedMember(t, 120);
    await credit(t, member.hcoins, 30);
    // Year-end coins expire at the end of the next year (Hong Kong).
    const year = Number(programmeDate(t.clock.now()).slice(0, 4));
    const yearEnd = await call(`/expiry-policy/preview?date=${year + 1}-12-31`);
    expect(yearEnd.status, yearEnd.text).toBe(200);
    expect(yearEnd.body.payload).toMatchObject({
      date: `${year + 1}-12-31`,
      at: `${year + 1}-12-31T16:10:00.000Z`,
    });
    expect(yearEnd.body.payload.coins).toBeGreaterThanOrEqual(150);
    expect(yearEnd.body.payload.accounts).toBeGreaterThanOrEqual(1);
    const dayBefore = await call(`/expiry-policy/preview?date=${year + 1}-12-30`);
    // The coins credited here are not due a day earlier.
    expect(yearEnd.body.payload.coins - dayBefore.body.payload.coins).toBeGreaterThanOrEqual(150);
    await call("/expiry-policy", { policy: "none" });
  });

  it("refuses a dry-run date in the past, too far ahead or not a real date, in the operator's terms", async () => {
    const today = programmeDate(t.clock.now());
    const rule = async (date: string) => {
      const answer = await call(`/expiry-policy/preview?date=${encodeURIComponent(date)}`);
      expect(answer.status).toBe(400);
      return answer.body.payload.errors;
    };
    const year = Number(today.slice(0, 4));
    expect(await rule(`${year - 1}-01-01`)).toEqual([{ field: "date", rule: "expiryDatePast" }]);
    expect(await rule(`${year + 4}-01-01`)).toEqual([{ field: "date", rule: "expiryDateTooFar" }]);
    expect(await rule(`${year + 1}-02-30`)).toEqual([{ field: "date", rule: "date" }]);
    expect(await rule("31/12/2026")).toEqual([{ field: "date", rule: "date" }]);
    expect((await call("/expiry-policy/preview")).body.payload.errors).toEqual([
      { field: "date", rule: "required" },
    ]);
  });

  it("refuses an expiry policy it does not know, or more than 120 months", async () => {
    for (const policy of ["forever", "121-months", "0-months"]) {
      const answer = await call("/expiry-policy", { policy });
      expect(answer.status, policy).toBe(400);
      expect(answer.body.payload.errors).toContainEqual({ field: "policy", rule: "expiryPolicy" });
    }
  });

  it("sets a store's partner flag here and in the scheme's registry, with one audit entry", async () => {
    const listed = await call("/stores");
    const before = listed.body.payload.stores.find((store: { code: string }) => store.code === "HF-CW01");
    expect(before).toBeDefined();
    const answer = await call("/stores/partner", { code: "HF-CW01", partner: !before.partner });
    expect(answer.body.payload.store).toMatchObject({
      code: "HF-CW01",
      partner: !before.partner,
      scheme_partner: !before.partner,
    });
    const inScheme = (await t.app.services.coinSchemeClient.stores()).stores.find(
      (store) => store.store_code === "HF-CW01",
    );
    expect(inScheme?.partner_property).toBe(!before.partner);
    expect(await latestAudit()).toMatchObject({
      action: "store.partner",
      target: "store:HF-CW01",
      before: { partner: before.partner },
      after: { partner: !before.partner, scheme_partner: !before.partner },
    });
  });

  it("answers 4040 for a store code nobody has, and writes nothing", async () => {
    const entries = (await t.app.services.audit.all({})).length;
    const answer = await call("/stores/partner", { code: "NOPE-1", partner: true });
    expect(answer.status).toBe(404);
    expect((await t.app.services.audit.all({})).length).toBe(entries);
  });
});
