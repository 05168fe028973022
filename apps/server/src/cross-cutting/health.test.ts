import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { signMessage } from "../modules/auth/signature.ts";
import { nextPhone, registerMember, validRegistration } from "../testing/flows.ts";
import { startServerProcess, stopServerProcesses } from "../testing/server-process.ts";
import { startTcpRelay } from "../testing/tcp-relay.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { expectFailure, usePostgres, useRedis } from "./support.ts";

let apps: TestApp[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const t of apps.reverse()) await t.close();
  apps = [];
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(options);
  apps.push(t);
  return t;
}

const SECRET = "health-signature-secret";

/**
 * One call of each kind with input that passes validation, so that each reaches its
 * storage: guest calls, member calls (with a token issued while the database was up),
 * the unsubscribe link and signature login.
 */
async function callsNeedingStorage(t: TestApp) {
  const member = await registerMember(t);
  const link = await t.app.services.subscriptions.issueLinkToken(member.user.id);
  const number = { mobile_phone_prefix: "852", mobile_phone: nextPhone() };
  const message = Buffer.from(
    JSON.stringify({ ...number, issued_at: Math.floor(Date.now() / 1000), nonce: "n-1" }),
  ).toString("base64url");
  const calls: [string, "GET" | "POST", string, Record<string, unknown> | undefined, string | undefined][] = [
    ["request a code", "POST", "/crm/registration/request-sms-token", number, undefined],
    [
      "verify a code",
      "POST",
      "/crm/registration/register-token-status",
      { ...number, sms_token: "123456" },
      undefined,
    ],
    [
      "register",
      "POST",
      "/crm/registration/register-with-mobile",
      { ...validRegistration(number.mobile_phone), sms_token: "123456" },
      undefined,
    ],
    ["CheckPhone", "POST", "/custom-api/api/Member/CheckPhone", number, undefined],
    ["CheckEmail", "POST", "/custom-api/api/Member/CheckEmail", { email: "free@example.com" }, undefined],
    ["VerifyMemberId", "POST", "/custom-api/api/Member/VerifyMemberId", { data: "M000000001" }, undefined],
    [
      "log in",
      "POST",
      "/crm/auth/login-with-mobile-password",
      { ...number, password: "Secret123x" },
      undefined,
    ],
    ["forgot password", "POST", "/crm/auth/forgot-password-with-mobile", number, undefined],
    [
      "exchange a reset code",
      "POST",
      "/crm/auth/reset-password-token-status",
      { ...number, mobile_token: "123456" },
      undefined,
    ],
    [
      "reset password",
      "POST",
      "/crm/auth/reset-password",
      { token: "x".repeat(43), new_password: "Other456y" },
      undefined,
    ],
    [
      "signature login",
      "POST",
      "/crm/auth/signature-login",
      { message, signature: signMessage(message, SECRET) },
      undefined,
    ],
    [
      "a guest call with a token",
      "POST",
      "/custom-api/api/Member/CheckEmail",
      { email: "a@b.hk" },
      member.token,
    ],
    ["profile", "GET", "/crm/user/profile", undefined, member.token],
    ["save profile", "POST", "/crm/user/profile", { first_name: "Siu Ming" }, member.token],
    [
      "change password",
      "POST",
      "/crm/user/change-password",
      { old_password: "Secret123x", new_password: "Other456y" },
      member.token,
    ],
    ["logout", "POST", "/crm/auth/logout", {}, member.token],
    ["preferences", "GET", "/crm/user/subscription-preferences", undefined, member.token],
    ["unsubscribe link", "GET", `/crm/user/subscription-preferences?token=${link}`, undefined, undefined],
    [
      "unsubscribe through the link",
      "POST",
      "/crm/user/subscription-preferences",
      { token: link, email_subscription: 1 },
      undefined,
    ],
  ];
  return calls;
}

describe("GET /healthz", () => {
  it("answers 200 while the database is up", async () => {
    const t = await start();
    const res = await t.call("GET", "/healthz", { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, payload: { status: "ok" } });
  });

  it("answers 503 / 5030 once the database is gone", async () => {
    const t = await start();
    await t.app.services.database.close();
    const res = await t.call("GET", "/healthz", { token: null, lang: "en" });
    expectFailure(res, 503, 5030);
    expect(res.body.error_message).toMatch(/temporarily unavailable/);
  });
});

describe("GET /readyz", () => {
  it("answers 200 with each dependency up: the database, and Redis where the counters live", async () => {
    const t = await start();
    const res = await t.call("GET", "/readyz", { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 200,
      payload: { status: "ok", dependencies: { database: "up", ...(useRedis ? { redis: "up" } : {}) } },
    });
  });

  it("answers 503 / 5030, degraded, naming the database once it is gone", async () => {
    const t = await start();
    await t.app.services.database.close();
    const res = await t.call("GET", "/readyz", { token: null, lang: "en" });
    expectFailure(res, 503, 5030);
    expect(res.body.payload).toMatchObject({ status: "degraded", dependencies: { database: "down" } });
  });
});

describe("every call with the database gone", () => {
  it("answers 503 / 5030, never 500", async () => {
    const t = await start({ env: { SIGNATURE_LOGIN_SECRET: SECRET } });
    const calls = await callsNeedingStorage(t);
    await t.app.services.database.close();
    for (const [name, method, url, body, token] of calls) {
      const res = await t.call(method, url, { ...(body ? { body } : {}), ...(token ? { token } : {}) });
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(503);
      expectFailure(res, 503, 5030);
    }
  });
});

/** A relay to the port that is cut again after the test, whatever happened. */
async function tcpRelay(targetPort: number) {
  const relay = await startTcpRelay(targetPort);
  cleanups.push(() => relay.cut());
  return relay;
}

describe.runIf(usePostgres)("PostgreSQL going away and coming back", () => {
  it("answers 503 / 5030 while it is unreachable, then 200 again", { timeout: 30_000 }, async () => {
    const direct = await start();
    const url = new URL(direct.env.DATABASE_URL as string);
    const relay = await tcpRelay(Number(url.port || 5432));
    url.hostname = "127.0.0.1";
    url.port = String(relay.port);
    const t = await start({ shareWith: direct, env: { DATABASE_URL: url.toString() } });
    const member = await registerMember(t);
    expect((await t.call("GET", "/healthz", { token: null })).status).toBe(200);

    await relay.cut();
    expectFailure(await t.call("GET", "/healthz", { token: null }), 503, 5030);
    expectFailure(await t.call("GET", "/crm/user/profile", { token: member.token }), 503, 5030);
    expectFailure(
      await t.call("POST", "/crm/auth/login-with-mobile-password", {
        body: { mobile_phone_prefix: "852", mobile_phone: member.phone, password: member.payload.password },
      }),
      503,
      5030,
    );

    await relay.restore();
    expect((await t.call("GET", "/healthz", { token: null })).status).toBe(200);
    expect((await t.call("GET", "/crm/user/profile", { token: member.token })).status).toBe(200);
  });
});

// ---- graceful shutdown of the real server process ----------------------------------------------

describe("the server process", () => {
  afterEach(stopServerProcesses);

  it("finishes in-flight requests and exits 0 on SIGTERM", { timeout: 120_000 }, async () => {
    const directory = mkdtempSync(join(tmpdir(), "hcoins-shutdown-"));
    cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
    const server = await startServerProcess({
      // At the debug level the server logs each request as it arrives.
      env: { DATABASE_URL: `sqlite:${join(directory, "members.db")}`, LOG_LEVEL: "debug" },
    });

    // A login (an argon2 check or two) is in flight when SIGTERM arrives.
    const inFlight = fetch(`${server.url}/crm/auth/login-with-mobile-password`, {
      method: "POST",
      headers: { authorization: "Bearer web:guest", "content-type": "application/json" },
      body: JSON.stringify({ mobile_phone_prefix: "852", mobile_phone: "91234567", password: "Wrong123x" }),
    });
    await server.printed("/crm/auth/login-with-mobile-password");
    const exited = server.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error_code: number }).error_code).toBe(5000);

    const { code } = await exited;
    expect(code, server.output()).toBe(0);
    expect(server.output()).toContain("shutting down");
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});
