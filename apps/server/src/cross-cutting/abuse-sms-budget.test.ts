import { ERROR_MESSAGES } from "@hcoins/domain/codes";
import { describe, expect, it } from "vitest";
import { nextPhone } from "../testing/flows.ts";
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
    const { instances, logLines } = await deployment.start({ SMS_TOTAL_HOURLY_LIMIT: "5" });
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
});
