import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { linkedMember, type Member, memberCall, newReward } from "../member-coins/coins-test-support.ts";
import { callAs, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

/*
 * E-stamp missions from the console (issue 28) against the embedded coin scheme: a programme
 * manager writes one, a second operator activates it through the approvals queue, till purchases
 * complete it, and the member reads the card and the voucher (hcoin-missions); one audit entry per
 * change; the scheme's refusals in the contract's words.
 */

const HOUR = 3_600_000;

describe("missions from the console", () => {
  let t: TestApp;
  let manager: SignedInOperator;
  let approver: SignedInOperator;
  let member: Member;
  let rewardId: number;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await signedInOperator(t, "programmeManager");
    approver = await signedInOperator(t, "administrator");
    member = await linkedMember(t);
    rewardId = (await newReward(t)).id;
  });
  afterAll(() => t.close());

  const call = (path: string, as: SignedInOperator, body?: Record<string, unknown>, lang?: string) =>
    callAs(t, path, as, body, lang);
  const audit = () => t.app.services.audit.all({});
  const definition = (fields: Record<string, unknown> = {}) => ({
    name: { en: "2 coffees get 1", tc: "兩杯咖啡送一杯", sc: "两杯咖啡送一杯" },
    description: { en: "Buy twice", tc: "購物兩次", sc: "购物两次" },
    kind: "purchases",
    goal: 2,
    store_codes: ["HF-CW01"],
    brand_codes: [],
    min_net_amount: "50",
    period: "calendar_month",
    starts_at: new Date(t.clock.now() - HOUR).toISOString(),
    ends_at: new Date(t.clock.now() + 60 * 24 * HOUR).toISOString(),
    reward_id: rewardId,
    budget_completions: 100,
    ...fields,
  });
  const buy = () => {
    const scheme = t.app.services.coinScheme;
    if (!scheme) throw new Error("these tests run on the embedded scheme");
    return scheme.purchase({
      qrText: `${member.user.member_no},0,01,${Math.floor(t.clock.now() / 1000)}`,
      storeCode: "HF-CW01",
      receiptNo: `R-${Math.random().toString(36).slice(2)}`,
      netCents: 20_000,
      electronicCents: 0,
      client: "test",
      actorType: "client",
    });
  };

  it("a manager writes a mission, a second operator activates it, two purchases complete it and the member sees the voucher", async () => {
    const made = await call("/missions", manager, definition());
    expect(made.status, made.text).toBe(200);
    const mission = made.body.payload.mission;
    expect(mission).toMatchObject({
      status: "draft",
      completions: 0,
      created_by: `operator:${manager.email}`,
    });
    expect((await audit())[0]).toMatchObject({ action: "mission.create", target: `mission:${mission.id}` });

    const request = await call(`/missions/${mission.id}/request-activation`, manager, { note: "Agreed" });
    expect(request.status, request.text).toBe(200);
    const approvalId = request.body.payload.approval_id;
    const twice = await call(`/missions/${mission.id}/request-activation`, manager, { note: "again" });
    expect(twice.body.error_code).toBe(4303);
    const queue = await call("/approvals?status=pending", approver);
    expect(queue.body.payload.requests.find((one: { id: number }) => one.id === approvalId)).toMatchObject({
      kind: "missions.activate",
      campaign: null,
      mission: { id: mission.id, goal: 2, reward_id: rewardId, budget_completions: 100 },
    });
    const approved = await call(`/approvals/${approvalId}/approve`, approver, { note: "ok" });
    expect(approved.body.payload, approved.text).toMatchObject({ status: "approved", failure: null });
    const active = (await call(`/missions/${mission.id}`, manager)).body.payload.mission;
    expect(active).toMatchObject({ status: "active", approved_by: `operator:${approver.email}` });

    const before = await memberCall(t, "hcoin-missions", member.token);
    expect(before.body.payload.missions).toEqual([
      expect.objectContaining({ id: mission.id, stamps: 0, goal: 2, completed_at: null }),
    ]);
    expect((await buy()).missions?.[0]).toMatchObject({ stamps: 1, completed: false });
    const done = await buy();
    expect(done.missions?.[0]).toMatchObject({ stamps: 2, completed: true });
    const after = await memberCall(t, "hcoin-missions", member.token);
    expect(after.body.payload).toMatchObject({ linked: true });
    expect(after.body.payload.missions[0]).toMatchObject({
      stamps: 2,
      voucher_code: done.missions?.[0]?.voucher_code,
      completed_at: expect.any(String),
    });
    expect((await call(`/missions/${mission.id}`, manager)).body.payload.mission.completions).toBe(1);
    // The member's history names the voucher a mission's gift, not a redemption of no coins.
    const history = await memberCall(t, "hcoin-history", member.token);
    expect(history.body.payload.entries[0]).toMatchObject({
      kind: "redemption",
      coins: 0,
      gift: "mission",
      voucher_code: done.missions?.[0]?.voucher_code,
    });
  });

  it("refuses an edit of an active mission and an unknown reward, in the operator's language", async () => {
    const unknown = await call("/missions", manager, definition({ reward_id: 99_999 }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.payload.errors).toContainEqual(expect.objectContaining({ field: "reward_id" }));
    const mission = (await call("/missions", manager, definition())).body.payload.mission;
    const paused = await call(`/missions/${mission.id}/pause`, manager, {});
    expect(paused.body.error_code).toBe(4302);
    const ended = await call(`/missions/${mission.id}/end`, manager, {});
    expect(ended.body.payload.mission.status).toBe("ended");
    const refused = await call(`/missions/${mission.id}`, manager, definition(), "tc");
    expect(refused.body).toMatchObject({
      error_code: 4302,
      error_message: expect.stringContaining("集印任務"),
    });
  });
});
