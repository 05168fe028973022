import { randomUUID } from "node:crypto";
import { ERROR_MESSAGES } from "@hcoins/domain/codes";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { CoinSchemeUnavailableError } from "../coins/coin-scheme-client.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "../console-api/console-test-support.ts";
import { credit, linkedMember, type Member } from "../member-coins/coins-test-support.ts";

let t: TestApp;
afterEach(() => {
  vi.restoreAllMocks();
  return t?.close();
});

function as(operator: SignedInOperator) {
  return {
    get: (path: string) => consoleCall(t, "GET", path, { cookie: operator.cookie }),
    post: (path: string, body: Record<string, unknown> = {}) =>
      consoleCall(t, "POST", path, { cookie: operator.cookie, csrf: operator.csrf, body }),
  };
}

const memberNo = async (member: Member) =>
  (await t.app.services.members.findById(member.user.id))?.member_no as string;

const bulk = (csv: string, key = randomUUID()) => ({
  csv,
  reason_code: "missedPromotion",
  note: "campaign 2026-11 store 12, list from marketing",
  idempotency_key: key,
});

/** The member's adjustments on the scheme's ledger, the test's own credits left out. */
const adjustments = async (member: Member) =>
  (await t.app.services.coinSchemeClient.ledger(member.hcoins, { limit: 500 })).entries.filter(
    (entry) => entry.kind === "adjustment" && entry.actor !== "tester",
  );

const balance = async (member: Member) =>
  (await t.app.services.coinSchemeClient.ledger(member.hcoins, { limit: 1 })).balance;

describe("bulk coin adjustments", () => {
  it("a list waits for a second operator, nobody approves their own, and each line is applied once with its outcome", async () => {
    t = await createTestApp();
    const [rich, poor, gone] = [await linkedMember(t, 0), await linkedMember(t, 0), await linkedMember(t, 0)];
    await credit(t, rich.hcoins, 50);
    const manager = as(await signedInOperator(t, "programmeManager"));
    const admin = as(await signedInOperator(t, "administrator"));
    const agent = as(await signedInOperator(t, "customerService"));
    const csv = [
      "member number,coins",
      `${await memberNo(rich)},-30`,
      `${await memberNo(poor)}, -5`,
      `${await memberNo(gone)},120`,
    ].join("\n");

    // Customer service may not ask for one (programme managers and administrators may).
    expect((await agent.post("/bulk-adjustments", bulk(csv))).status).toBe(403);
    const key = randomUUID();
    const asked = await manager.post("/bulk-adjustments", bulk(csv, key));
    expect(asked.status, asked.text).toBe(200);
    const id = asked.body.payload.approval_id as number;
    expect(asked.body.payload).toEqual({ approval_id: id, lines: 3, coins: 85 });
    // The same key again (a retry) answers the same request; with another list it is refused.
    expect((await manager.post("/bulk-adjustments", bulk(csv, key))).body.payload.approval_id).toBe(id);
    const reused = await manager.post("/bulk-adjustments", bulk(`${csv}\n`, key));
    expect(reused.body.error_code).toBe(4256);
    expect((await admin.get("/approvals?status=pending")).body.payload.total).toBe(1);

    // Below every threshold, it still waits: nothing moved yet.
    expect(await adjustments(rich)).toEqual([]);
    expect((await manager.post(`/approvals/${id}/approve`, { note: "mine" })).body.error_code).toBe(4254);

    // A member disabled after the request: that line is refused, the others go on.
    await t.app.services.members.setDisabled(gone.user.id, true);
    const approved = await admin.post(`/approvals/${id}/approve`, { note: "list checked with marketing" });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.payload).toMatchObject({ status: "approved", kind: "coins.bulkAdjust", coins: 85 });
    expect(approved.body.payload.lines).toEqual([
      { member_no: await memberNo(rich), coins: -30, outcome: "applied" },
      { member_no: await memberNo(poor), coins: -5, outcome: "balanceTooLow" },
      { member_no: await memberNo(gone), coins: 120, outcome: "memberDisabled" },
    ]);
    expect(await balance(rich)).toBe(20);
    expect(await adjustments(rich)).toMatchObject([{ coins: -30, reason: "missedPromotion" }]);
    expect(await adjustments(poor)).toEqual([]);
    expect(await adjustments(gone)).toEqual([]);
    // What was applied counts against the requester's daily total.
    expect((await manager.get("/coin-controls/today")).body.payload).toMatchObject({ operator_moved: 30 });

    const audit = await t.app.services.audit.all({ target: `approval:${id}` });
    expect(audit.map((entry) => entry.action)).toEqual(["approval.approved", "approval.requested"]);
    expect(audit[1]?.after).toMatchObject({ kind: "coins.bulkAdjust", lines: 3, coins: 85 });
    // The decision's entry holds the summary, not every line.
    expect(audit[0]?.after).toMatchObject({
      lines: 3,
      applied: 1,
      coins_applied: -30,
      refused: { balanceTooLow: 1, memberDisabled: 1 },
      decision_note: "list checked with marketing",
    });
    expect(audit[0]?.after).not.toHaveProperty("lines.0");
    // Each member's history holds their line: who asked, the reason, the note and what came of it.
    const history = async (member: Member) =>
      (await t.app.services.audit.all({ target: `member:${member.user.id}` })).filter(
        (entry) => entry.action === "coins.bulkAdjust",
      );
    expect((await history(rich))[0]).toMatchObject({
      actor: "operator:administrator@example.com",
      after: {
        approval_id: id,
        line: 2,
        coins: -30,
        reason_code: "missedPromotion",
        note: "campaign 2026-11 store 12, list from marketing",
        requested_by: "programmemanager@example.com",
        outcome: "applied",
      },
    });
    expect((await history(poor))[0]?.after).toMatchObject({ outcome: "balanceTooLow", transaction_id: null });
  });

  it("refuses a list with bad lines, naming each line, and stores nothing", async () => {
    t = await createTestApp();
    const [member, unlinked, disabled] = [
      await linkedMember(t, 0),
      await linkedMember(t, 0),
      await linkedMember(t, 0),
    ];
    const unlinkedNo = (await t.app.services.members.findById(unlinked.user.id))?.member_no as string;
    // A member without an H Coins account: the link removed from the row.
    await t.app.services.database
      .tables<{ members: { id: number; external_customer_id: string | null } }>()
      .updateTable("members")
      .set({ external_customer_id: null })
      .where("id", "=", unlinked.user.id)
      .execute();
    await t.app.services.members.setDisabled(disabled.user.id, true);
    const manager = as(await signedInOperator(t, "programmeManager"));
    const no = await memberNo(member);
    const csv = [
      `${no},10`,
      "M99999999,5",
      `${no},20`,
      "",
      "not a number!,5",
      "M000000999,abc",
      `${unlinkedNo},7`,
      "M000000998,0",
      `${await memberNo(disabled)},8`,
      "M000000001,5,extra",
      "M00000000X,200000",
    ].join("\r\n");
    const answer = await manager.post("/bulk-adjustments", bulk(csv));
    expect(answer.status).toBe(400);
    expect(answer.body.error_code).toBe(4284);
    expect(answer.body.payload.lines).toEqual([
      { line: 2, member_no: "M99999999", rule: "memberUnknown" },
      { line: 3, member_no: no, rule: "memberDuplicate" },
      { line: 5, member_no: "not a number!", rule: "memberNumberMalformed" },
      { line: 6, member_no: "M000000999", rule: "coinsMalformed" },
      { line: 7, member_no: unlinkedNo, rule: "memberNotLinked" },
      { line: 8, member_no: "M000000998", rule: "coinsZero" },
      { line: 9, member_no: await memberNo(disabled), rule: "memberDisabled" },
      { line: 10, member_no: "M000000001", rule: "lineMalformed" },
      // Above the programme manager's ceiling (100,000).
      { line: 11, member_no: "M00000000X", rule: "coinsAboveCeiling" },
    ]);
    // The message in the operator's language; the lines' rules are codes the console words.
    const operator = await signedInOperator(t, "administrator");
    const inTc = await consoleCall(t, "POST", "/bulk-adjustments", {
      cookie: operator.cookie,
      csrf: operator.csrf,
      headers: { "accept-language": "zh-HK" },
      body: bulk("M99999999,5"),
    });
    expect(inTc.body).toMatchObject({ error_code: 4284, error_message: ERROR_MESSAGES[4284].tc });
    expect((await manager.post("/bulk-adjustments", bulk("\n \n"))).body.error_code).toBe(4286);
    const long = Array.from({ length: 1_001 }, (_, index) => `M${String(index).padStart(9, "0")},1`).join(
      "\n",
    );
    const tooMany = await manager.post("/bulk-adjustments", bulk(long));
    expect(tooMany.body).toMatchObject({ error_code: 4285, payload: { max_lines: 1_000 } });
    expect((await manager.get("/approvals")).body.payload.total).toBe(0);
    expect(await adjustments(member)).toEqual([]);
  });

  it("a retried approval after the scheme failed mid-list applies nothing twice; a rejection moves nothing", async () => {
    t = await createTestApp();
    const members = [await linkedMember(t, 0), await linkedMember(t, 0), await linkedMember(t, 0)];
    const manager = as(await signedInOperator(t, "programmeManager"));
    const admin = as(await signedInOperator(t, "administrator"));
    const lines = await Promise.all(
      members.map(async (member, index) => `${await memberNo(member)},${index + 1}00`),
    );
    const id = (await manager.post("/bulk-adjustments", bulk(lines.join("\n")))).body.payload.approval_id;

    // The scheme answers the first line, then is unreachable: the request is pending again.
    const client = t.app.services.coinSchemeClient;
    const adjust = client.adjust.bind(client);
    let calls = 0;
    vi.spyOn(client, "adjust").mockImplementation(async (asked) => {
      calls += 1;
      if (calls === 2) throw new CoinSchemeUnavailableError("timeout", "test: no answer");
      return adjust(asked);
    });
    const failed = await admin.post(`/approvals/${id}/approve`, { note: "go" });
    expect(failed.body.error_code).toBe(5030);
    expect(await balance(members[0] as Member)).toBe(100);
    expect((await admin.get("/approvals?status=pending")).body.payload.requests[0]).toMatchObject({
      id,
      lines: [
        { coins: 100, outcome: null },
        { coins: 200, outcome: null },
        { coins: 300, outcome: null },
      ],
    });

    const retried = await admin.post(`/approvals/${id}/approve`, { note: "go again" });
    expect(retried.body.payload.status).toBe("approved");
    expect(retried.body.payload.lines.map((line: { outcome: string }) => line.outcome)).toEqual([
      "applied",
      "applied",
      "applied",
    ]);
    for (const [index, member] of members.entries()) {
      expect(await adjustments(member)).toHaveLength(1);
      const entries = await t.app.services.audit.all({ target: `member:${member.user.id}` });
      expect(entries.filter((entry) => entry.action === "coins.bulkAdjust")).toHaveLength(1);
      expect(await balance(member)).toBe((index + 1) * 100);
    }
    // Counted once, when the list finished.
    expect((await manager.get("/coin-controls/today")).body.payload).toMatchObject({ operator_moved: 600 });

    const rejectedId = (await manager.post("/bulk-adjustments", bulk(lines.join("\n")))).body.payload
      .approval_id;
    const rejected = await admin.post(`/approvals/${rejectedId}/reject`, { note: "duplicate of the first" });
    expect(rejected.body.payload).toMatchObject({ status: "rejected" });
    expect(rejected.body.payload.lines.every((line: { outcome: null }) => line.outcome === null)).toBe(true);
    for (const member of members) expect(await adjustments(member)).toHaveLength(1);
  });
});
