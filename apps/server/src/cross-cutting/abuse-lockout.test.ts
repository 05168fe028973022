import { describe, expect, it } from "vitest";
import { registerMember } from "../testing/flows.ts";
import type { TestApp } from "../testing/test-app.ts";
import { advance, deployments, tally, turn } from "./abuse-support.ts";
import { expectFailure, expectSuccess } from "./support.ts";

/**
 * Locking a member out from elsewhere: a stranger failing at a member's number, or spending
 * its SMS allowance, from an address of their own (127.0.0.2…) leaves the member at 127.0.0.1
 * (inject's default) able to log in and to get a reset code, whichever instance answers. Only
 * the per-number ceilings across addresses hold everyone back, and the member's password reset
 * lifts the login one. Each address is a different client to the server (the socket's address).
 */

const LOGIN = "/crm/auth/login-with-mobile-password";
const FORGOT = "/crm/auth/forgot-password-with-mobile";
const REQUEST = "/crm/registration/request-sms-token";
const STRANGER = "127.0.0.2";

const number = (phone: string) => ({ mobile_phone_prefix: "852", mobile_phone: phone });

describe.each(deployments())("locking a member out, $name", (deployment) => {
  it("a stranger's 7 failures lock the number for the stranger only: the member logs in on every instance", async () => {
    const instances = await deployment.start();
    const member = await registerMember(instances[0] as TestApp);
    const login = (i: number, password: string, remoteAddress?: string) =>
      turn(instances, i).call("POST", LOGIN, {
        body: { ...number(member.phone), password },
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await login(i, `Wrong${i}23x`, STRANGER));
    expect(answers.map((res) => res.body.error_code)).toEqual([5000, 5000, 5000, 5000, 4290, 4290, 4290]);
    expect(answers.map((res) => res.body.payload.attempts_remaining)).toEqual([4, 3, 2, 1, 0, 0, 0]);

    for (const [i] of instances.entries()) {
      expectSuccess(await login(i, member.payload.password));
      // The stranger stays locked, the right password included.
      expectFailure(await login(i, member.payload.password, STRANGER), 429, 4290);
    }
    // The member's own count starts afresh.
    expect((await login(1, "Wrong123x")).body.payload.attempts_remaining).toBe(4);
  });

  it("failures from 4 addresses reach the per-number ceiling (8 here): the number is locked for everyone until the member resets the password", async () => {
    const instances = await deployment.start({ LOGIN_NUMBER_MAX_FAILURES: "8" });
    const [first, second] = [instances[0] as TestApp, turn(instances, 1)];
    const member = await registerMember(first);
    const login = (i: number, password: string, remoteAddress?: string) =>
      turn(instances, i).call("POST", LOGIN, {
        body: { ...number(member.phone), password },
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    const answers = [];
    for (let i = 0; i < 8; i++)
      answers.push(await login(i, `Wrong${i}23x`, `127.0.0.${2 + Math.floor(i / 2)}`));
    // Each address sees the fewer of its own tries and the number's.
    expect(answers.map((res) => res.body.payload.attempts_remaining)).toEqual([4, 3, 4, 3, 3, 2, 1, 0]);
    expect(tally(answers)).toEqual({ "400/5000": 7, "429/4290": 1 });
    for (const [i] of instances.entries()) {
      const locked = await login(i, member.payload.password);
      expectFailure(locked, 429, 4290);
      expect(locked.body.payload.retry_after_seconds).toBeGreaterThan(800);
      expectFailure(await login(i, member.payload.password, "127.0.0.99"), 429, 4290);
    }

    // The member resets the password by SMS (code from the first instance, reset on the other).
    expectSuccess(await first.call("POST", FORGOT, { body: number(member.phone) }));
    const [code] = await first.smsCodes("852", member.phone);
    const exchanged = await second.call("POST", "/crm/auth/reset-password-token-status", {
      body: { ...number(member.phone), mobile_token: code },
    });
    expectSuccess(exchanged);
    expectSuccess(
      await second.call("POST", "/crm/auth/reset-password", {
        body: { token: exchanged.body.payload.reset_token, new_password: "Fresh456Pw" },
      }),
    );
    for (const [i] of instances.entries()) expectSuccess(await login(i, "Fresh456Pw"));
  });

  it("a stranger gets 3 of the number's 5 hourly SMS: the member still gets a reset code, then the number's limit holds", async () => {
    // The resend wait (1 s here) is the number's and purpose's; the stranger's refused calls do not hold it.
    const instances = await deployment.start({ SMS_RESEND_SECONDS: "1" });
    const member = await registerMember(instances[0] as TestApp); // one registration SMS from 127.0.0.1
    const ask = (i: number, path: string, remoteAddress?: string) =>
      turn(instances, i).call("POST", path, {
        body: number(member.phone),
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    advance(instances, 1_100);
    expectSuccess(await ask(0, FORGOT, STRANGER));
    expectSuccess(await ask(1, REQUEST, STRANGER));
    advance(instances, 1_100);
    expectSuccess(await ask(0, FORGOT, STRANGER));
    expectFailure(await ask(1, REQUEST, STRANGER), 429, 4204);
    advance(instances, 1_100);
    expectFailure(await ask(0, FORGOT, STRANGER), 429, 4204);

    // At once after the stranger's refusal: the refused call left the resend wait free.
    expectSuccess(await ask(1, FORGOT));
    // 5 sent to the number this hour: another stranger is refused, whatever the purpose.
    expectFailure(await ask(0, REQUEST, "127.0.0.3"), 429, 4204);
    let sent = 0;
    for (const t of instances) sent += (await t.smsCodes("852", member.phone)).length;
    expect(sent).toBe(5);
  });
});
