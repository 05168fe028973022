import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { memberServerJobs } from "../../jobs.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "../console-api/console-test-support.ts";
import { linkedMember, type Member } from "../member-coins/coins-test-support.ts";

let t: TestApp;
afterEach(() => t?.close());

function as(operator: SignedInOperator) {
  return {
    get: (path: string) => consoleCall(t, "GET", path, { cookie: operator.cookie }),
    post: (path: string, body: Record<string, unknown> = {}) =>
      consoleCall(t, "POST", path, { cookie: operator.cookie, csrf: operator.csrf, body }),
  };
}

const adjust = (coins: number, key = randomUUID()) => ({
  coins,
  reason_code: "serviceRecovery",
  note: "complaint 88, manager agreed",
  idempotency_key: key,
});

const adjustments = async (member: Member) =>
  (await t.app.services.coinSchemeClient.ledger(member.hcoins, { limit: 500 })).entries.filter(
    (entry) => entry.kind === "adjustment" && entry.actor !== "tester",
  );

const HOUR = 3_600_000;

describe("the approvals queue", () => {
  it("an agent's adjustment above the threshold waits; nobody approves their own; a second operator's approval applies it once", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 0);
    const agent = as(await signedInOperator(t, "customerService"));
    const manager = as(await signedInOperator(t, "programmeManager"));
    const auditor = as(await signedInOperator(t, "auditor"));
    const path = `/members/${member.user.id}/adjust-coins`;
    const key = randomUUID();

    const asked = await agent.post(path, adjust(800, key));
    expect(asked.status, asked.text).toBe(200);
    const id = asked.body.payload.adjustment.approval_id as number;
    expect(asked.body.payload.adjustment).toEqual({ status: "pending", approval_id: id });
    expect(asked.body.payload.coins.balance).toBe(0);
    // A retry of the dialog answers the same request; nothing more is queued.
    expect((await agent.post(path, adjust(800, key))).body.payload.adjustment).toEqual({
      status: "pending",
      approval_id: id,
    });
    expect(await adjustments(member)).toEqual([]);

    const queue = await auditor.get("/approvals");
    expect(queue.body.payload.total).toBe(1);
    expect(queue.body.payload.requests[0]).toMatchObject({
      id,
      kind: "coins.adjust",
      status: "pending",
      member_id: member.user.id,
      coins: 800,
      reason_code: "serviceRecovery",
      note: "complaint 88, manager agreed",
      requested_by: "customerservice@example.com",
    });
    expect((await agent.post(`/approvals/${id}/approve`, { note: "ok" })).status).toBe(403);
    expect((await auditor.post(`/approvals/${id}/approve`, { note: "ok" })).status).toBe(403);
    expect((await manager.post(`/approvals/${id}/approve`, {})).body.payload.errors).toEqual([
      { field: "note", rule: "required" },
    ]);

    // The manager's own request above their threshold (20,000) waits too, and they cannot decide it.
    const own = await manager.post(path, adjust(25_000));
    const ownId = own.body.payload.adjustment.approval_id;
    expect((await manager.post(`/approvals/${ownId}/approve`, { note: "mine" })).body.error_code).toBe(4254);

    const approved = await Promise.all([
      manager.post(`/approvals/${id}/approve`, { note: "receipt checked" }),
      manager.post(`/approvals/${id}/approve`, { note: "receipt checked" }),
    ]);
    expect(approved.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const decided = approved.find((answer) => answer.status === 200)?.body.payload;
    expect(decided).toMatchObject({
      status: "approved",
      decided_by: "programmemanager@example.com",
      decision_note: "receipt checked",
    });
    expect(approved.find((answer) => answer.status === 409)?.body.error_code).toBe(4255);
    const ledger = await adjustments(member);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ coins: 800, reason: "serviceRecovery" });
    expect((await agent.post(path, adjust(800, key))).body.payload.coins.balance).toBe(800);
    expect(await adjustments(member)).toHaveLength(1);
    // It counts against the agent's daily total when applied.
    expect((await agent.get("/coin-controls/today")).body.payload).toMatchObject({ operator_moved: 800 });
    expect((await manager.post(`/approvals/${id}/reject`, { note: "late" })).body.error_code).toBe(4255);

    const audit = await t.app.services.audit.all({ target: `approval:${id}` });
    expect(audit.map((entry) => entry.action)).toEqual(["approval.approved", "approval.requested"]);
    expect(audit[0]?.after).toMatchObject({ coins: 800, transaction_id: ledger[0]?.id, balance: 800 });
  });

  it("rejected, failed at the scheme and expired requests move nothing, each audited", async () => {
    t = await createTestApp({ env: { APPROVAL_EXPIRY_HOURS: "1", CONSOLE_IDLE_MINUTES: "120" } });
    const member = await linkedMember(t, 0);
    const agent = as(await signedInOperator(t, "customerService"));
    const manager = as(await signedInOperator(t, "programmeManager"));
    const path = `/members/${member.user.id}/adjust-coins`;
    const ask = async (coins: number) =>
      (await agent.post(path, adjust(coins))).body.payload.adjustment.approval_id as number;

    const rejected = await ask(600);
    const answer = await manager.post(`/approvals/${rejected}/reject`, { note: "no receipt" });
    expect(answer.body.payload).toMatchObject({ status: "rejected", decision_note: "no receipt" });
    expect((await manager.post(`/approvals/${rejected}/approve`, { note: "x" })).body.error_code).toBe(4255);

    const failing = await ask(-700);
    const failed = await manager.post(`/approvals/${failing}/approve`, { note: "ok" });
    expect(failed.body.payload).toMatchObject({ status: "failed", failure: "balanceTooLow" });

    const late = await ask(900);
    t.clock.advance(HOUR + 1);
    const listed = await manager.get("/approvals?status=expired");
    expect(listed.body.payload.requests.map((request: { id: number }) => request.id)).toEqual([late]);
    expect((await manager.post(`/approvals/${late}/approve`, { note: "ok" })).body.error_code).toBe(4255);
    const job = memberServerJobs(t.app.services).find((each) => each.name === "expire-approval-requests");
    expect(await job?.run(t.clock.now())).toEqual({ approvalRequests: 1 });
    expect(await job?.run(t.clock.now())).toEqual({ approvalRequests: 0 });

    expect(await adjustments(member)).toEqual([]);
    const actions = async (id: number) =>
      (await t.app.services.audit.all({ target: `approval:${id}` })).map((entry) => entry.action);
    expect(await actions(rejected)).toEqual(["approval.rejected", "approval.requested"]);
    expect(await actions(failing)).toEqual(["approval.failed", "approval.requested"]);
    expect(await actions(late)).toEqual(["approval.expired", "approval.requested"]);
    expect((await manager.get("/approvals?status=pending")).body.payload.total).toBe(0);
  });
});
