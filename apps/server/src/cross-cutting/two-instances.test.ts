import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { nextPhone, registerMember } from "../testing/flows.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { expectFailure, expectSuccess, usePostgres, useRedis } from "./support.ts";

/**
 * Two server instances on one database (and one Redis): what one instance counts,
 * locks or stores, the other sees.
 */

let apps: TestApp[] = [];
afterEach(async () => {
  // The second instance first: it shares the first one's storage, which the first one drops.
  for (const t of apps.reverse()) await t.close();
  apps = [];
});

async function twoInstances(env: Record<string, string> = {}) {
  const first = await createTestApp({ env });
  apps.push(first);
  const second = await createTestApp({ shareWith: first });
  apps.push(second);
  return [first, second] as const;
}

const phoneBody = (phone: string) => ({ mobile_phone_prefix: "852", mobile_phone: phone });

describe.runIf(usePostgres && useRedis)("two instances on one PostgreSQL and one Redis", () => {
  it.each([
    ["the first", 0],
    ["the second", 1],
  ] as const)("lock a number after failures alternating between them, the 5th on %s", async (_name, last) => {
    const instances = await twoInstances();
    const member = await registerMember(instances[0]);
    const login = (t: TestApp, password: string) =>
      t.call("POST", "/crm/auth/login-with-mobile-password", {
        body: { ...phoneBody(member.phone), password },
        lang: "en",
      });
    // Failures 1-4 alternate so that neither instance alone sees more than two.
    const order = last === 0 ? [1, 0, 1, 0] : [0, 1, 0, 1];
    for (const [index, which] of order.entries()) {
      const res = await login(instances[which] as TestApp, "Wrong123x");
      expectFailure(res, 400, 5000);
      expect(res.body.payload.attempts_remaining).toBe(4 - index);
    }
    const fifth = await login(instances[last], "Wrong123x");
    expectFailure(fifth, 429, 4290);
    expect(fifth.body.payload.attempts_remaining).toBe(0);
    expect(fifth.body.payload.retry_after_seconds).toBeGreaterThan(0);
    // The lock holds on both, the right password included.
    for (const t of instances) {
      const locked = await login(t, member.payload.password);
      expectFailure(locked, 429, 4290);
      expect(locked.body.payload.retry_after_seconds).toBeGreaterThan(800);
    }
  });

  it("clear the failure count on both after a success on one", async () => {
    const [a, b] = await twoInstances();
    const member = await registerMember(a);
    const login = (t: TestApp, password: string) =>
      t.call("POST", "/crm/auth/login-with-mobile-password", {
        body: { ...phoneBody(member.phone), password },
      });
    for (const t of [a, b, a]) expectFailure(await login(t, "Wrong123x"), 400, 5000);
    expectSuccess(await login(b, member.payload.password));
    const after = await login(a, "Wrong123x");
    expectFailure(after, 400, 5000);
    expect(after.body.payload.attempts_remaining).toBe(4);
  });

  it("refuse a resend on the other instance within 60 s (4203)", async () => {
    const [a, b] = await twoInstances();
    const phone = nextPhone();
    expectSuccess(await a.call("POST", "/crm/registration/request-sms-token", { body: phoneBody(phone) }));
    const resend = await b.call("POST", "/crm/registration/request-sms-token", { body: phoneBody(phone) });
    expectFailure(resend, 429, 4203);
    expect(resend.body.payload.retry_after_seconds).toBeGreaterThan(50);
    expect(resend.body.payload.retry_after_seconds).toBeLessThanOrEqual(60);
    // Only the first instance sent anything.
    expect(await a.smsCodes("852", phone)).toHaveLength(1);
    expect(await b.smsCodes("852", phone)).toHaveLength(0);
  });

  it("count the per-number hourly limit across both instances", { timeout: 20_000 }, async () => {
    const [a, b] = await twoInstances({ SMS_NUMBER_HOURLY_LIMIT: "3", SMS_RESEND_SECONDS: "1" });
    const member = await registerMember(a); // send 1, on the first instance
    const send = (t: TestApp, purpose: "register" | "reset") =>
      t.call(
        "POST",
        purpose === "register"
          ? "/crm/registration/request-sms-token"
          : "/crm/auth/forgot-password-with-mobile",
        { body: phoneBody(member.phone) },
      );
    expectSuccess(await send(b, "reset")); // send 2, on the second
    a.clock.advance(1_100); // past the 1 s resend wait, on the clock both instances share
    expectSuccess(await send(b, "register")); // send 3, the second's second
    // Each instance alone has seen two sends; together three, the limit.
    const fourth = await send(a, "reset");
    expectFailure(fourth, 429, 4204);
    expect(fourth.body.payload.retry_after_seconds).toBeGreaterThan(0);
    // Another number is not affected.
    expectSuccess(
      await a.call("POST", "/crm/registration/request-sms-token", { body: phoneBody(nextPhone()) }),
    );
  });

  it("see a member registered on one instance on the other", async () => {
    const [a, b] = await twoInstances();
    const member = await registerMember(a);
    const profile = await b.call("GET", "/crm/user/profile", { token: member.token });
    expectSuccess(profile);
    expect(profile.body.payload.mobile_phone).toBe(member.phone);
  });
});

describe("two instances on one SQLite file", () => {
  let directory: string | undefined;
  afterEach(() => {
    if (directory) rmSync(directory, { recursive: true, force: true });
    directory = undefined;
  });

  async function onOneFile() {
    directory = mkdtempSync(join(tmpdir(), "hcoins-two-instances-"));
    return twoInstances({ DATABASE_URL: `sqlite:${join(directory, "members.db")}` });
  }

  it("share members: one registered on the first logs in on the second", async () => {
    const [a, b] = await onOneFile();
    const member = await registerMember(a);
    const login = await b.call("POST", "/crm/auth/login-with-mobile-password", {
      body: { ...phoneBody(member.phone), password: member.payload.password },
    });
    expectSuccess(login);
    // The second instance's token works on the first, and the first's on the second.
    const onA = await a.call("GET", "/crm/user/profile", { token: login.body.payload.access_token });
    expectSuccess(onA);
    expect(onA.body.payload.member_no).toBe(member.user.member_no);
    expectSuccess(await b.call("GET", "/crm/user/profile", { token: member.token }));
    // A second registration of the number on the second instance is refused.
    const check = await b.call("POST", "/custom-api/api/Member/CheckPhone", {
      body: phoneBody(member.phone),
    });
    expect(check.body.code).toBe(40006);
  });

  it("share profile changes and logouts", async () => {
    const [a, b] = await onOneFile();
    const member = await registerMember(a);
    expectSuccess(
      await b.call("POST", "/crm/user/profile", { token: member.token, body: { first_name: "Siu Ming" } }),
    );
    const profile = await a.call("GET", "/crm/user/profile", { token: member.token });
    expect(profile.body.payload.first_name).toBe("Siu Ming");
    expectSuccess(await b.call("POST", "/crm/auth/logout", { token: member.token }));
    expectFailure(await a.call("GET", "/crm/user/profile", { token: member.token }), 401, 4010);
  });
});
