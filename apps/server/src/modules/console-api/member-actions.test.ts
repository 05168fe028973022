import { afterEach, describe, expect, it } from "vitest";
import { registerMember } from "../../testing/flows.ts";
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

const fieldOf = (error: { field: string }) => error.field;
const entries = () => t.app.services.audit.all({});

describe("customer service's further member actions", () => {
  it("blocks and unblocks the member's number: CheckPhone refuses it meanwhile, one entry each", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const cs = as(await signedInOperator(t, "customerService"));
    const id = member.user.id as number;
    expect((await cs.post(`/members/${id}/block-number`, {})).body.payload.errors.map(fieldOf)).toEqual([
      "reason",
    ]);
    const blocked = await cs.post(`/members/${id}/block-number`, { reason: "fraud report" });
    expect(blocked.status, blocked.text).toBe(200);
    expect(blocked.body.payload.blocked).toEqual({ blocked: true, reason: "fraud report" });
    expect(await t.app.services.members.isBlocked("852", member.phone)).toBe(true);
    expect((await entries())[0]).toMatchObject({
      action: "number.block",
      target: `member:${id}`,
      actor: "operator:customerservice@example.com",
      after: { blocked: true, reason: "fraud report" },
    });
    const unblocked = await cs.post(`/members/${id}/unblock-number`, { reason: "cleared" });
    expect(unblocked.body.payload.blocked).toEqual({ blocked: false, reason: null });
    expect((await entries())[0]).toMatchObject({
      action: "number.unblock",
      before: { blocked: true, reason: "fraud report" },
    });
    // Nothing to lift: nothing changes, nothing recorded.
    const count = (await entries()).length;
    await cs.post(`/members/${id}/unblock-number`, { reason: "again" });
    expect((await entries()).length).toBe(count);
  });

  it("exports the member's data as a JSON download, recorded once", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 30);
    const admin = as(await signedInOperator(t, "administrator"));
    const noReason = await admin.post(`/members/${member.user.id}/export`);
    expect(noReason.body.payload.errors).toEqual([{ field: "reason", rule: "required" }]);
    const answer = await admin.post(`/members/${member.user.id}/export`, {
      reason: "Access request, ticket 88",
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers["content-disposition"]).toBe(
      `attachment; filename="member-${member.user.id}.json"`,
    );
    const document = JSON.parse(answer.text);
    expect(document.format).toBe("hcoins-member-export/1");
    expect(document.member.mobile_phone).toBe(member.phone);
    expect((await entries())[0]).toMatchObject({
      action: "member.export",
      target: `member:${member.user.id}`,
      after: { member_no: member.user.member_no, reason: "Access request, ticket 88" },
    });
  });

  it("erases the member only when the operator types their mobile number exactly", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 30);
    const admin = as(await signedInOperator(t, "administrator"));
    const id = member.user.id as number;
    const count = (await entries()).length;
    for (const typed of ["", `852${member.phone}`, member.phone.slice(1)]) {
      const refused = await admin.post(`/members/${id}/erase`, {
        confirm_mobile_phone: typed,
        reason: "Asked",
      });
      expect(refused.body.error_code, typed).toBe(4000);
    }
    expect(
      (await admin.post(`/members/${id}/erase`, { confirm_mobile_phone: "12345678", reason: "Asked" })).body
        .payload.errors,
    ).toEqual([{ field: "confirm_mobile_phone", rule: "confirmationMismatch" }]);
    expect(
      (await admin.post(`/members/${id}/erase`, { confirm_mobile_phone: member.phone })).body.payload.errors,
    ).toEqual([{ field: "reason", rule: "required" }]);
    expect((await entries()).length).toBe(count);
    expect(await t.app.services.members.findById(id)).toBeDefined();
    const memberNo = (await t.app.services.members.findById(id))?.member_no;
    const erased = await admin.post(`/members/${id}/erase`, {
      confirm_mobile_phone: member.phone,
      reason: "Member asked by email, ticket 91",
    });
    expect(erased.status, erased.text).toBe(200);
    expect(await t.app.services.members.findById(id)).toBeUndefined();
    expect((await entries())[0]).toMatchObject({
      action: "member.erase",
      target: `member:${id}`,
      after: { member_no: memberNo, reason: "Member asked by email, ticket 91", coins_forfeited: 30 },
    });
    // The 30 coins left the liability with the erasure: a forfeit on the anonymised account.
    const forfeited = await t.app.services.coinSchemeClient.ledger(member.hcoins);
    expect(forfeited.balance).toBe(0);
    expect(forfeited.entries[0]).toMatchObject({
      kind: "forfeit",
      coins: -30,
      actor: "operator:administrator@example.com",
    });
    const today = new Date(t.clock.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const figures = await t.app.services.coinSchemeClient.figures(today, today);
    expect(figures.days[0]?.forfeited).toBe(30);
    expect((await admin.get(`/members/${id}`)).status).toBe(404);
  });
});

describe("operators re-invited and disabled", () => {
  it("a new link replaces the old; a disabled operator's session ends", async () => {
    t = await createTestApp();
    const admin = as(await signedInOperator(t, "administrator"));
    const cs = await signedInOperator(t, "customerService");
    const { operators } = (await admin.get("/operators")).body.payload;
    const target = operators.find((operator: { email: string }) => operator.email === cs.email);
    const invited = await admin.post(`/operators/${target.id}/invite`);
    expect(invited.status, invited.text).toBe(200);
    expect(invited.body.payload.sign_in_link).toMatch(/\/console\/invitation#/);
    expect((await entries())[0]).toMatchObject({
      action: "operator.invite",
      target: `operator:${target.id}`,
    });
    const disabled = await admin.post(`/operators/${target.id}/disable`);
    expect(disabled.status, disabled.text).toBe(200);
    expect((await entries())[0]).toMatchObject({
      action: "operator.disable",
      after: { active: false },
    });
    expect((await consoleCall(t, "GET", "/session", { cookie: cs.cookie })).status).toBe(401);
    const listed = (await admin.get("/operators")).body.payload.operators;
    expect(listed.find((operator: { id: number }) => operator.id === target.id).active).toBe(false);
    expect((await admin.post("/operators/99999/disable")).status).toBe(404);
  });
});
