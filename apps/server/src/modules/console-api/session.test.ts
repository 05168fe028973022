import { CONSOLE_API } from "@hcoins/domain/api/console";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { totpCode } from "../operators/totp.ts";
import {
  consoleCall,
  cookieOf,
  linkToken,
  OPERATOR_PASSWORD,
  secretOf,
  signedInOperator,
} from "./console-test-support.ts";

const CLI = { actor: "cli:test", address: null };
const STEP = 30_000;

describe("console sign-in", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { OPERATOR_SIGN_IN_MAX_FAILURES: "3", CONSOLE_IDLE_MINUTES: "30" } });
  });
  afterEach(() => t.close());

  const invite = async (email = "cs@example.com") =>
    linkToken((await t.app.services.operators.add(email, "customerService", CLI)).link);

  it("the link answers the account and an otpauth URI, and activates once", async () => {
    const token = await invite();
    const opened = await consoleCall(t, "POST", "/session/invitation", { body: { token } });
    expect(opened.status).toBe(200);
    expect(opened.body.payload).toMatchObject({ email: "cs@example.com", role: "customerService" });
    const uri: string = opened.body.payload.otpauth_uri;
    expect(uri).toMatch(/^otpauth:\/\/totp\/H%20Coins%20console:cs%40example\.com\?/);
    const secret = secretOf(uri);
    // Opening the link again shows the same secret: a reload must not break an enrolment in progress.
    const again = await consoleCall(t, "POST", "/session/invitation", { body: { token } });
    expect(secretOf(again.body.payload.otpauth_uri)).toBe(secret);

    const body = { token, password: OPERATOR_PASSWORD, totp_code: totpCode(secret, t.clock.now()) };
    const activated = await consoleCall(t, "POST", "/session/activate", { body });
    expect(activated.status).toBe(200);
    expect(activated.body.payload.operator).toMatchObject({
      email: "cs@example.com",
      role: "customerService",
    });
    expect(activated.body.payload.operator.permissions).toContain("members.act");

    const reused = await consoleCall(t, "POST", "/session/activate", { body });
    expect(reused.body).toMatchObject({ code: 400, error_code: 4240 });
    const reopened = await consoleCall(t, "POST", "/session/invitation", { body: { token } });
    expect(reopened.body.error_code).toBe(4240);
  });

  it("a link expires after 72 hours", async () => {
    const token = await invite();
    t.clock.advance(72 * 3_600_000 + 1000);
    const opened = await consoleCall(t, "POST", "/session/invitation", { body: { token } });
    expect(opened.status).toBe(400);
    expect(opened.body.error_code).toBe(4240);
  });

  it("activation refuses a wrong authenticator code and a weak password, and keeps the link", async () => {
    const token = await invite();
    const opened = await consoleCall(t, "POST", "/session/invitation", { body: { token } });
    const secret = secretOf(opened.body.payload.otpauth_uri);
    const right = totpCode(secret, t.clock.now());
    const wrong = right === "000000" ? "111111" : "000000";
    const badCode = await consoleCall(t, "POST", "/session/activate", {
      body: { token, password: OPERATOR_PASSWORD, totp_code: wrong },
    });
    expect(badCode.body.error_code).toBe(4000);
    expect(badCode.body.payload.errors).toEqual([{ field: "totp_code", rule: "totpInvalid" }]);
    const weak = await consoleCall(t, "POST", "/session/activate", {
      body: { token, password: "short", totp_code: right },
    });
    expect(weak.body.payload.errors).toEqual([{ field: "password", rule: "passwordFormat" }]);
    const good = await consoleCall(t, "POST", "/session/activate", {
      body: { token, password: OPERATOR_PASSWORD, totp_code: right },
    });
    expect(good.status).toBe(200);
  });

  it("signs in with email, password and a fresh code; a code is refused the second time", async () => {
    const operator = await signedInOperator(t, "auditor");
    t.clock.advance(STEP);
    const code = totpCode(operator.secret, t.clock.now());
    const body = { email: operator.email, password: OPERATOR_PASSWORD, totp_code: code };
    const first = await consoleCall(t, "POST", "/session/sign-in", { body });
    expect(first.status).toBe(200);
    expect(first.body.payload.operator.role).toBe("auditor");
    const replay = await consoleCall(t, "POST", "/session/sign-in", { body });
    expect(replay.body).toMatchObject({ error_code: 4241, payload: { attempts_remaining: 2 } });
  });

  it("answers 4241 whatever was wrong, then locks the email (4290), and another address is counted apart", async () => {
    const operator = await signedInOperator(t, "auditor");
    t.clock.advance(STEP);
    const code = totpCode(operator.secret, t.clock.now());
    const wrongPassword = { email: operator.email, password: "Wrong2024x", totp_code: code };
    const wrongCode = {
      email: operator.email,
      password: OPERATOR_PASSWORD,
      totp_code: code === "000000" ? "111111" : "000000",
    };
    const unknown = { email: "nobody@example.com", password: OPERATOR_PASSWORD, totp_code: code };

    const a = await consoleCall(t, "POST", "/session/sign-in", { body: wrongPassword });
    expect(a.status).toBe(400);
    expect(a.body).toMatchObject({ error_code: 4241, payload: { attempts_remaining: 2 } });
    const b = await consoleCall(t, "POST", "/session/sign-in", { body: wrongCode });
    expect(b.body).toMatchObject({ error_code: 4241, payload: { attempts_remaining: 1 } });
    const unknownAnswer = await consoleCall(t, "POST", "/session/sign-in", { body: unknown });
    expect(unknownAnswer.body.error_code).toBe(4241);
    expect(unknownAnswer.body.error_message).toBe(a.body.error_message);
    const locked = await consoleCall(t, "POST", "/session/sign-in", { body: wrongPassword });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ error_code: 4290 });
    expect(locked.body.payload.retry_after_seconds).toBeGreaterThan(0);
    // The right credentials wait out the lock too.
    const right = { email: operator.email, password: OPERATOR_PASSWORD, totp_code: code };
    expect((await consoleCall(t, "POST", "/session/sign-in", { body: right })).body.error_code).toBe(4290);

    const actions = (await t.app.services.audit.all({})).map((entry) => entry.action);
    expect(actions.filter((action) => action === "operator.signInFailed")).toHaveLength(3);
    expect(actions).toContain("operator.signInLocked");
  });

  it("the per-address limit counts each client address apart", async () => {
    await t.close();
    t = await createTestApp({
      env: { OPERATOR_SIGN_IN_MAX_FAILURES: "50", OPERATOR_SIGN_IN_CLIENT_MAX_FAILURES: "2" },
    });
    const body = (email: string) => ({ email, password: "Wrong2024x", totp_code: "123456" });
    const from = (remoteAddress: string, email: string) =>
      consoleCall(t, "POST", "/session/sign-in", { body: body(email), remoteAddress });
    expect((await from("127.0.0.2", "a@example.com")).body.error_code).toBe(4241);
    expect((await from("127.0.0.2", "b@example.com")).body.error_code).toBe(4290);
    expect((await from("127.0.0.2", "c@example.com")).body.error_code).toBe(4290);
    const other = await from("127.0.0.3", "c@example.com");
    expect(other.body).toMatchObject({ error_code: 4241, payload: { attempts_remaining: 1 } });
  });

  it("a disabled operator cannot sign in (4242), and their sessions end", async () => {
    const operator = await signedInOperator(t, "customerService");
    await t.app.services.operators.disable(operator.email, CLI);
    expect((await consoleCall(t, "GET", "/session", { cookie: operator.cookie })).status).toBe(401);
    t.clock.advance(STEP);
    const body = {
      email: operator.email,
      password: OPERATOR_PASSWORD,
      totp_code: totpCode(operator.secret, t.clock.now()),
    };
    const answer = await consoleCall(t, "POST", "/session/sign-in", { body });
    expect(answer.body).toMatchObject({ error_code: 4242 });
    expect(answer.status).toBe(403);
    expect(answer.body.error_code).toBe(4242);
  });

  it("the session cookie is httpOnly and SameSite=Strict; Secure with __Host- except on plain http to loopback", async () => {
    const token = await invite();
    const opened = await consoleCall(t, "POST", "/session/invitation", { body: { token } });
    const secret = secretOf(opened.body.payload.otpauth_uri);
    const activated = await t.app.inject({
      method: "POST",
      url: `${CONSOLE_API}/session/activate`,
      headers: {
        "content-type": "application/json",
        host: "console.example.com",
        "x-forwarded-proto": "https",
      },
      payload: JSON.stringify({
        token,
        password: OPERATOR_PASSWORD,
        totp_code: totpCode(secret, t.clock.now()),
      }),
    });
    const cookie = String(activated.headers["set-cookie"]);
    expect(cookie).toMatch(/^__Host-hcoins-console=[\w-]{43}; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("Path=/");

    const local = await signedInOperator(t, "auditor");
    expect(local.cookie).toMatch(/^hcoins-console=/);
  });

  it("the session answers its CSRF token; without it a change is refused (4031); sign-out revokes", async () => {
    const operator = await signedInOperator(t, "customerService");
    const current = await consoleCall(t, "GET", "/session", { cookie: operator.cookie });
    expect(current.status).toBe(200);
    expect(current.body.payload.csrf_token).toBe(operator.csrf);
    expect((await consoleCall(t, "GET", "/session")).body).toMatchObject({ code: 401, error_code: 4010 });

    const noCsrf = await consoleCall(t, "POST", "/session/sign-out", { cookie: operator.cookie });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.error_code).toBe(4031);
    const wrongCsrf = await consoleCall(t, "POST", "/session/sign-out", {
      cookie: operator.cookie,
      csrf: "x",
    });
    expect(wrongCsrf.body.error_code).toBe(4031);

    const out = await consoleCall(t, "POST", "/session/sign-out", {
      cookie: operator.cookie,
      csrf: operator.csrf,
    });
    expect(out.status).toBe(200);
    expect(String(out.headers["set-cookie"])).toContain("Max-Age=0");
    expect((await consoleCall(t, "GET", "/session", { cookie: operator.cookie })).status).toBe(401);
  });

  it("a session ends after CONSOLE_IDLE_MINUTES without a call, and lives on while used", async () => {
    const operator = await signedInOperator(t, "auditor");
    t.clock.advance(29 * 60_000);
    expect((await consoleCall(t, "GET", "/session", { cookie: operator.cookie })).status).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await consoleCall(t, "GET", "/session", { cookie: operator.cookie })).status).toBe(200);
    t.clock.advance(30 * 60_000);
    expect((await consoleCall(t, "GET", "/session", { cookie: operator.cookie })).status).toBe(401);
  });

  it("a session ends after 12 hours however busy", async () => {
    const operator = await signedInOperator(t, "auditor");
    for (let hour = 0; hour < 12; hour++) {
      t.clock.advance(20 * 60_000);
      await consoleCall(t, "GET", "/session", { cookie: operator.cookie });
      t.clock.advance(20 * 60_000);
      await consoleCall(t, "GET", "/session", { cookie: operator.cookie });
      t.clock.advance(20 * 60_000);
      await consoleCall(t, "GET", "/session", { cookie: operator.cookie });
    }
    expect((await consoleCall(t, "GET", "/session", { cookie: operator.cookie })).status).toBe(401);
    expect(cookieOf).toBeTypeOf("function");
  });
});
