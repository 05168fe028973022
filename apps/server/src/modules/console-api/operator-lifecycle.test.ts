import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { LastAdministratorRole } from "../operators/lifecycle.ts";
import { totpCode } from "../operators/totp.ts";
import {
  consoleCall,
  cookieOf,
  linkToken,
  OPERATOR_PASSWORD,
  type SignedInOperator,
  secretOf,
  signedInOperator,
} from "./console-test-support.ts";

const CLI = { actor: "cli:test", address: null };
const STEP = 30_000;

/** Re-enabling, changing the role, unlocking, resetting the authenticator and ending sessions. */
describe("an operator's lifecycle", () => {
  let t: TestApp;
  afterEach(() => t?.close());

  const idOf = async (email: string) =>
    (await t.app.services.operators.list()).find((one) => one.email === email)?.id as number;
  const as = (
    admin: SignedInOperator,
    method: "GET" | "POST",
    path: string,
    body?: Record<string, unknown>,
  ) => consoleCall(t, method, path, { cookie: admin.cookie, csrf: admin.csrf, ...(body ? { body } : {}) });
  const signIn = (
    operator: { email: string; secret: string },
    remoteAddress = "127.0.0.1",
    userAgent = "Test",
  ) => {
    t.clock.advance(STEP);
    return consoleCall(t, "POST", "/session/sign-in", {
      body: {
        email: operator.email,
        password: OPERATOR_PASSWORD,
        totp_code: totpCode(operator.secret, t.clock.now()),
      },
      remoteAddress,
      headers: { "user-agent": userAgent },
    });
  };
  /** Sets up the account again through a one-time link: the new authenticator's secret. */
  const activate = async (link: string) => {
    const token = linkToken(link);
    const invitation = await consoleCall(t, "POST", "/session/invitation", { body: { token } });
    const secret = secretOf(invitation.body.payload.otpauth_uri);
    t.clock.advance(STEP);
    const activated = await consoleCall(t, "POST", "/session/activate", {
      body: { token, password: OPERATOR_PASSWORD, totp_code: totpCode(secret, t.clock.now()) },
    });
    expect(activated.status, activated.text).toBe(200);
    return secret;
  };
  const lastAudit = async () => (await t.app.services.audit.all({}))[0];

  it("a disabled operator's email cannot be added again (4277 names them); re-enabling gives a new link, old factors void", async () => {
    t = await createTestApp();
    const admin = await signedInOperator(t, "administrator");
    const amy = await signedInOperator(t, "customerService", "amy@example.com");
    const id = await idOf(amy.email);
    expect((await as(admin, "POST", `/operators/${id}/disable`)).status).toBe(200);

    const again = await as(admin, "POST", "/operators", { email: " AMY@example.com", role: "auditor" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error_code: 4277, payload: { operator_id: id } });
    // A new link for a disabled operator would open nothing.
    expect((await as(admin, "POST", `/operators/${id}/invite`)).body.error_code).toBe(4279);
    expect((await as(admin, "POST", `/operators/${id}/enable`, { role: "chief" })).body).toMatchObject({
      error_code: 4000,
      payload: { errors: [{ field: "role", rule: "invalid" }] },
    });

    const enabled = await as(admin, "POST", `/operators/${id}/enable`, { role: "auditor" });
    expect(enabled.status, enabled.text).toBe(200);
    expect(enabled.body.payload.operator).toMatchObject({ active: true, activated: false, role: "auditor" });
    expect(await lastAudit()).toMatchObject({
      action: "operator.enable",
      actor: `operator:${admin.email}`,
      before: { active: false, role: "customerService" },
      after: { active: true, role: "auditor" },
    });
    // The old password and authenticator give nothing back.
    expect((await signIn(amy)).body.error_code).toBe(4241);
    const secret = await activate(enabled.body.payload.sign_in_link);
    expect((await signIn({ email: amy.email, secret })).status).toBe(200);
    expect((await as(admin, "POST", `/operators/${id}/enable`)).body.error_code).toBe(4278);
  });

  it("changes a role, never one's own (4275) nor the last administrator's (4276); the new permissions apply at once", async () => {
    t = await createTestApp();
    const admin = await signedInOperator(t, "administrator");
    const ben = await signedInOperator(t, "administrator", "ben@example.com");
    const own = await as(admin, "POST", `/operators/${await idOf(admin.email)}/role`, { role: "auditor" });
    expect(own.body.error_code).toBe(4275);

    const changed = await as(admin, "POST", `/operators/${await idOf(ben.email)}/role`, {
      role: "contentEditor",
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.payload.operator.role).toBe("contentEditor");
    expect(await lastAudit()).toMatchObject({
      action: "operator.role",
      before: { role: "administrator" },
      after: { role: "contentEditor" },
    });
    expect((await as(ben, "GET", "/operators")).body.error_code).toBe(4030);

    // Ben, an administrator again, may take the role from Amy: he remains.
    await as(admin, "POST", `/operators/${await idOf(ben.email)}/role`, { role: "administrator" });
    expect(
      (await as(ben, "POST", `/operators/${await idOf(admin.email)}/role`, { role: "auditor" })).status,
    ).toBe(200);
    // Nobody can take it from the one left who can sign in (an invited administrator does not count);
    // over the API the self rule (4275) speaks first, so the service is asked as the CLI would.
    await t.app.services.operators.add("cy@example.com", "administrator", CLI);
    const benRow = (await t.app.services.operators.list()).find((one) => one.email === ben.email);
    if (!benRow) throw new Error("no Ben");
    await expect(t.app.services.operatorLifecycle.changeRole(benRow, "auditor", CLI)).rejects.toBeInstanceOf(
      LastAdministratorRole,
    );
    expect((await t.app.services.operators.byId(await idOf(ben.email)))?.role).toBe("administrator");
  });

  it("unlocks an email locked from an address: every address's failures cleared, audited", async () => {
    t = await createTestApp();
    const admin = await signedInOperator(t, "administrator");
    const amy = await signedInOperator(t, "customerService", "amy@example.com");
    const id = await idOf(amy.email);
    for (let i = 0; i < 5; i++) {
      await consoleCall(t, "POST", "/session/sign-in", {
        body: { email: amy.email, password: "Wrong2024x", totp_code: "123456" },
        remoteAddress: "127.0.0.21",
      });
    }
    expect((await signIn(amy, "127.0.0.21")).body.error_code).toBe(4290);
    const locked = await as(admin, "GET", `/operators/${id}`);
    expect(locked.body.payload.sign_in).toMatchObject({ locked: true, failures: 5 });

    const unlocked = await as(admin, "POST", `/operators/${id}/unlock`);
    expect(unlocked.body.payload.sign_in).toEqual({ locked: false, failures: 0, retry_after_seconds: null });
    expect(await lastAudit()).toMatchObject({
      action: "operator.unlock",
      before: { locked: true, failures: 5 },
      after: { locked: false, failures: 0 },
    });
    expect((await signIn(amy, "127.0.0.21")).status).toBe(200);
  });

  it("resetting the authenticator voids it at once, ends every session and gives a new link; not one's own", async () => {
    t = await createTestApp();
    const admin = await signedInOperator(t, "administrator");
    const amy = await signedInOperator(t, "customerService", "amy@example.com");
    const id = await idOf(amy.email);
    expect(
      (await as(admin, "POST", `/operators/${await idOf(admin.email)}/reset-authenticator`)).body.error_code,
    ).toBe(4275);
    const reset = await as(admin, "POST", `/operators/${id}/reset-authenticator`);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.payload).toMatchObject({ operator: { activated: false }, sessions: [] });
    expect(await lastAudit()).toMatchObject({
      action: "operator.resetAuthenticator",
      before: { activated: true },
      after: { activated: false },
    });
    expect((await consoleCall(t, "GET", "/session", { cookie: amy.cookie })).status).toBe(401);
    expect((await signIn(amy)).body.error_code).toBe(4241);
    const secret = await activate(reset.body.payload.sign_in_link);
    expect(secret).not.toBe(amy.secret);
    expect((await signIn({ email: amy.email, secret })).status).toBe(200);
  });

  it("lists an operator's live sessions with address and browser, and ends one or all", async () => {
    t = await createTestApp();
    const admin = await signedInOperator(t, "administrator");
    const amy = await signedInOperator(t, "customerService", "amy@example.com");
    const id = await idOf(amy.email);
    const phone = await signIn(amy, "127.0.0.9", "Mozilla/5.0 (iPhone)");
    const desk = cookieOf(phone);
    const page = await as(admin, "GET", `/operators/${id}`);
    const sessions = page.body.payload.sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      address: "127.0.0.9",
      user_agent: "Mozilla/5.0 (iPhone)",
      current: false,
    });
    expect(sessions[0].id).toMatch(/^[0-9a-f]{16}$/);
    // The administrator's own session is marked on their own page.
    const mine = await as(admin, "GET", `/operators/${await idOf(admin.email)}`);
    expect(mine.body.payload.sessions.map((s: { current: boolean }) => s.current)).toEqual([true]);

    const ended = await as(admin, "POST", `/operators/${id}/sessions/${sessions[0].id}/end`);
    expect(ended.body.payload.sessions).toHaveLength(1);
    expect((await consoleCall(t, "GET", "/session", { cookie: desk })).status).toBe(401);
    expect((await consoleCall(t, "GET", "/session", { cookie: amy.cookie })).status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: "operator.endSession",
      after: { session: sessions[0].id },
    });
    expect((await as(admin, "POST", `/operators/${id}/sessions/${sessions[0].id}/end`)).status).toBe(404);
    expect((await as(admin, "POST", `/operators/${id}/sessions/not-hex/end`)).body.error_code).toBe(4000);

    const all = await as(admin, "POST", `/operators/${id}/end-sessions`);
    expect(all.body.payload.sessions).toEqual([]);
    expect((await consoleCall(t, "GET", "/session", { cookie: amy.cookie })).status).toBe(401);
    expect(await lastAudit()).toMatchObject({
      action: "operator.endSessions",
      before: { live_sessions: 1 },
      after: { live_sessions: 0 },
    });
  });
});
