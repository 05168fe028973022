import { describe, expect, it } from "vitest";
import { consoleCall, signedInOperator } from "../modules/console-api/console-test-support.ts";
import { registerMember } from "../testing/flows.ts";
import type { TestApp } from "../testing/test-app.ts";
import { advance, deployments, tally, turn } from "./abuse-support.ts";
import { expectFailure, expectSuccess } from "./support.ts";

/**
 * Strangers locking a member out (OWASP's device cookies): a successful login leaves a signed
 * device cookie for that number. Strangers failing from many addresses lock the number for every
 * client without one, and spend the number's SMS allowance; the member's own device (the cookie
 * from an earlier login) still logs in on the first try and still gets a reset code. A forged or
 * altered cookie, or one of another number, is no cookie.
 */

const LOGIN = "/crm/auth/login-with-mobile-password";
const FORGOT = "/crm/auth/forgot-password-with-mobile";
const REQUEST = "/crm/registration/request-sms-token";
const COOKIE_NAME = "hcoins-device";

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: envelopes are read freely
  body: any;
  /** The device cookie the answer set, as `name=value`, or null. */
  deviceCookie: string | null;
  setCookie: string | null;
}

/** A guest call with an optional Cookie header, from an address; the answer's Set-Cookie too. */
async function post(
  t: TestApp,
  url: string,
  body: Record<string, unknown>,
  { cookie, remoteAddress }: { cookie?: string | null; remoteAddress?: string } = {},
): Promise<Answer> {
  const res = await t.app.inject({
    method: "POST",
    url,
    headers: {
      authorization: "Bearer web:guest",
      "content-type": "application/json",
      ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify(body),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  const header = res.headers["set-cookie"];
  const setCookie = (Array.isArray(header) ? header[0] : header) ?? null;
  return {
    status: res.statusCode,
    body: JSON.parse(res.body),
    setCookie,
    deviceCookie: setCookie?.startsWith(`${COOKIE_NAME}=`) ? (setCookie.split(";")[0] ?? null) : null,
  };
}

const number = (phone: string) => ({ mobile_phone_prefix: "852", mobile_phone: phone });

/** 50 wrong passwords (LOGIN_NUMBER_MAX_FAILURES; each one hashed, hence the longer test time) from 11 addresses, 5 each at most (each address's 5th locks it). */
async function strangersLock(instances: TestApp[], phone: string) {
  const answers = [];
  for (let i = 0; i < 50; i++) {
    const address = `127.0.0.${20 + (i % 11)}`;
    answers.push(
      await post(
        turn(instances, i),
        LOGIN,
        { ...number(phone), password: `Wrong${i}23x` },
        { remoteAddress: address },
      ),
    );
  }
  expect(answers.at(-1)?.body.error_code).toBe(4290);
  return answers;
}

describe.each(deployments())("the member's own device, $name", (deployment) => {
  it("after strangers' failures from 11 addresses, the member logs in on their own device on the first try", async () => {
    const instances = await deployment.start();
    const member = await registerMember(instances[0] as TestApp);
    const other = await registerMember(instances[0] as TestApp);
    const password = member.payload.password;

    // The member logs in once on their phone: it gets the device cookie.
    const first = await post(turn(instances, 1), LOGIN, { ...number(member.phone), password });
    expectSuccess(first);
    expect(first.deviceCookie).not.toBeNull();
    const attributes = (first.setCookie ?? "").split(";").map((part) => part.trim());
    expect(attributes).toEqual(
      expect.arrayContaining(["HttpOnly", "SameSite=Strict", "Path=/crm/auth", "Max-Age=15552000"]),
    );
    const device = first.deviceCookie as string;
    // Another member's cookie, from their own login.
    const others = (
      await post(instances[0] as TestApp, LOGIN, { ...number(other.phone), password: other.payload.password })
    ).deviceCookie as string;

    const answers = await strangersLock(instances, member.phone);
    expect(tally(answers)).toMatchObject({ "429/4290": expect.any(Number) });

    for (const [i, t] of instances.entries()) {
      // A new client is refused, the right password included; the member's own address without the cookie too.
      expectFailure(
        await post(t, LOGIN, { ...number(member.phone), password }, { remoteAddress: "127.0.0.99" }),
        429,
        4290,
      );
      expectFailure(await post(t, LOGIN, { ...number(member.phone), password }), 429, 4290);
      // A forged cookie, an altered one and another number's are no cookie.
      const [name, value = ""] = device.split("=");
      const altered = `${name}=${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`;
      for (const cookie of [`${COOKIE_NAME}=forged.1700000000.abc`, altered, others]) {
        expectFailure(await post(t, LOGIN, { ...number(member.phone), password }, { cookie }), 429, 4290);
      }
      // The member's device, on each instance and from a new address (mobile data): the first try.
      const own = await post(
        t,
        LOGIN,
        { ...number(member.phone), password },
        { cookie: device, remoteAddress: `127.0.1.${i + 1}` },
      );
      expectSuccess(own);
      expect(own.deviceCookie).not.toBeNull();
    }
  }, 90_000);

  it("counts a device's failures on that device alone: its 5th wrong password locks that cookie, not the number", async () => {
    const instances = await deployment.start();
    const member = await registerMember(instances[0] as TestApp);
    const password = member.payload.password;
    const device = (await post(instances[0] as TestApp, LOGIN, { ...number(member.phone), password }))
      .deviceCookie as string;
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        await post(
          turn(instances, i),
          LOGIN,
          { ...number(member.phone), password: `Wrong${i}23x` },
          { cookie: device },
        ),
      );
    }
    expect(answers.map((res) => res.body.error_code)).toEqual([5000, 5000, 5000, 5000, 4290, 4290]);
    expect(answers.map((res) => res.body.payload.attempts_remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    // The locked cookie is refused, the right password included; the same address without it is not.
    expectFailure(
      await post(turn(instances, 1), LOGIN, { ...number(member.phone), password }, { cookie: device }),
      429,
      4290,
    );
    expectSuccess(await post(turn(instances, 1), LOGIN, { ...number(member.phone), password }));

    // An operator's unlock lifts the device's lock as well (a new unlock generation of the number).
    const locked = await post(
      instances[0] as TestApp,
      LOGIN,
      { ...number(member.phone), password },
      { cookie: device },
    );
    expectFailure(locked, 429, 4290);
    const operator = await signedInOperator(instances[0] as TestApp, "customerService");
    const unlocked = await consoleCall(instances[0] as TestApp, "POST", `/members/${member.user.id}/unlock`, {
      cookie: operator.cookie,
      csrf: operator.csrf,
      body: { reason: "locked out on own phone" },
    });
    expect(unlocked.status, unlocked.text).toBe(200);
    expectSuccess(
      await post(turn(instances, 1), LOGIN, { ...number(member.phone), password }, { cookie: device }),
    );
  });

  it("strangers spend the number's SMS allowance from 2 addresses: the member's device still gets a reset code", async () => {
    const instances = await deployment.start({ SMS_RESEND_SECONDS: "1" });
    const member = await registerMember(instances[0] as TestApp); // 1 of the number's 5
    const device = (
      await post(instances[0] as TestApp, LOGIN, {
        ...number(member.phone),
        password: member.payload.password,
      })
    ).deviceCookie as string;
    advance(instances, 1_100);
    let sent = 0;
    for (const [i, address] of ["127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.3"].entries()) {
      const res = await post(turn(instances, i), i % 2 ? REQUEST : FORGOT, number(member.phone), {
        remoteAddress: address,
      });
      if (res.status === 200) sent++;
      if (i % 2) advance(instances, 1_100);
    }
    expect(sent).toBe(4);
    // The number's 5 are spent: a new client is refused, whoever it is.
    expectFailure(
      await post(instances[0] as TestApp, FORGOT, number(member.phone), { remoteAddress: "127.0.0.4" }),
      429,
      4204,
    );
    expectFailure(await post(turn(instances, 1), FORGOT, number(member.phone)), 429, 4204);
    // The member's device has its own allowance (and resend wait), on either instance.
    expectSuccess(await post(turn(instances, 1), FORGOT, number(member.phone), { cookie: device }));
    let codes = 0;
    for (const t of instances) codes += (await t.smsCodes("852", member.phone)).length;
    expect(codes).toBe(6);
  });
});
