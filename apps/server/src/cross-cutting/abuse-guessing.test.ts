import { describe, expect, it } from "vitest";
import { nextPhone, registerMember, requestRegisterCode, validRegistration } from "../testing/flows.ts";
import { tablesOf } from "../testing/tables.ts";
import type { TestApp } from "../testing/test-app.ts";
import { deployments, tally, turn } from "./abuse-support.ts";
import { expectFailure, expectSuccess } from "./support.ts";

/**
 * Guessing across instances: a code's wrong tries are counted where the code lives (the
 * database), so SMS_CODE_MAX_ATTEMPTS holds however the guesses are spread over the
 * instances, in turn or all at once; after that even the right code is dead. The login
 * lock across instances is two-instances.test.ts's; change-password has no lock of its
 * own, so the HTTP rate limit is what caps guessing an old password.
 */

const STATUS = "/crm/registration/register-token-status";
const REGISTER = "/crm/registration/register-with-mobile";
const CHECK_PHONE = "/custom-api/api/Member/CheckPhone";
const FORGOT = "/crm/auth/forgot-password-with-mobile";
const RESET_STATUS = "/crm/auth/reset-password-token-status";
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
    "old-password guesses at change-password stop at the client's HTTP rate limit, on every instance",
    async () => {
      // No lock of its own (the caller already holds a session): RATE_LIMIT_PER_MINUTE is the cap.
      // The guesser's address differs from the one that registered, so its count starts at 0.
      const instances = await deployment.start({ TRUST_PROXY: "true", RATE_LIMIT_PER_MINUTE: "10" });
      const member = await registerMember(instances[0] as TestApp);
      const guess = (t: TestApp, old_password: string) =>
        t.call("POST", "/crm/user/change-password", {
          token: member.token,
          body: { old_password, new_password: "Other456y" },
          headers: { "x-forwarded-for": "198.51.100.9" },
        });
      const answers = [];
      for (let i = 0; i < 14; i++) answers.push(await guess(turn(instances, i), `Wrong${100 + i}x`));
      expect(tally(answers)).toEqual({ "400/4205": 10, "429/4299": 4 });
      for (const t of instances) expectFailure(await guess(t, member.payload.password), 429, 4299);
    },
  );
});
