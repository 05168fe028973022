import { ERROR_MESSAGES } from "@hcoins/domain/codes";
import { describe, expect, it } from "vitest";
import { nextPhone, registerMember } from "../testing/flows.ts";
import { tally } from "./abuse-support.ts";
import { callFrom, type LoopbackInstance, linesSaying, loopbackDeployments } from "./loopback-clients.ts";

/**
 * SMS cost money: the whole deployment sends at most SMS_TOTAL_HOURLY_LIMIT an hour, whichever
 * addresses ask and whichever instances answer; 80 % of it is one warn line and the first
 * refusal one error line, once per window. And no SMS goes to a number that is not a mobile
 * number of its prefix (a landline), before any limit is counted.
 */

const REQUEST = "/crm/registration/request-sms-token";
const FORGOT = "/crm/auth/forgot-password-with-mobile";
const WARNING = "SMS hourly budget 80% used (SMS_TOTAL_HOURLY_LIMIT)";
const SPENT = "SMS hourly budget spent: codes refused until the window ends (SMS_TOTAL_HOURLY_LIMIT)";
const OPEN_SPENT =
  "SMS open share spent: registration codes refused until the window ends, members' reset and redeeming codes use the reserved share (SMS_RESERVED_SHARE_PERCENT)";
const CLIENTS = ["127.0.0.1", "127.0.0.2"];

/** SMS the instances' console senders hold for these numbers. */
async function sent(instances: LoopbackInstance[], numbers: [string, string][]): Promise<number> {
  let count = 0;
  for (const { t } of instances) {
    for (const [prefix, phone] of numbers) count += (await t.smsCodes(prefix, phone)).length;
  }
  return count;
}

describe.each(loopbackDeployments())("the SMS budget, $name", (deployment) => {
  it("sends SMS_TOTAL_HOURLY_LIMIT codes an hour over two addresses, warns at 80 %, refuses the rest in three languages", async () => {
    // No reserved share here: every code may spend the whole budget.
    const { instances, logLines } = await deployment.start({
      SMS_TOTAL_HOURLY_LIMIT: "5",
      SMS_RESERVED_SHARE_PERCENT: "0",
    });
    const phones = Array.from({ length: 8 }, () => nextPhone());
    const languages = [
      ["en", "en"],
      ["zh-HK", "tc"],
      ["zh-CN", "sc"],
    ] as const;
    const answers = [];
    for (const [i, phone] of phones.entries()) {
      const [lang, language] = languages[i % 3] as (typeof languages)[number];
      const res = await callFrom(
        CLIENTS[i % 2] as string,
        instances[Math.floor(i / 2) % instances.length] as LoopbackInstance,
        "POST",
        REQUEST,
        { body: { mobile_phone_prefix: "852", mobile_phone: phone }, lang },
      );
      answers.push(res);
      if (res.status !== 200) {
        expect(res.body.error_message).toBe(ERROR_MESSAGES[4208][language]);
        expect(res.body.payload.retry_after_seconds).toBeGreaterThan(3000);
      }
    }
    expect(tally(answers)).toEqual({ "200": 5, "429/4208": 3 });
    expect(answers.slice(5).every((res) => res.status === 429)).toBe(true);
    expect(
      await sent(
        instances,
        phones.map((phone) => ["852", phone]),
      ),
    ).toBe(5);

    // A reset code counts too, whether or not the number is a member (the answer must not tell).
    const reset = await callFrom("127.0.0.2", instances[0] as LoopbackInstance, "POST", FORGOT, {
      body: { mobile_phone_prefix: "852", mobile_phone: nextPhone() },
    });
    expect(reset.status).toBe(429);
    expect(reset.body.error_code).toBe(4208);

    // One line each for operators, at the 4th send (80 % of 5) and at the first refusal.
    const warnings = linesSaying(logLines, WARNING);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, smsSentThisHour: 4, limit: 5 });
    const spent = linesSaying(logLines, SPENT);
    expect(spent).toHaveLength(1);
    expect(spent[0]).toMatchObject({ level: 50, smsSentThisHour: 5, limit: 5 });
  });

  it("gives a member's own limits back when the budget refuses: their next try meets the budget again, not 4204", async () => {
    const { instances } = await deployment.start({
      SMS_TOTAL_HOURLY_LIMIT: "2",
      SMS_CLIENT_HOURLY_LIMIT: "2",
    });
    const ask = (client: string, i: number) =>
      callFrom(client, instances[i % instances.length] as LoopbackInstance, "POST", REQUEST, {
        body: { mobile_phone_prefix: "852", mobile_phone: nextPhone() },
      });
    const answers = [await ask("127.0.0.1", 0), await ask("127.0.0.2", 1)];
    // Without the refunds the second refusal would be 127.0.0.1's third send of the hour: 4204.
    answers.push(await ask("127.0.0.1", 2), await ask("127.0.0.1", 3));
    expect(answers.map((res) => res.body.error_code ?? res.status)).toEqual([200, 200, 4208, 4208]);
  });

  it.each([
    ["852", "21234567", "a Hong Kong landline"],
    ["853", "28123456", "a Macau landline"],
    ["852", "41234567", "an unallocated Hong Kong range"],
    ["86", "14012345678", "a mainland IoT range"],
  ])("refuses +%s %s (%s) before any SMS or limit", async (prefix, phone) => {
    const { instances } = await deployment.start({
      SMS_CLIENT_HOURLY_LIMIT: "2",
      SMS_TOTAL_HOURLY_LIMIT: "2",
    });
    for (const [i, path] of [REQUEST, FORGOT, REQUEST, FORGOT].entries()) {
      const res = await callFrom(
        CLIENTS[i % 2] as string,
        instances[i % instances.length] as LoopbackInstance,
        "POST",
        path,
        { body: { mobile_phone_prefix: prefix, mobile_phone: phone }, lang: "en" },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.payload.errors).toEqual([{ field: "mobile_phone", rule: "mobileNotMobile" }]);
    }
    expect(await sent(instances, [[prefix, phone]])).toBe(0);
    // Nothing was counted: the client's two sends and the deployment's two are all still there.
    const mobiles = [nextPhone(), nextPhone()];
    for (const mobile of mobiles) {
      const res = await callFrom("127.0.0.1", instances[0] as LoopbackInstance, "POST", REQUEST, {
        body: { mobile_phone_prefix: "852", mobile_phone: mobile },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(
      await sent(
        instances,
        mobiles.map((mobile) => ["852", mobile]),
      ),
    ).toBe(2);
  });

  it("keeps SMS_RESERVED_SHARE_PERCENT of the budget from registrations: 31 addresses spend the open share, then a member's reset still gets a code", async () => {
    const { instances, logLines } = await deployment.start({
      SMS_TOTAL_HOURLY_LIMIT: "10",
      SMS_RESERVED_SHARE_PERCENT: "30",
    });
    // Existing members, one an instance (their registration codes are the first of the open share's 7).
    const members = [];
    for (const { t } of instances) members.push(await registerMember(t));
    const answers = [];
    // 31 addresses, each in a /24 of its own, so no network limit is what stops them.
    for (let i = 0; i < 31; i++) {
      answers.push(
        await callFrom(
          `127.0.${i + 10}.1`,
          instances[i % instances.length] as LoopbackInstance,
          "POST",
          REQUEST,
          { body: { mobile_phone_prefix: "852", mobile_phone: nextPhone() } },
        ),
      );
    }
    expect(tally(answers)).toEqual({ "200": 7 - instances.length, "429/4208": 24 + instances.length });
    expect(linesSaying(logLines, OPEN_SPENT)).toHaveLength(1);

    // A member's reset, from any address and either instance, spends the reserved share.
    for (const [i, instance] of instances.entries()) {
      const reset = await callFrom(`127.0.${200 + i}.1`, instance, "POST", FORGOT, {
        body: { mobile_phone_prefix: "852", mobile_phone: members[i]?.phone },
      });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      // A stranger's number answers the same (nothing is sent to it, and nothing is spent).
      const stranger = await callFrom(`127.0.${210 + i}.1`, instance, "POST", FORGOT, {
        body: { mobile_phone_prefix: "852", mobile_phone: nextPhone() },
      });
      expect(stranger.status, JSON.stringify(stranger.body)).toBe(200);
    }
    expect(
      await sent(
        instances,
        members.map(({ phone }) => ["852", phone]),
      ),
    ).toBe(2 * instances.length);
    // Registrations stay refused.
    const late = await callFrom("127.0.250.1", instances[0] as LoopbackInstance, "POST", REQUEST, {
      body: { mobile_phone_prefix: "852", mobile_phone: nextPhone() },
    });
    expect(late.body.error_code).toBe(4208);
  });

  it("stops 31 addresses of one /24 at SMS_PER_NETWORK_HOURLY_LIMIT; another /24 still gets codes", async () => {
    const { instances, logLines } = await deployment.start({ SMS_PER_NETWORK_HOURLY_LIMIT: "20" });
    const answers = [];
    for (let i = 0; i < 31; i++) {
      answers.push(
        await callFrom(
          `127.0.0.${i + 2}`,
          instances[i % instances.length] as LoopbackInstance,
          "POST",
          REQUEST,
          { body: { mobile_phone_prefix: "852", mobile_phone: nextPhone() } },
        ),
      );
    }
    expect(tally(answers)).toEqual({ "200": 20, "429/4204": 11 });
    expect(answers[20]?.body.payload.retry_after_seconds).toBeGreaterThan(3000);
    const warned = linesSaying(logLines, "SMS limit reached for one network (SMS_PER_NETWORK_HOURLY_LIMIT)");
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ limit: "sms-network", network: "127.0.0.0/24" });
    const elsewhere = await callFrom("127.0.1.2", instances[0] as LoopbackInstance, "POST", REQUEST, {
      body: { mobile_phone_prefix: "852", mobile_phone: nextPhone() },
    });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
  });
});
