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
    const answer = await admin.post(`/members/${member.user.id}/export`);
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
    });
  });

  it("erases the member only when the operator types their mobile number exactly", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 30);
    const admin = as(await signedInOperator(t, "administrator"));
    const id = member.user.id as number;
    const count = (await entries()).length;
    for (const typed of ["", `852${member.phone}`, member.phone.slice(1)]) {
      const refused = await admin.post(`/members/${id}/erase`, { confirm_mobile_phone: typed });
      expect(refused.body.error_code, typed).toBe(4000);
    }
    expect(
      (await admin.post(`/members/${id}/erase`, { confirm_mobile_phone: "12345678" })).body.payload.errors,
    ).toEqual([{ field: "confirm_mobile_phone", rule: "confirmationMismatch" }]);
    expect((await entries()).length).toBe(count);
    expect(await t.app.services.members.findById(id)).toBeDefined();
    const erased = await admin.post(`/members/${id}/erase`, { confirm_mobile_phone: member.phone });
    expect(erased.status, erased.text).toBe(200);
    expect(await t.app.services.members.findById(id)).toBeUndefined();
    expect((await entries())[0]).toMatchObject({ action: "member.erase", target: `member:${id}` });
    expect((await admin.get(`/members/${id}`)).status).toBe(404);
  });
});

describe("the adjustment ceiling", () => {
  it("refuses an adjustment above the role's ceiling with the ceiling; an administrator changes it", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 5000);
    const cs = as(await signedInOperator(t, "customerService"));
    const admin = as(await signedInOperator(t, "administrator"));
    const ceilings = await cs.get("/adjustment-ceilings");
    expect(ceilings.body.payload).toMatchObject({
      customerService: 1000,
      programmeManager: 100_000,
      administrator: null,
    });
    const path = `/members/${member.user.id}/adjust-coins`;
    const count = (await entries()).length;
    for (const coins of [1001, -1001]) {
      const refused = await cs.post(path, { coins, reason: "goodwill" });
      expect(refused.body.error_code).toBe(4000);
      expect(refused.body.payload).toMatchObject({
        errors: [{ field: "coins", rule: "coinsAboveCeiling" }],
        ceiling: 1000,
      });
    }
    expect((await entries()).length).toBe(count);
    expect((await cs.post(path, { coins: -1000, reason: "goodwill" })).status).toBe(200);
    expect((await admin.post(path, { coins: 50_000, reason: "campaign" })).status).toBe(200);

    const set = await admin.post("/adjustment-ceilings", {
      ...ceilings.body.payload,
      customerService: 2000,
    });
    expect(set.status, set.text).toBe(200);
    expect((await entries())[0]).toMatchObject({
      action: "coins.setAdjustmentCeilings",
      before: { customerService: 1000 },
      after: { customerService: 2000 },
    });
    expect((await cs.post(path, { coins: 1500, reason: "goodwill" })).status).toBe(200);
    const bad = await admin.post("/adjustment-ceilings", { ...ceilings.body.payload, customerService: 0 });
    expect(bad.body.error_code).toBe(4000);
    expect((await cs.post("/adjustment-ceilings", ceilings.body.payload)).status).toBe(403);
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
