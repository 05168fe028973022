import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hcoinAdjust } from "../../cli/coin-scheme.ts";
import { registerMember } from "../../testing/flows.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { linkedMember } from "../member-coins/coins-test-support.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

const LOGIN = "/crm/auth/login-with-mobile-password";
let t: TestApp;
afterEach(() => t?.close());

const login = (phone: string, password: string) =>
  t.call("POST", LOGIN, { body: { mobile_phone_prefix: "852", mobile_phone: phone, password } });

function as(operator: SignedInOperator) {
  return {
    get: (path: string) => consoleCall(t, "GET", path, { cookie: operator.cookie }),
    post: (path: string, body: Record<string, unknown> = {}) =>
      consoleCall(t, "POST", path, { cookie: operator.cookie, csrf: operator.csrf, body }),
  };
}

const lastEntry = async () => (await t.app.services.audit.all({}))[0];

describe("customer service in the console", () => {
  it("finds a member by mobile number (with or without 852 / +852), member number, email or H Coins number", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 30);
    const cs = as(await signedInOperator(t, "customerService"));
    const id = member.user.id as number;
    const row = await t.app.services.members.findById(id);
    const keys = [
      member.phone,
      `852${member.phone}`,
      `+852 ${member.phone.slice(0, 4)} ${member.phone.slice(4)}`,
      row?.member_no as string,
      (member.payload.email as string).toUpperCase(),
      member.hcoins,
    ];
    for (const q of keys) {
      const found = await cs.get(`/members?q=${encodeURIComponent(q)}`);
      expect(found.status, q).toBe(200);
      expect(
        found.body.payload.members.map((m: { id: number }) => m.id),
        q,
      ).toEqual([id]);
    }
    expect((await cs.get("/members?q=99999999")).body.payload.members).toEqual([]);
    expect((await cs.get("/members?q=")).body.error_code).toBe(4000);
  });

  it("shows the member's page: status, SMS without codes, sessions, consents and the H Coins account", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 30);
    const cs = as(await signedInOperator(t, "customerService"));
    const page = await cs.get(`/members/${member.user.id}`);
    expect(page.status, page.text).toBe(200);
    const detail = page.body.payload;
    expect(detail.member).toMatchObject({
      status: "registered",
      has_password: true,
      hcoins_memberno: member.hcoins,
    });
    expect(detail.login).toEqual({ locked: false, failures: 0, retry_after_seconds: null });
    expect(detail.blocked).toEqual({ blocked: false, reason: null });
    expect(detail.sms).toEqual([expect.objectContaining({ purpose: "register", delivered: true })]);
    expect(page.text).not.toContain((await t.smsCodes("852", member.phone))[0]);
    // A send the gateway refused is listed too, newest first, as not delivered.
    vi.spyOn(t.app.services.smsSender, "send").mockRejectedValueOnce(new Error("gateway down (test)"));
    t.clock.advance(2 * 60_000);
    const forgot = await t.call("POST", "/crm/auth/forgot-password-with-mobile", {
      body: { mobile_phone_prefix: "852", mobile_phone: member.phone },
    });
    expect(forgot.status).toBe(503);
    const after = (await cs.get(`/members/${member.user.id}`)).body.payload;
    expect(
      after.sms.map((sms: { purpose: string; delivered: boolean }) => [sms.purpose, sms.delivered]),
    ).toEqual([
      ["reset", false],
      ["register", true],
    ]);
    expect(detail.sessions.length).toBeGreaterThan(0);
    expect(detail.consents.length).toBeGreaterThan(0);
    expect(detail.coins).toMatchObject({ hcoins_memberno: member.hcoins, balance: 30 });
    expect(detail.coins).not.toHaveProperty("ledger");
    const ledger = (await cs.get(`/members/${member.user.id}/ledger`)).body.payload;
    expect(ledger.entries[0]).toMatchObject({ kind: "adjustment", coins: 30 });
    expect((await cs.get("/members/999999")).status).toBe(404);
  });

  it("unlocks a locked login: the member's lock was recorded, the unlock too, with before and after", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    for (let i = 0; i < 5; i++) await login(member.phone, "Wrong123x");
    expect((await login(member.phone, member.payload.password)).body.error_code).toBe(4290);
    const locked = await lastEntry();
    expect(locked).toMatchObject({
      actor: "system",
      action: "member.locked",
      target: `member:${member.user.id}`,
    });

    const cs = as(await signedInOperator(t, "customerService"));
    const page = await cs.get(`/members/${member.user.id}`);
    expect(page.body.payload.login).toMatchObject({ locked: true, failures: 5 });
    const unlocked = await cs.post(`/members/${member.user.id}/unlock`, { reason: "called from the shop" });
    expect(unlocked.status, unlocked.text).toBe(200);
    expect(unlocked.body.payload.login).toEqual({ locked: false, failures: 0, retry_after_seconds: null });
    expect(await lastEntry()).toMatchObject({
      actor: "operator:customerservice@example.com",
      action: "member.unlock",
      target: `member:${member.user.id}`,
      before: { locked: true, failures: 5 },
      after: { locked: false, reason: "called from the shop" },
      address: "127.0.0.1",
    });
    // The lock is gone from the very address that caused it.
    expect((await login(member.phone, member.payload.password)).status).toBe(200);
  });

  it("resets the number's SMS allowance", async () => {
    t = await createTestApp({ env: { SMS_NUMBER_HOURLY_LIMIT: "1" } });
    const member = await registerMember(t);
    const forgot = () =>
      t.call("POST", "/crm/auth/forgot-password-with-mobile", {
        body: { mobile_phone_prefix: "852", mobile_phone: member.phone },
      });
    expect((await forgot()).body.error_code).toBe(4204);
    const cs = as(await signedInOperator(t, "customerService"));
    const reset = await cs.post(`/members/${member.user.id}/reset-sms-allowance`);
    expect(reset.status, reset.text).toBe(200);
    expect(await lastEntry()).toMatchObject({
      action: "member.resetSmsAllowance",
      before: { sms_limits: expect.arrayContaining([expect.objectContaining({ limit: "number", used: 1 })]) },
      after: { sms_limits: expect.arrayContaining([expect.objectContaining({ limit: "number", used: 0 })]) },
    });
    expect((await forgot()).status).toBe(200);
  });

  it("disables (sessions revoked) and enables with a reason; revokes sessions", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const cs = as(await signedInOperator(t, "customerService"));
    const id = member.user.id;
    const noReason = await cs.post(`/members/${id}/disable`);
    expect(noReason.body.error_code).toBe(4000);
    expect(noReason.body.payload.errors.map((error: { field: string }) => error.field)).toEqual(["reason"]);
    const disabled = await cs.post(`/members/${id}/disable`, { reason: "reported stolen" });
    expect(disabled.body.payload.member.status).toBe("disabled");
    expect((await t.call("GET", "/crm/user/profile", { token: member.token })).status).toBe(401);
    expect((await login(member.phone, member.payload.password)).body.error_code).toBe(4202);
    expect(await lastEntry()).toMatchObject({
      action: "member.disable",
      before: { status: "registered" },
      after: { status: "disabled", reason: "reported stolen" },
    });
    const enabled = await cs.post(`/members/${id}/enable`, { reason: "owner confirmed" });
    expect(enabled.body.payload.member.status).toBe("registered");
    const { body } = await login(member.phone, member.payload.password);
    const revoked = await cs.post(`/members/${id}/revoke-sessions`);
    expect(
      revoked.body.payload.sessions.every((s: { revoked_at: string | null }) => s.revoked_at !== null),
    ).toBe(true);
    expect((await t.call("GET", "/crm/user/profile", { token: body.payload.access_token })).status).toBe(401);
    expect(await lastEntry()).toMatchObject({ action: "member.revokeSessions", after: { live_sessions: 0 } });
  });

  it("adjusts coins with a reason, the operator's email on the ledger; a debit over the balance is refused", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 10);
    const pm = as(await signedInOperator(t, "programmeManager"));
    const adjust = (coins: number) => ({
      coins,
      reason_code: "goodwill",
      note: "ticket 12",
      idempotency_key: randomUUID(),
    });
    const credited = await pm.post(`/members/${member.user.id}/adjust-coins`, adjust(15));
    expect(credited.status, credited.text).toBe(200);
    expect(credited.body.payload.coins.balance).toBe(25);
    const ledger = (await pm.get(`/members/${member.user.id}/ledger`)).body.payload;
    expect(ledger.entries[0]).toMatchObject({
      coins: 15,
      reason: "goodwill",
      actor: "programmemanager@example.com",
    });
    expect(await lastEntry()).toMatchObject({
      action: "coins.adjust",
      before: { balance: 10 },
      after: { balance: 25 },
    });
    const before = (await t.app.services.audit.all({})).length;
    const over = await pm.post(`/members/${member.user.id}/adjust-coins`, adjust(-100));
    expect(over.body.payload.errors).toEqual([{ field: "coins", rule: "balanceTooLow" }]);
    expect((await pm.post(`/members/${member.user.id}/adjust-coins`, adjust(0))).body.error_code).toBe(4000);
    expect((await t.app.services.audit.all({})).length).toBe(before);

    const unlinked = await registerMember(t);
    expect((await pm.post(`/members/${unlinked.user.id}/adjust-coins`, adjust(5))).body.error_code).toBe(
      4235,
    );
  });

  it("records the members' own security events: password change and reset, erasure, a CLI adjustment", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    await t.call("POST", "/crm/auth/forgot-password-with-mobile", {
      body: { mobile_phone_prefix: "852", mobile_phone: member.phone },
    });
    const [code] = await t.smsCodes("852", member.phone);
    const status = await t.call("POST", "/crm/auth/reset-password-token-status", {
      body: { mobile_phone_prefix: "852", mobile_phone: member.phone, mobile_token: code },
    });
    const reset = await t.call("POST", "/crm/auth/reset-password", {
      body: { token: status.body.payload.reset_token, new_password: member.payload.password },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await lastEntry()).toMatchObject({
      actor: `member:${member.user.id}`,
      action: "member.passwordReset",
      target: `member:${member.user.id}`,
      address: "127.0.0.1",
    });

    const linked = await linkedMember(t);
    await hcoinAdjust(t.app.services, [
      "852",
      linked.phone,
      "+20",
      "--reason",
      "goodwill",
      "--note",
      "ticket 12",
    ]);
    expect(await lastEntry()).toMatchObject({
      action: "coins.adjust",
      target: `hcoins:${linked.hcoins}`,
      before: { balance: 0 },
      after: { balance: 20, reason_code: "goodwill", note: "ticket 12" },
    });
    const row = await t.app.services.members.findById(linked.user.id);
    await t.app.services.dataProtection.erase(
      row as NonNullable<typeof row>,
      { actor: "cli:amy", address: null },
      "Member asked by email",
    );
    expect(await lastEntry()).toMatchObject({
      actor: "cli:amy",
      action: "member.erase",
      target: `member:${linked.user.id}`,
      before: null,
      after: { member_no: linked.user.member_no, reason: "Member asked by email", coins_forfeited: 20 },
    });

    // The reset logged every device out: a new login to change the password from.
    const fresh = (await login(member.phone, member.payload.password)).body.payload.access_token;
    await t.call("POST", "/crm/user/change-password", {
      token: fresh,
      body: { old_password: member.payload.password, new_password: "Newpass2024" },
    });
    expect(await lastEntry()).toMatchObject({
      actor: `member:${member.user.id}`,
      action: "member.passwordChange",
      target: `member:${member.user.id}`,
    });
  });
});

describe("the audit log in the console", () => {
  it("is searched by actor, action, target and time, newest first, and exported as CSV", async () => {
    t = await createTestApp();
    const { audit } = t.app.services;
    const auditor = as(await signedInOperator(t, "auditor"));
    await audit.record({
      actor: "cli:amy",
      action: "member.disable",
      target: "member:1",
      after: { reason: "=SUM(A1)" },
    });
    t.clock.advance(60_000);
    const middle = new Date(t.clock.now()).toISOString();
    await audit.record({
      actor: "cli:amy",
      action: "member.enable",
      target: "member:1",
      after: { reason: 'a "b", c' },
    });
    await audit.record({ actor: "cli:bob", action: "member.disable", target: "member:2" });

    const all = await auditor.get("/audit?actor=cli:amy");
    expect(all.body.payload.total).toBe(2);
    expect(all.body.payload.entries.map((e: { action: string }) => e.action)).toEqual([
      "member.enable",
      "member.disable",
    ]);
    const byAction = await auditor.get("/audit?action=member.disable&page_size=1");
    expect(byAction.body.payload.total).toBe(2);
    expect(byAction.body.payload.entries).toHaveLength(1);
    expect(byAction.body.payload.entries[0].target).toBe("member:2");
    const since = await auditor.get(`/audit?target=member:1&from=${encodeURIComponent(middle)}`);
    expect(since.body.payload.entries.map((e: { action: string }) => e.action)).toEqual(["member.enable"]);
    expect((await auditor.get("/audit?from=yesterday")).body.error_code).toBe(4000);

    const csv = await auditor.get("/audit.csv?actor=cli:amy");
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toBe("id,at,actor,action,target,before,after,address");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"{""reason"":""a \\""b\\"", c""}"');
    // A cell that a spreadsheet would run as a formula is quoted out of it.
    await audit.record({ actor: '=HYPERLINK("x")', action: "test.formula" });
    const formula = await auditor.get("/audit.csv?action=test.formula");
    expect(formula.text).toContain(`,"'=HYPERLINK(""x"")",test.formula,`);
  });
});
