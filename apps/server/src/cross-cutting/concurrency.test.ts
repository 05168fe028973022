import { afterEach, describe, expect, it } from "vitest";
import { nextPhone, validRegistration, verifiedRegisterCode } from "../testing/flows.ts";
import { tablesOf } from "../testing/tables.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { expectFailure } from "./support.ts";

/** Simultaneous calls racing for one number: one winner, the rest a clean 4xx, never a 5xx. */

const CALLERS = 50;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function membersWithPhone(app: TestApp, phone: string) {
  return tablesOf(app.app.services)
    .selectFrom("members")
    .select(["id", "member_no", "email"])
    .where("mobile_phone_prefix", "=", "852")
    .where("mobile_phone", "=", phone)
    .execute();
}

describe(`${CALLERS} simultaneous calls`, () => {
  it("register one number with one verified code exactly once", { timeout: 60_000 }, async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "10000" } });
    const app = t;
    const phone = nextPhone();
    const sms_token = await verifiedRegisterCode(app, phone);
    const body = { ...validRegistration(phone), sms_token };

    const answers = await Promise.all(
      Array.from({ length: CALLERS }, () =>
        app.call("POST", "/crm/registration/register-with-mobile", { body }),
      ),
    );

    const winners = answers.filter((res) => res.status === 200);
    expect(winners).toHaveLength(1);
    const losers = answers.filter((res) => res.status !== 200);
    for (const res of losers) {
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      expect([4009, 4201]).toContain(res.body.error_code);
      expectFailure(res, res.body.error_code === 4009 ? 409 : 400, res.body.error_code);
    }
    expect(await membersWithPhone(app, phone)).toHaveLength(1);
    // The winner's token and the password both work; the member number was assigned once.
    const winner = winners[0] as { body: { payload: { access_token: string; user: { member_no: string } } } };
    const profile = await app.call("GET", "/crm/user/profile", { token: winner.body.payload.access_token });
    expect(profile.status).toBe(200);
    expect(profile.body.payload.member_no).toBe(winner.body.payload.user.member_no);
    const login = await app.call("POST", "/crm/auth/login-with-mobile-password", {
      body: { mobile_phone_prefix: "852", mobile_phone: phone, password: body.password },
    });
    expect(login.status).toBe(200);
    // The code was used up by the one registration.
    const again = await app.call("POST", "/crm/registration/register-with-mobile", { body });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect([4009, 4201]).toContain(again.body.error_code);
  });

  it("register two numbers with one email: one member, the other 40010", { timeout: 60_000 }, async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "10000" } });
    const app = t;
    const phones = Array.from({ length: 10 }, () => nextPhone());
    const bodies = await Promise.all(
      phones.map(async (phone) => ({
        ...validRegistration(phone),
        email: "shared@example.com",
        sms_token: await verifiedRegisterCode(app, phone),
      })),
    );
    const answers = await Promise.all(
      bodies.map((body) => app.call("POST", "/crm/registration/register-with-mobile", { body })),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    for (const res of answers.filter((answer) => answer.status !== 200)) {
      expectFailure(res, 409, 40010);
    }
    const owners = await tablesOf(app.app.services)
      .selectFrom("members")
      .select("id")
      .where("email", "=", "shared@example.com")
      .execute();
    expect(owners).toHaveLength(1);
  });

  it("ask for a code for one number: one SMS is sent, the rest answer 4203", async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "10000" } });
    const app = t;
    const phone = nextPhone();
    const answers = await Promise.all(
      Array.from({ length: CALLERS }, () =>
        app.call("POST", "/crm/registration/request-sms-token", {
          body: { mobile_phone_prefix: "852", mobile_phone: phone },
        }),
      ),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    for (const res of answers.filter((answer) => answer.status !== 200)) {
      expectFailure(res, 429, 4203);
      expect(res.body.payload.retry_after_seconds).toBeGreaterThan(0);
    }
    expect(await app.smsCodes("852", phone)).toHaveLength(1);
  });

  it("fail a login at once: the count loses no failure and the lock follows", {
    timeout: 60_000,
  }, async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "10000" } });
    const app = t;
    const phone = nextPhone();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.call("POST", "/crm/auth/login-with-mobile-password", {
          body: { mobile_phone_prefix: "852", mobile_phone: phone, password: "Wrong123x" },
        }),
      ),
    );
    const failed = answers.filter((res) => res.body.error_code === 5000);
    const locked = answers.filter((res) => res.body.error_code === 4290);
    expect(failed.length + locked.length).toBe(answers.length);
    // Four failures tell how many attempts remain (4, 3, 2, 1); every other answer is the lock.
    expect(failed.map((res) => res.body.payload.attempts_remaining).sort()).toEqual([1, 2, 3, 4]);
    for (const res of locked) {
      expectFailure(res, 429, 4290);
      expect(res.body.payload.attempts_remaining).toBe(0);
    }
  });
});
