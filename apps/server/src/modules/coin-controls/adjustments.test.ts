import { randomUUID } from "node:crypto";
import { ADJUSTMENT_REASON_TEXT, GENERIC_ADJUSTMENT_TEXT } from "@hcoins/domain/adjustment-reasons";
import { DEFAULT_COIN_CONTROLS } from "@hcoins/domain/api/console-coin-controls";
import { CONTRACT } from "@hcoins/domain/api/contract";
import { serverPath } from "@hcoins/domain/api/routes";
import { afterEach, describe, expect, it, vi } from "vitest";
import { metrics } from "../../metrics.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import {
  consoleCall,
  cookieOf,
  type SignedInOperator,
  signedInOperator,
} from "../console-api/console-test-support.ts";
import { BASE, credit, linkedMember, type Member } from "../member-coins/coins-test-support.ts";
import { totpCode } from "../operators/totp.ts";

let t: TestApp;
afterEach(() => t?.close());

function as(operator: SignedInOperator) {
  return {
    get: (path: string) => consoleCall(t, "GET", path, { cookie: operator.cookie }),
    post: (path: string, body: Record<string, unknown> = {}) =>
      consoleCall(t, "POST", path, { cookie: operator.cookie, csrf: operator.csrf, body }),
  };
}

const adjust = (coins: number, fields: Record<string, unknown> = {}) => ({
  coins,
  reason_code: "goodwill",
  note: "ticket 4711",
  idempotency_key: randomUUID(),
  ...fields,
});

const ledgerOf = async (member: Member) =>
  (await t.app.services.coinSchemeClient.ledger(member.hcoins, { limit: 500 })).entries.filter(
    (entry) => entry.kind === "adjustment" && entry.actor !== "tester",
  );

/** Every member call a signed-in member can make, answered bodies as text. */
async function everyMemberAnswer(member: Member): Promise<string[]> {
  const bodies: string[] = [];
  for (const route of Object.values(CONTRACT)) {
    if (route.access !== "member" && route.access !== "guest") continue;
    const answer = await t.call(route.method, serverPath(route).replace(":id", "1"), {
      token: member.token,
      ...(route.method === "POST" ? { body: {} } : {}),
    });
    bodies.push(JSON.stringify(answer.body));
  }
  return bodies;
}

describe("member-facing reasons", () => {
  it("only the reason code reaches the ledger; the member reads its text in three languages and no answer holds the note", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 100);
    const cs = as(await signedInOperator(t, "customerService"));
    const note = `INTERNAL-${randomUUID()} test below zero, ticket 99`;
    const path = `/members/${member.user.id}/adjust-coins`;
    const done = await cs.post(path, adjust(50, { reason_code: "missedPromotion", note }));
    expect(done.status, done.text).toBe(200);
    expect(done.body.payload.adjustment).toEqual({ status: "applied", approval_id: null });
    // A legacy adjustment: free text on the ledger, typed for operators.
    await credit(t, member.hcoins, 7);

    const [entry] = await ledgerOf(member);
    expect(entry?.reason).toBe("missedPromotion");
    expect(JSON.stringify(await t.app.services.coinSchemeClient.ledger(member.hcoins))).not.toContain(note);

    const history = await t.call("POST", `${BASE}/hcoin-history`, { body: {}, token: member.token });
    const reasons = history.body.payload.entries
      .filter((line: { kind: string }) => line.kind === "adjustment")
      .map((line: { reason: unknown }) => line.reason);
    // Newest first: the legacy credit, the agent's, and linkedMember's own free-text welcome credit.
    expect(reasons).toEqual([
      GENERIC_ADJUSTMENT_TEXT,
      ADJUSTMENT_REASON_TEXT.missedPromotion,
      GENERIC_ADJUSTMENT_TEXT,
    ]);
    expect(JSON.stringify(history.body)).not.toContain("Welcome gift");

    const bodies = await everyMemberAnswer(member);
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) expect(body).not.toContain(note);

    // Operators read the code and the note on the member's ledger.
    const page = await cs.get(`/members/${member.user.id}/ledger`);
    expect(page.body.payload.entries[1]).toMatchObject({ reason: "missedPromotion", note });
    expect(page.body.payload.entries[0]).toMatchObject({ reason: "Welcome gift", note: null });
    const audit = await t.app.services.audit.all({ action: "coins.adjust" });
    expect(audit[0]?.after).toMatchObject({ reason_code: "missedPromotion", note, coins: 50 });
  });

  it("refuses a missing or unknown reason code and a missing or long note, field by field", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 100);
    const cs = as(await signedInOperator(t, "customerService"));
    const path = `/members/${member.user.id}/adjust-coins`;
    const bad = await cs.post(path, { coins: 5, reason_code: "typed", note: "", idempotency_key: "" });
    expect(bad.body.error_code).toBe(4000);
    expect(bad.body.payload.errors.map((each: { field: string }) => each.field).sort()).toEqual([
      "idempotency_key",
      "note",
      "reason_code",
    ]);
    const long = await cs.post(path, adjust(5, { note: "x".repeat(501) }));
    expect(long.body.payload.errors).toEqual([{ field: "note", rule: "tooLong" }]);
    expect(await ledgerOf(member)).toEqual([]);
  });
});

describe("idempotent adjustments", () => {
  it("20 identical calls at once, a retry and a second tab apply once and answer the first outcome", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 100);
    const cs = as(await signedInOperator(t, "customerService"));
    const path = `/members/${member.user.id}/adjust-coins`;
    const body = adjust(40);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cs.post(path, body)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect((await cs.post(path, body)).body.payload.adjustment.status).toBe("applied");
    expect(await ledgerOf(member)).toHaveLength(1);
    expect(await t.app.services.audit.all({ action: "coins.adjust" })).toHaveLength(1);
    const today = await cs.get("/coin-controls/today");
    expect(today.body.payload).toMatchObject({ operator_moved: 40, role_moved: 40 });

    const other = await cs.post(path, { ...body, coins: 41 });
    expect(other.body.error_code).toBe(4256);
    expect(await ledgerOf(member)).toHaveLength(1);
  });

  it("a crash between the scheme and the member server: the retry finds the scheme's entry, still once", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 100);
    const cs = as(await signedInOperator(t, "customerService"));
    const path = `/members/${member.user.id}/adjust-coins`;
    const body = adjust(30);
    // The scheme has committed; the member server dies before it records that.
    const repository = (t.app.services.coinAdjustments as unknown as { repo: object }).repo as {
      moveAdjustment: (...args: unknown[]) => Promise<boolean>;
    };
    const crash = vi.spyOn(repository, "moveAdjustment").mockRejectedValueOnce(new Error("process killed"));
    expect((await cs.post(path, body)).status).toBe(500);
    crash.mockRestore();
    expect(await ledgerOf(member)).toHaveLength(1);
    const retried = await cs.post(path, body);
    expect(retried.body.payload.adjustment.status).toBe("applied");
    expect(await ledgerOf(member)).toHaveLength(1);
    expect(retried.body.payload.coins.balance).toBe(130);
  });
});

describe("coin controls", () => {
  it("30 parallel calls at the ceiling stop at the operator's daily total, with what is left", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 0);
    const agent = await signedInOperator(t, "customerService");
    const cs = as(agent);
    const admin = as(await signedInOperator(t, "administrator"));
    const controls = structuredClone(DEFAULT_COIN_CONTROLS);
    controls.customerService = {
      ceiling: 1000,
      operator_daily_total: 5000,
      role_daily_total: null,
      approval_threshold: null,
    };
    expect((await admin.post("/coin-controls", controls)).status).toBe(200);
    const path = `/members/${member.user.id}/adjust-coins`;
    const answers = await Promise.all(Array.from({ length: 30 }, () => cs.post(path, adjust(1000))));
    const applied = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(applied).toHaveLength(5);
    for (const answer of refused) {
      expect(answer.body.error_code).toBe(4252);
      expect(answer.body.payload).toMatchObject({ remaining: 0, daily_total: 5000 });
    }
    const ledger = await ledgerOf(member);
    expect(ledger.reduce((sum, entry) => sum + entry.coins, 0)).toBe(5000);
    // A debit counts too (absolute value), and the next Hong Kong day starts again.
    expect((await cs.post(path, adjust(-1))).body.error_code).toBe(4252);
    t.clock.advance(24 * 3_600_000);
    const signedIn = await consoleCall(t, "POST", "/session/sign-in", {
      body: {
        email: agent.email,
        password: agent.password,
        totp_code: totpCode(agent.secret, t.clock.now()),
      },
    });
    const tomorrow = as({ ...agent, cookie: cookieOf(signedIn), csrf: signedIn.body.payload.csrf_token });
    expect((await tomorrow.post(path, adjust(-1000))).status).toBe(200);
  });

  it("the role's daily total holds across its operators; a refused debit gives its share back", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 0);
    const first = as(await signedInOperator(t, "customerService"));
    const second = as(await signedInOperator(t, "customerService", "second@example.com"));
    const admin = as(await signedInOperator(t, "administrator"));
    const controls = structuredClone(DEFAULT_COIN_CONTROLS);
    controls.customerService = {
      ceiling: 1000,
      operator_daily_total: null,
      role_daily_total: 1500,
      approval_threshold: null,
    };
    await admin.post("/coin-controls", controls);
    const path = `/members/${member.user.id}/adjust-coins`;
    // Below the balance: refused by the scheme, nothing counted.
    expect((await first.post(path, adjust(-900))).body.payload.errors).toEqual([
      { field: "coins", rule: "balanceTooLow" },
    ]);
    expect((await first.post(path, adjust(900))).status).toBe(200);
    const over = await second.post(path, adjust(700));
    expect(over.body.error_code).toBe(4253);
    expect(over.body.payload).toMatchObject({ remaining: 600, daily_total: 1500 });
    expect((await second.post(path, adjust(600))).status).toBe(200);
  });

  it("keeps the per-call ceiling, and counts and logs the operator passing 80% of their daily total", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 0);
    const cs = as(await signedInOperator(t, "customerService"));
    const path = `/members/${member.user.id}/adjust-coins`;
    const refused = await cs.post(path, adjust(1001));
    expect(refused.body.payload).toMatchObject({
      errors: [{ field: "coins", rule: "coinsAboveCeiling" }],
      ceiling: 1000,
    });
    const near = async () =>
      Number(
        /hcoins_operator_near_daily_total_total\{role="customerService"\} (\d+)/.exec(
          (await metrics.text()).body,
        )?.[1] ?? 0,
      );
    const before = await near();
    // Default: 5,000 a day, 500 without approval. 3,500 moved, then 500 crosses 4,000.
    for (let i = 0; i < 7; i++) expect((await cs.post(path, adjust(500))).status).toBe(200);
    expect(await near()).toBe(before);
    expect((await cs.post(path, adjust(500))).status).toBe(200);
    expect(await near()).toBe(before + 1);
    expect((await cs.post(path, adjust(500))).status).toBe(200);
    expect(await near()).toBe(before + 1);
  });

  it("an administrator sets the controls (audited); an earlier ceiling setting is kept; others may not", async () => {
    t = await createTestApp();
    await t.app.services.settings.claim(
      "console.adjustmentCeilings",
      JSON.stringify({ customerService: 800, programmeManager: 1000 }),
    );
    const cs = as(await signedInOperator(t, "customerService"));
    const admin = as(await signedInOperator(t, "administrator"));
    const read = await cs.get("/coin-controls");
    expect(read.body.payload.customerService).toEqual({
      ...DEFAULT_COIN_CONTROLS.customerService,
      ceiling: 800,
    });
    const changed = { ...read.body.payload, auditor: { ...read.body.payload.auditor, ceiling: 5 } };
    expect((await admin.post("/coin-controls", changed)).status).toBe(200);
    expect((await t.app.services.audit.all({ action: "coins.setControls" }))[0]?.after).toMatchObject({
      auditor: { ceiling: 5 },
    });
    const bad = await admin.post("/coin-controls", {
      ...changed,
      customerService: { ...changed.customerService, approval_threshold: 0 },
    });
    expect(bad.body.error_code).toBe(4000);
    expect((await cs.post("/coin-controls", changed)).status).toBe(403);
  });
});
