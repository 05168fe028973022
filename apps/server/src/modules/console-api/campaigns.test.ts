import { campaignDefinitionSchema, holidayRule } from "@hcoins/domain/campaign-rules";
import { programmeDate } from "@hcoins/domain/earn-rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { linkedMember, type Member } from "../member-coins/coins-test-support.ts";
import { callAs, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

/*
 * Campaigns from the console (issue 28) against the embedded coin scheme: a programme manager
 * writes one and dry-runs it, a second operator activates it through the approvals queue, a till
 * purchase earns it; each change one audit entry; the scheme's refusals in the contract's words.
 */

const HOUR = 3_600_000;

/** The Hong Kong weekday (ISO, 1 = Monday) of a time. */
const hongKongWeekday = (ms: number) => ((new Date(ms + 8 * HOUR).getUTCDay() + 6) % 7) + 1;

describe("campaigns from the console", () => {
  let t: TestApp;
  let manager: SignedInOperator;
  let second: SignedInOperator;
  let approver: SignedInOperator;
  let member: Member;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await signedInOperator(t, "programmeManager");
    second = await signedInOperator(t, "programmeManager", "second-manager@example.com");
    approver = await signedInOperator(t, "administrator");
    member = await linkedMember(t);
  });
  afterAll(() => t.close());

  const call = (path: string, as: SignedInOperator, body?: Record<string, unknown>, lang?: string) =>
    callAs(t, path, as, body, lang);
  const audit = () => t.app.services.audit.all({});
  const definition = (fields: Record<string, unknown> = {}) => ({
    name: { en: "Double coins today", tc: "今日雙倍", sc: "今日双倍" },
    conditions: [{ fact: "weekday", in: [hongKongWeekday(t.clock.now())] }],
    action: { type: "multiplier", multiplier: "2" },
    stacks: false,
    starts_at: new Date(t.clock.now() - HOUR).toISOString(),
    ends_at: new Date(t.clock.now() + 30 * 24 * HOUR).toISOString(),
    budget_coins: 100_000,
    per_member_cap: 5_000,
    ...fields,
  });
  const created = async (as = manager) => {
    const answer = await call("/campaigns", as, definition());
    expect(answer.status, answer.text).toBe(200);
    return answer.body.payload.campaign as { id: number; status: string };
  };
  const requested = async (id: number, as: SignedInOperator, days?: number) => {
    const answer = await call(`/campaigns/${id}/request-activation`, as, {
      note: "Budget agreed",
      ...(days ? { dry_run_days: days } : {}),
    });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.payload.approval_id as number;
  };
  const buy = async (key: string) =>
    t.app.inject({
      method: "POST",
      url: "/coin-scheme/v1/purchases",
      headers: { "x-api-key": key, "content-type": "application/json" },
      payload: JSON.stringify({
        qr_text: `${member.user.member_no},0,01,${Math.floor(t.clock.now() / 1000)}`,
        store_code: "HF-CW01",
        receipt_no: `R-${Math.random().toString(36).slice(2)}`,
        net_amount: "200",
      }),
    });

  it("a manager writes and dry-runs a campaign, a second operator activates it, a till purchase earns it", async () => {
    const made = await call("/campaigns", manager, definition());
    expect(made.status, made.text).toBe(200);
    const campaign = made.body.payload.campaign;
    expect(campaign).toMatchObject({
      status: "draft",
      name: { en: "Double coins today" },
      created_by: `operator:${manager.email}`,
      spent_coins: 0,
    });
    expect((await audit())[0]).toMatchObject({
      action: "campaign.create",
      target: `campaign:${campaign.id}`,
      actor: `operator:${manager.email}`,
      after: { name: { en: "Double coins today" }, budget_coins: 100_000 },
    });

    // The dry run reads the form as it stands and changes nothing.
    const entries = (await audit()).length;
    const dryRun = await call("/campaigns/dry-run", manager, { campaign: definition(), days: 7 });
    expect(dryRun.status, dryRun.text).toBe(200);
    expect(dryRun.body.payload.dry_run).toMatchObject({
      days: 7,
      purchases_matched: expect.any(Number),
      members: expect.any(Number),
      coins: expect.any(Number),
      coins_within_budget: expect.any(Number),
    });
    expect((await call("/campaigns/dry-run", manager, { campaign: definition(), days: 91 })).status).toBe(
      400,
    );
    expect((await audit()).length).toBe(entries);

    const approvalId = await requested(campaign.id, manager, 7);
    expect((await audit())[0]).toMatchObject({
      action: "approval.requested",
      target: `approval:${approvalId}`,
      after: { kind: "campaigns.activate", campaign: `campaign:${campaign.id}`, note: "Budget agreed" },
    });
    const queue = await call("/approvals?status=pending", approver);
    expect(queue.body.payload.requests.find((one: { id: number }) => one.id === approvalId)).toMatchObject({
      kind: "campaigns.activate",
      member_id: null,
      coins: 100_000,
      campaign: {
        id: campaign.id,
        name: { en: "Double coins today", tc: "今日雙倍", sc: "今日双倍" },
        budget_coins: 100_000,
        per_member_cap: 5_000,
        dry_run: {
          days: 7,
          purchases_matched: dryRun.body.payload.dry_run.purchases_matched,
          coins: dryRun.body.payload.dry_run.coins,
        },
      },
    });
    // Still a draft: a request is not an activation, and nobody approves their own.
    expect((await call(`/campaigns/${campaign.id}`, manager)).body.payload.campaign.status).toBe("draft");
    const own = await call(`/approvals/${approvalId}/approve`, manager, { note: "mine" });
    expect(own.body.error_code).toBe(4254);

    const approved = await call(`/approvals/${approvalId}/approve`, approver, { note: "Budget checked" });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.payload).toMatchObject({ status: "approved", failure: null });
    expect((await audit())[0]).toMatchObject({
      action: "approval.approved",
      target: `approval:${approvalId}`,
      actor: `operator:${approver.email}`,
      after: { kind: "campaigns.activate", campaign: `campaign:${campaign.id}`, status: "active" },
    });
    const active = (await call(`/campaigns/${campaign.id}`, manager)).body.payload.campaign;
    expect(active).toMatchObject({
      status: "active",
      activated_by: `operator:${manager.email}`,
      approved_by: `operator:${approver.email}`,
    });
    expect(
      (await call(`/approvals/${approvalId}/approve`, approver, { note: "again" })).body.error_code,
    ).toBe(4255);

    const { key } = (await call("/till-keys", manager, { name: "campaign-till", stores: ["HF-CW01"] })).body
      .payload;
    const bought = await buy(key);
    expect(bought.statusCode, bought.body).toBe(200);
    const earned = (await call(`/campaigns/${campaign.id}`, manager)).body.payload.campaign;
    expect(earned.spent_coins).toBeGreaterThan(0);
    expect(earned).toMatchObject({ members_earned: 1, purchases_earned: 1 });
    expect((await call("/campaigns", approver)).body.payload.campaigns).toContainEqual(
      expect.objectContaining({ id: campaign.id, status: "active" }),
    );
  });

  it("edits a draft, pauses and ends, one audit entry each; refuses what the status does not allow, in the operator's language", async () => {
    const campaign = await created();
    const edited = await call(
      `/campaigns/${campaign.id}`,
      manager,
      definition({ stacks: true, budget_coins: null }),
    );
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.payload.campaign).toMatchObject({ stacks: true, budget_coins: null });
    expect((await audit())[0]).toMatchObject({
      action: "campaign.update",
      target: `campaign:${campaign.id}`,
      before: { stacks: false, budget_coins: 100_000 },
      after: { stacks: true, budget_coins: null },
    });

    await requested(campaign.id, manager);
    const twice = await call(`/campaigns/${campaign.id}/request-activation`, second, { note: "again" });
    expect(twice.body.error_code).toBe(4301);

    const ended = await call(`/campaigns/${campaign.id}/end`, manager, {});
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body.payload.campaign.status).toBe("ended");
    expect((await audit())[0]).toMatchObject({
      action: "campaign.end",
      target: `campaign:${campaign.id}`,
      before: { status: "draft" },
      after: { status: "ended" },
    });
    const entries = (await audit()).length;
    const refused = await call(`/campaigns/${campaign.id}`, manager, definition(), "tc");
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error_code: 4300,
      error_message: expect.stringContaining("推廣活動"),
    });
    expect(
      (await call(`/campaigns/${campaign.id}/request-activation`, manager, { note: "x" })).body.error_code,
    ).toBe(4300);
    expect((await audit()).length).toBe(entries);
    expect((await call("/campaigns/999999", manager)).body.error_code).toBe(4040);
  });

  it("pauses an active campaign; its creator may not approve its activation, and the request says so", async () => {
    const campaign = await created(manager);
    const first = await requested(campaign.id, second);
    expect((await call(`/approvals/${first}/approve`, approver, { note: "ok" })).body.payload.status).toBe(
      "approved",
    );
    const paused = await call(`/campaigns/${campaign.id}/pause`, second, {});
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body.payload.campaign.status).toBe("paused");
    expect((await audit())[0]).toMatchObject({
      action: "campaign.pause",
      actor: `operator:${second.email}`,
      before: { status: "active" },
      after: { status: "paused" },
    });

    // Asked again by the second manager, approved by the manager who created it: the scheme refuses.
    const again = await requested(campaign.id, second);
    const byCreator = await call(`/approvals/${again}/approve`, manager, { note: "mine to approve?" });
    expect(byCreator.status, byCreator.text).toBe(200);
    expect(byCreator.body.payload).toMatchObject({ status: "failed", failure: "campaignApproverIsCreator" });
    expect((await call(`/campaigns/${campaign.id}`, manager)).body.payload.campaign.status).toBe("paused");
  });

  it("checks a campaign as the contract does: the field's path and rule", async () => {
    const early = new Date(t.clock.now() - 2 * HOUR).toISOString();
    const backwards = await call("/campaigns", manager, definition({ ends_at: early }));
    expect(backwards.status).toBe(400);
    expect(backwards.body.payload.errors).toEqual([{ field: "ends_at", rule: "endsBeforeStart" }]);
    const noDay = await call(
      "/campaigns",
      manager,
      definition({ conditions: [{ fact: "weekday", in: [] }] }),
    );
    expect(noDay.status).toBe(400);
    expect(noDay.body.payload.errors).toEqual([{ field: "conditions.0.in", rule: "required" }]);
  });

  it("runs the programme rules as campaigns: the birthday month changes through pause, edit and a second operator; a bonus day is a holiday rule", async () => {
    const { campaigns } = (await call("/campaigns", manager)).body.payload;
    const rules = campaigns.filter((one: { programme_rule: string | null }) => one.programme_rule !== null);
    expect(rules).toMatchObject([
      { programme_rule: "birthday", status: "active", approved_by: "migration 0018" },
      { programme_rule: "electronic", status: "active", approved_by: "migration 0018" },
    ]);
    const birthday = campaignDefinitionSchema.parse(rules[0]);
    const id = rules[0].id as number;
    const tripled = { ...birthday, action: { type: "multiplier", multiplier: "3" } };
    expect((await call(`/campaigns/${id}`, manager, tripled)).body.error_code).toBe(4300);
    expect((await call(`/campaigns/${id}/pause`, manager, {})).status).toBe(200);
    const edited = await call(`/campaigns/${id}`, manager, tripled);
    expect(edited.status, edited.text).toBe(200);
    const approval = await requested(id, manager);
    expect((await call(`/approvals/${approval}/approve`, approver, { note: "×3" })).body.payload.status).toBe(
      "approved",
    );
    expect((await call(`/campaigns/${id}`, manager)).body.payload.campaign).toMatchObject({
      status: "active",
      action: { multiplier: "3" },
      approved_by: `operator:${approver.email}`,
    });

    // A programme rule has no budget (the scheme's rule, in the contract's words).
    const today = programmeDate(t.clock.now());
    const holiday = holidayRule(today, "2");
    const budgeted = await call("/campaigns", manager, { ...holiday, budget_coins: 1_000 });
    expect(budgeted.status).toBe(400);
    expect(budgeted.body.payload.errors).toEqual([{ field: "budget_coins", rule: "programmeRuleUnlimited" }]);
    const day = (await call("/campaigns", manager, holiday)).body.payload.campaign;
    expect(day).toMatchObject({ status: "draft", programme_rule: "holiday" });
    const request = await requested(day.id, manager);
    expect((await call(`/approvals/${request}/approve`, approver, { note: "ok" })).body.payload.status).toBe(
      "approved",
    );
    const { key } = (await call("/till-keys", manager, { name: "holiday-till", stores: ["HF-CW01"] })).body
      .payload;
    const bought = await buy(key);
    expect(bought.statusCode, bought.body).toBe(200);
    // Beside the non-stacking "Double coins today" of the first test: base 200, holiday +200, its +200.
    expect(JSON.parse(bought.body).payload.transaction.lines).toEqual([
      { kind: "base", coins: 200, campaign_id: null, name: null },
      { kind: "holiday", coins: 200, campaign_id: day.id, name: null },
      expect.objectContaining({ kind: "campaign", coins: 200 }),
    ]);
  });
});
