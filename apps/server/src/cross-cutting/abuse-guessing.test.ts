import { ERROR_MESSAGES } from "@hcoins/domain/codes";
import { describe, expect, it } from "vitest";
import { nextPhone, registerMember, requestRegisterCode, validRegistration } from "../testing/flows.ts";
import { tablesOf } from "../testing/tables.ts";
import type { TestApp } from "../testing/test-app.ts";
import { deployments, tally, turn } from "./abuse-support.ts";
import { expectFailure, expectSuccess } from "./support.ts";

/**
 * Guessing across instances: a code's wrong tries are counted where the code lives (the
 * database), so SMS_CODE_MAX_ATTEMPTS holds however the guesses are spread over the
 * instances, in turn or all at once; after that even the right code is dead. Old passwords
 * guessed through a stolen session and one password tried on many numbers (spraying) lock
 * in the shared counters. The login lock of one number across instances is
 * two-instances.test.ts's; locking a member out from elsewhere is abuse-lockout.test.ts's.
 */

const STATUS = "/crm/registration/register-token-status";
const REGISTER = "/crm/registration/register-with-mobile";
const CHECK_PHONE = "/custom-api/api/Member/CheckPhone";
const FORGOT = "/crm/auth/forgot-password-with-mobile";
const RESET_STATUS = "/crm/auth/reset-password-token-status";
const LOGIN = "/crm/auth/login-with-mobile-password";
const MAX_ATTEMPTS = 5; // SMS_CODE_MAX_ATTEMPTS's default

const number = (phone: string) => ({ mobile_phone_prefix: "852", mobile_phone: phone });

/** Six-digit guesses that are all wrong. */
const wrongGuesses = (code: string, count: number) =>
  Array.from({ length: count + 1 }, (_, i) => String(100_000 + i))
    .filter((guess) => guess !== code)
    .slice(0, count);

describe.each(deployments({ sqliteFile: true }))("guessing, $name", (deployment) => {
  it("5 wrong registration codes in turn kill the code: the right one then fails on every instance", async () => {
    const instances = await deployment.start();
    const phone = nextPhone();
    const code = await requestRegisterCode(instances[0] as TestApp, phone);
    for (const [i, guess] of wrongGuesses(code, MAX_ATTEMPTS).entries()) {
      expectFailure(
        await turn(instances, i + 1).call("POST", STATUS, { body: { ...number(phone), sms_token: guess } }),
        400,
        4201,
      );
    }
    for (const t of instances) {
      expectFailure(await t.call("POST", STATUS, { body: { ...number(phone), sms_token: code } }), 400, 4201);
      const register = await t.call("POST", REGISTER, {
        body: { ...validRegistration(phone), sms_token: code },
      });
      expectFailure(register, 400, 4201);
      const check = await t.call("POST", CHECK_PHONE, { body: { ...number(phone), sms_token: code } });
      expect(check.body.payload?.access_token).toBeUndefined();
    }
    expect(await instances[0]?.app.services.members.findByPhone("852", phone)).toBeUndefined();
  });

  it("40 wrong registration codes at once, spread over the instances: the right one then fails", async () => {
    const instances = await deployment.start();
    const phone = nextPhone();
    const code = await requestRegisterCode(instances[0] as TestApp, phone);
    const answers = await Promise.all(
      wrongGuesses(code, 40).map((guess, i) =>
        turn(instances, i).call("POST", STATUS, { body: { ...number(phone), sms_token: guess } }),
      ),
    );
    expect(tally(answers)).toEqual({ "400/4201": 40 });
    expect(
      await tablesOf((instances[0] as TestApp).app.services)
        .selectFrom("sms_codes")
        .select("attempts")
        .execute(),
    ).toEqual([{ attempts: MAX_ATTEMPTS }]);
    expectFailure(
      await turn(instances, 1).call("POST", STATUS, { body: { ...number(phone), sms_token: code } }),
      400,
      4201,
    );
  });

  it("5 wrong reset codes in turn kill the code: no reset token for the right one", async () => {
    const instances = await deployment.start();
    const member = await registerMember(instances[0] as TestApp);
    expectSuccess(await turn(instances, 1).call("POST", FORGOT, { body: number(member.phone) }));
    const outboxes = await Promise.all(instances.map((t) => t.smsCodes("852", member.phone)));
    // The reset code went out from the second instance (or the only one), newest first.
    const code = outboxes[instances.length - 1]?.[0] as string;
    for (const [i, guess] of wrongGuesses(code, MAX_ATTEMPTS).entries()) {
      const res = await turn(instances, i).call("POST", RESET_STATUS, {
        body: { ...number(member.phone), mobile_token: guess },
      });
      expectFailure(res, 400, 4201);
    }
    for (const t of instances) {
      const res = await t.call("POST", RESET_STATUS, {
        body: { ...number(member.phone), mobile_token: code },
      });
      expectFailure(res, 400, 4201);
      expect(res.body.payload.reset_token).toBeUndefined();
    }
  });

  it.runIf(deployment.sharedCounters)(
    "old-password guesses at change-password through a stolen session lock the change after 5, on every instance",
    async () => {
      const instances = await deployment.start();
      const member = await registerMember(instances[0] as TestApp);
      const stolen = (
        await (instances[0] as TestApp).call("POST", LOGIN, {
          body: { ...number(member.phone), password: member.payload.password },
        })
      ).body.payload.access_token as string;
      const guess = (t: TestApp, old_password: string) =>
        t.call("POST", "/crm/user/change-password", {
          token: stolen,
          body: { old_password, new_password: "Other456y" },
          remoteAddress: "127.0.0.7",
        });
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await guess(turn(instances, i), `Wrong${100 + i}x`));
      expect(answers.map((res) => res.body.error_code)).toEqual([4205, 4205, 4205, 4205, 4290, 4290, 4290]);
      expect(answers.map((res) => res.body.payload.attempts_remaining)).toEqual([4, 3, 2, 1, 0, 0, 0]);
      for (const t of instances) {
        const locked = await guess(t, member.payload.password);
        expectFailure(locked, 429, 4290);
        expect(locked.body.payload.retry_after_seconds).toBeGreaterThan(800);
        // Nothing changed: the owner's session lives and the password is the owner's.
        expectSuccess(await t.call("GET", "/crm/user/profile", { token: member.token }));
      }
      expectSuccess(
        await turn(instances, 1).call("POST", LOGIN, {
          body: { ...number(member.phone), password: member.payload.password },
        }),
      );
    },
  );

  it.runIf(deployment.sharedCounters)(
    "one address trying one password on 25 numbers is stopped at the 20th failure, on every instance",
    async () => {
      const instances = await deployment.start();
      const member = await registerMember(instances[0] as TestApp);
      const SPRAYER = "127.0.0.8";
      const login = (i: number, phone: string, password: string, remoteAddress?: string) =>
        turn(instances, i).call("POST", LOGIN, {
          body: { ...number(phone), password },
          lang: "tc",
          ...(remoteAddress ? { remoteAddress } : {}),
        });
      const answers = [];
      for (let i = 0; i < 25; i++) answers.push(await login(i, nextPhone(), "Summer2024x", SPRAYER));
      expect(tally(answers)).toEqual({ "400/5000": 19, "429/4290": 6 });
      expect(answers.slice(19).every((res) => res.status === 429)).toBe(true);
      expect(answers[19]?.body.error_message).toBe(ERROR_MESSAGES[4290].tc);
      for (const [i] of instances.entries()) {
        // Any number, the right password included, from that address; other addresses are served.
        expectFailure(await login(i, member.phone, member.payload.password, SPRAYER), 429, 4290);
        expectSuccess(await login(i, member.phone, member.payload.password));
      }
    },
  );
});
