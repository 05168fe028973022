import { ErrorCode } from "@hcoins/domain/codes";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nextPhone, registerMember, requestRegisterCode, validRegistration } from "../testing/flows.ts";
import { startTcpRelay, type TcpRelay } from "../testing/tcp-relay.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { expectFailure, useRedis } from "./support.ts";

/*
 * Redis unreachable, limit by limit (docs/reliability.md, "Faults"): the anti-abuse counters
 * (SMS resend wait, SMS per number and per client, login failures and lock) fail closed with
 * 503 / 5030; SMS code tries live in the database and go on; the general per-address request
 * limit falls back to counting in this process, so reads and writes that need no counter
 * (profile, registration with a code already verified) keep working, and so do the membership
 * lookup budgets (each instance counts its own meanwhile). Redis sits behind a
 * TCP relay that the test cuts and restores.
 */

let t: TestApp | undefined;
let relay: TcpRelay | undefined;
afterEach(async () => {
  await t?.close();
  await relay?.cut();
  t = undefined;
  relay = undefined;
});

async function startBehindRelay(env: Record<string, string> = {}) {
  const redisUrl = new URL(process.env.REDIS_URL as string);
  relay = await startTcpRelay(Number(redisUrl.port || 6379), redisUrl.hostname);
  redisUrl.hostname = "127.0.0.1";
  redisUrl.port = String(relay.port);
  t = await createTestApp({ env: { REDIS_URL: redisUrl.toString(), ...env } });
  return { app: t, cut: relay };
}

const number = (phone: string) => ({ mobile_phone_prefix: "852", mobile_phone: phone });

/** Asks `call` until it answers `status`: how long the server took to use Redis again. */
async function recoveryMs(call: () => Promise<{ status: number }>, status: number, withinMs = 10_000) {
  const started = Date.now();
  await vi.waitFor(async () => expect((await call()).status).toBe(status), {
    timeout: withinMs,
    interval: 100,
  });
  return Date.now() - started;
}

describe.runIf(useRedis)("Redis unreachable", () => {
  it("SMS sends and logins fail closed (5030); code checks, registration and profile go on; all back after", {
    timeout: 30_000,
  }, async () => {
    const { app, cut } = await startBehindRelay();
    const member = await registerMember(app);
    const newcomer = nextPhone();
    const code = await requestRegisterCode(app, newcomer);
    const login = (password: string) =>
      app.call("POST", "/crm/auth/login-with-mobile-password", {
        body: { ...number(member.phone), password },
      });

    await cut.cut();
    // Fail closed: SMS cost and password guessing stay bounded.
    const smsPhone = nextPhone();
    for (const res of [
      await app.call("POST", "/crm/registration/request-sms-token", { body: number(smsPhone) }),
      await app.call("POST", "/crm/auth/forgot-password-with-mobile", { body: number(member.phone) }),
      await login(member.payload.password),
      await login("Wrong123x"),
    ]) {
      expectFailure(res, 503, ErrorCode.serviceUnavailable);
    }
    expect(await app.smsCodes("852", smsPhone)).toEqual([]);
    expect(await app.smsCodes("852", member.phone)).toHaveLength(1);

    // No counter involved: these go on.
    expect((await app.call("GET", "/crm/user/profile", { token: member.token })).status).toBe(200);
    const saved = await app.call("POST", "/crm/user/profile", {
      body: { first_name: "Siu Ming" },
      token: member.token,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const verified = await app.call("POST", "/crm/registration/register-token-status", {
      body: { ...number(newcomer), sms_token: code },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const registered = await app.call("POST", "/crm/registration/register-with-mobile", {
      body: { ...validRegistration(newcomer), sms_token: code },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);

    await cut.restore();
    const loginBackMs = await recoveryMs(() => login(member.payload.password), 200);
    const sms = await app.call("POST", "/crm/registration/request-sms-token", { body: number(smsPhone) });
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);
    expect(await app.smsCodes("852", smsPhone)).toHaveLength(1);
    console.info(`faults-redis: logins back ${loginBackMs} ms after Redis was reachable again`);
  });

  it("a failed login while Redis is down is not a free guess: the lock counted before still holds", async () => {
    const { app, cut } = await startBehindRelay({ LOGIN_MAX_FAILURES: "2" });
    const member = await registerMember(app);
    const login = (password: string) =>
      app.call("POST", "/crm/auth/login-with-mobile-password", {
        body: { ...number(member.phone), password },
      });
    expectFailure(await login("Wrong123x"), 400, ErrorCode.loginFailed);
    expectFailure(await login("Wrong456x"), 429, ErrorCode.loginLocked);
    await cut.cut();
    // An in-process fallback would have forgotten the lock and checked this password.
    expectFailure(await login(member.payload.password), 503, ErrorCode.serviceUnavailable);
    await cut.restore();
    await recoveryMs(() => login(member.payload.password), 429);
  });

  it("GET /readyz says Redis is down while /healthz (liveness) stays 200; the metrics show it too", async () => {
    const token = "metrics-token-for-tests-0123";
    const { app, cut } = await startBehindRelay({ METRICS_TOKEN: token });
    const ready = () => app.call("GET", "/readyz", { token: null });
    const redisUp = async () => {
      const res = await app.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${token}` } });
      return /^hcoins_dependency_up\{dependency="redis"\} (\d)$/m.exec(res.body)?.[1];
    };
    expect((await ready()).body.payload).toEqual({
      status: "ok",
      dependencies: { database: "up", redis: "up" },
    });
    expect(await redisUp()).toBe("1");

    await cut.cut();
    await recoveryMs(ready, 503);
    const degraded = await ready();
    expectFailure(degraded, 503, ErrorCode.serviceUnavailable);
    expect(degraded.body.payload).toMatchObject({
      status: "degraded",
      dependencies: { database: "up", redis: "down" },
    });
    expect((await app.call("GET", "/healthz", { token: null })).status).toBe(200);
    expect(await redisUp()).toBe("0");

    await cut.restore();
    await recoveryMs(ready, 200);
    expect(await redisUp()).toBe("1");
  });

  it("the general request limit falls back to counting in this process, then returns to Redis", async () => {
    const { app, cut } = await startBehindRelay({ RATE_LIMIT_PER_MINUTE: "5" });
    const member = await registerMember(app, {});
    const profile = () => app.call("GET", "/crm/user/profile", { token: member.token });
    await cut.cut();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await profile()).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expectFailure(await profile(), 429, ErrorCode.rateLimited);

    await cut.restore();
    // Redis counted the calls before the cut (registration's), not the ones in between:
    // back on Redis, the address has calls left in this minute again.
    await recoveryMs(profile, 200);
  });

  it("the membership lookup budgets count in this process meanwhile: CheckPhone goes on, still bounded", async () => {
    const { app, cut } = await startBehindRelay({ LOOKUP_CLIENT_MINUTE_LIMIT: "3" });
    const checkPhone = () =>
      app.call("POST", "/custom-api/api/Member/CheckPhone", { body: number(nextPhone()) });
    await cut.cut();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await checkPhone()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expectFailure(await checkPhone(), 429, ErrorCode.rateLimited);
    await cut.restore();
    await recoveryMs(checkPhone, 200);
  });
});
