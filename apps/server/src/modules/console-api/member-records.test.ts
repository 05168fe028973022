import { afterEach, describe, expect, it } from "vitest";
import { latestCode, nextPhone, registerMember } from "../../testing/flows.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { linkedMember } from "../member-coins/coins-test-support.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

let t: TestApp;
afterEach(() => t?.close());

function as(operator: SignedInOperator) {
  return {
    get: (path: string) => consoleCall(t, "GET", path, { cookie: operator.cookie }),
    post: (path: string, body: Record<string, unknown> = {}) =>
      consoleCall(t, "POST", path, { cookie: operator.cookie, csrf: operator.csrf, body }),
  };
}

const lastEntry = async () => (await t.app.services.audit.all({}))[0];
const login = (phone: string, password: string) =>
  t.call("POST", "/crm/auth/login-with-mobile-password", {
    body: { mobile_phone_prefix: "852", mobile_phone: phone, password },
  });

describe("editing the member record", () => {
  it("changes name and email with a reason, audited before and after; the profile's email rules hold", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const other = await registerMember(t);
    const cs = as(await signedInOperator(t, "customerService"));
    const path = `/members/${member.user.id}/edit`;

    const noReason = await cs.post(path, { first_name: "Mei" });
    expect(noReason.body.payload.errors).toEqual([{ field: "reason", rule: "required" }]);
    const badEmail = await cs.post(path, { email: "not-an-email", reason: "typo" });
    expect(badEmail.body.payload.errors).toEqual([{ field: "email", rule: "emailFormat" }]);
    const cleared = await cs.post(path, { email: "", reason: "typo" });
    expect(cleared.body.payload.errors).toEqual([{ field: "email", rule: "emailKeep" }]);
    const taken = await cs.post(path, { email: other.payload.email, reason: "typo" });
    expect(taken.body.error_code).toBe(40010);
    const nothing = await cs.post(path, { first_name: member.payload.first_name, reason: "typo" });
    expect(nothing.body.payload.errors).toEqual([{ field: "first_name", rule: "nothingToChange" }]);

    const edited = await cs.post(path, {
      first_name: " Mei ",
      email: "Mei.Chan@Example.com",
      reason: "typo at sign-up",
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.payload.member).toMatchObject({ first_name: "Mei", email: "mei.chan@example.com" });
    expect(await lastEntry()).toMatchObject({
      action: "member.edit",
      target: `member:${member.user.id}`,
      before: { first_name: member.payload.first_name, email: member.payload.email },
      after: { first_name: "Mei", email: "mei.chan@example.com", reason: "typo at sign-up" },
    });
  });

  it("corrects the birth month past the profile's lock once a second operator approves, and the scheme's birthday month follows", async () => {
    t = await createTestApp();
    const member = await linkedMember(t);
    const cs = as(await signedInOperator(t, "customerService"));
    const path = `/members/${member.user.id}/birth-month`;
    expect((await cs.post(path, { birthday_month: 13, reason: "x" })).body.payload.errors).toEqual([
      { field: "birthday_month", rule: "birthInvalid" },
    ]);
    expect((await cs.post(path, { birthday_month: 7, reason: "x" })).body.payload.errors).toEqual([
      { field: "birthday_month", rule: "nothingToChange" },
    ]);
    const asked = await cs.post(path, { birthday_month: 2, reason: "passport shows February" });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const approvalId = asked.body.payload.approval_id;
    // Nothing changes until a second operator approves; customer service cannot approve at all.
    expect((await t.app.services.members.findById(member.user.id))?.birthday_month).toBe(7);
    expect((await cs.post(`/approvals/${approvalId}/approve`, { note: "mine" })).body.error_code).toBe(4030);
    const pm = as(await signedInOperator(t, "programmeManager"));
    const approved = await pm.post(`/approvals/${approvalId}/approve`, { note: "passport seen" });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.payload).toMatchObject({ kind: "member.birthMonth", status: "approved" });
    expect((await t.app.services.members.findById(member.user.id))?.birthday_month).toBe(2);
    const account = await t.app.services.coinSchemeClient.findAccountByPhone("852", member.phone);
    expect(account?.birth_month).toBe(2);
    expect((await t.app.services.audit.all({ action: "member.correctBirthMonth" }))[0]).toMatchObject({
      actor: "operator:programmemanager@example.com",
      before: { birthday_month: 7 },
      after: { birthday_month: 2, reason: "passport shows February" },
    });
  });
});

describe("changing the member's mobile number", () => {
  it("sends a code to the new number, takes the code the member reads out, keeps the old number, ends the sessions, moves the H Coins account", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 40);
    const cs = as(await signedInOperator(t, "customerService"));
    const id = member.user.id;
    const newPhone = nextPhone();

    const landline = await cs.post(`/members/${id}/mobile-number/code`, {
      mobile_phone_prefix: "852",
      mobile_phone: "21234567",
    });
    expect(landline.body.payload.errors).toEqual([{ field: "mobile_phone", rule: "mobileNotMobile" }]);
    const sent = await cs.post(`/members/${id}/mobile-number/code`, {
      mobile_phone_prefix: "852",
      mobile_phone: newPhone,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const code = await latestCode(t, newPhone);
    const change = (body: Record<string, unknown>) =>
      cs.post(`/members/${id}/mobile-number`, {
        mobile_phone_prefix: "852",
        mobile_phone: newPhone,
        reason: "lost the old SIM",
        ...body,
      });
    const wrong = await change({ code: code === "000000" ? "111111" : "000000" });
    expect(wrong.body.error_code).toBe(4201);

    const changed = await change({ code });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.payload.member.mobile_phone).toBe(newPhone);
    // The member's session ended; the same password works with the new number only.
    expect((await t.call("GET", "/crm/user/profile", { token: member.token })).status).toBe(401);
    expect((await login(newPhone, member.payload.password)).status).toBe(200);
    expect((await login(member.phone, member.payload.password)).status).not.toBe(200);
    // The scheme finds the account, with its coins, under the new number.
    const account = await t.app.services.coinSchemeClient.findAccountByPhone("852", newPhone);
    expect(account?.hcoins_memberno).toBe(member.hcoins);
    expect(await t.app.services.coinSchemeClient.findAccountByPhone("852", member.phone)).toBeNull();

    const history = await cs.get(`/members/${id}/phone-history`);
    expect(history.body.payload.numbers).toEqual([
      expect.objectContaining({
        mobile_phone: member.phone,
        replaced_by: "operator:customerservice@example.com",
        reason: "lost the old SIM",
      }),
    ]);
    expect(await lastEntry()).toMatchObject({
      action: "member.changeMobileNumber",
      before: { mobile_phone: member.phone },
      after: { mobile_phone: newPhone, reason: "lost the old SIM" },
    });
    // A data access request shows the earlier number, and the addresses that asked codes for the number are withheld.
    const row = await t.app.services.members.findById(id);
    const exported = await t.app.services.dataProtection.exportDocument(
      row as never,
      { actor: "cli:test", address: null },
      "data access request",
    );
    expect(exported.phone_history).toEqual([
      expect.objectContaining({ mobile_phone: member.phone, reason: "lost the old SIM" }),
    ]);
    expect(exported.sms_limit_sources[0]).not.toHaveProperty("source");
    expect(exported.withheld).toHaveProperty(["sms_limit_sources.source"]);
    // Now the member's own number.
    expect((await change({ code })).body.payload.errors).toEqual([
      { field: "mobile_phone", rule: "sameNumber" },
    ]);
  });

  it("refuses a number another member holds (4267), a blocked one (4268), the member's own, and one another H Coins account holds (4269)", async () => {
    t = await createTestApp();
    const member = await linkedMember(t);
    const other = await registerMember(t);
    const cs = as(await signedInOperator(t, "customerService"));
    const send = (phone: string) =>
      cs.post(`/members/${member.user.id}/mobile-number/code`, {
        mobile_phone_prefix: "852",
        mobile_phone: phone,
      });
    expect((await send(other.phone)).body.error_code).toBe(4267);
    const blocked = nextPhone();
    await t.app.services.memberSupport.blockNumber("852", blocked, "fraud", {
      actor: "cli:test",
      address: null,
    });
    expect((await send(blocked)).body.error_code).toBe(4268);
    expect((await send(member.phone)).body.payload.errors).toEqual([
      { field: "mobile_phone", rule: "sameNumber" },
    ]);

    const heldAtScheme = nextPhone();
    await t.app.services.coinSchemeClient.createAccount({ prefix: "852", phone: heldAtScheme });
    expect((await send(heldAtScheme)).status).toBe(200);
    const refused = await cs.post(`/members/${member.user.id}/mobile-number`, {
      mobile_phone_prefix: "852",
      mobile_phone: heldAtScheme,
      code: await latestCode(t, heldAtScheme),
      reason: "new SIM",
    });
    expect(refused.body.error_code).toBe(4269);
    expect((await t.app.services.members.findById(member.user.id))?.mobile_phone).toBe(member.phone);
  });
});

describe("case notes and the member's history", () => {
  it("lists notes newest first with their author, and what operators did to the member with their reasons, in pages", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const cs = as(await signedInOperator(t, "customerService"));
    const id = member.user.id;
    expect((await cs.post(`/members/${id}/case-notes`, { note: " " })).body.payload.errors).toEqual([
      { field: "note", rule: "required" },
    ]);
    for (const note of ["first call", "second call"]) await cs.post(`/members/${id}/case-notes`, { note });
    const notes = await cs.get(`/members/${id}/case-notes`);
    expect(notes.body.payload.total).toBe(2);
    expect(notes.body.payload.notes.map((n: { note: string }) => n.note)).toEqual([
      "second call",
      "first call",
    ]);
    expect(notes.body.payload.notes[0].author).toBe("operator:customerservice@example.com");

    for (let i = 0; i < 20; i++) await cs.post(`/members/${id}/unlock`, { reason: `call ${i}` });
    const first = await cs.get(`/members/${id}/history`);
    expect(first.body.payload.total).toBe(22);
    expect(first.body.payload.entries).toHaveLength(20);
    expect(first.body.payload.entries[0]).toMatchObject({
      action: "member.unlock",
      reason: "call 19",
      actor: "operator:customerservice@example.com",
    });
    const second = await cs.get(`/members/${id}/history?page=2`);
    expect(second.body.payload.entries.map((e: { action: string }) => e.action)).toEqual([
      "member.caseNote",
      "member.caseNote",
    ]);
  });
});
