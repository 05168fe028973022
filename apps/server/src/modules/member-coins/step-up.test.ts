import { ERROR_MESSAGES } from "@hcoins/domain/codes";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { balanceOf, linkedMember, type Member, memberCall, newReward, redeem } from "./coins-test-support.ts";

/*
 * The redeeming code at the till: an hourly allowance of its own (SMS_REDEEM_HOURLY_LIMIT), apart
 * from the number's that registration and reset codes share; when no code can be sent the refusal
 * (4237) tells the member to confirm with the password, which still works.
 */

let t: TestApp;
afterEach(() => t?.close());

const sendCode = (member: Member, lang?: string) => memberCall(t, "hcoin-redeem-sms", member.token, {}, lang);
const FORGOT = "/crm/auth/forgot-password-with-mobile";

describe("the redeeming code's allowance", () => {
  it("is the member's own: 3 codes that hour from the till's address leave it whole; spent, the refusal names the password", async () => {
    t = await createTestApp({ env: { SMS_RESEND_SECONDS: "1", SMS_REDEEM_HOURLY_LIMIT: "2" } });
    const member = await linkedMember(t, 100); // its registration code: 1
    const reward = await newReward(t, { coins: 30 });
    for (let i = 0; i < 2; i++) {
      t.clock.advance(1_100);
      const reset = await t.call("POST", FORGOT, {
        body: { mobile_phone_prefix: "852", mobile_phone: member.phone },
      });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    }
    // 3 codes to the number from this address: SMS_NUMBER_CLIENT_HOURLY_LIMIT spent for it.
    t.clock.advance(1_100);
    const fourth = await t.call("POST", FORGOT, {
      body: { mobile_phone_prefix: "852", mobile_phone: member.phone },
    });
    expect(fourth.body.error_code).toBe(4204);

    expect((await sendCode(member)).status).toBe(200);
    t.clock.advance(1_100);
    expect((await sendCode(member)).status).toBe(200);
    for (const [lang, language] of [
      ["en", "en"],
      ["zh-HK", "tc"],
      ["zh-CN", "sc"],
    ] as const) {
      t.clock.advance(1_100);
      const refused = await sendCode(member, lang);
      expect(refused.status).toBe(429);
      expect(refused.body.error_code).toBe(4237);
      expect(refused.body.error_message).toBe(ERROR_MESSAGES[4237][language]);
      expect(refused.body.payload.retry_after_seconds).toBeGreaterThan(3000);
    }
    expect(ERROR_MESSAGES[4237].en).toContain("password");
    expect(ERROR_MESSAGES[4237].tc).toContain("密碼");
    expect(ERROR_MESSAGES[4237].sc).toContain("密码");

    // The password confirms the redemption meanwhile.
    const redeemed = await redeem(t, member, reward.id);
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect(await balanceOf(t, member.token)).toBe(70);
  });

  it("answers 4237 when the deployment's budget refuses a redeeming code too", async () => {
    t = await createTestApp({ env: { SMS_TOTAL_HOURLY_LIMIT: "2", SMS_RESERVED_SHARE_PERCENT: "0" } });
    const member = await linkedMember(t, 50);
    await linkedMember(t); // the budget's second SMS
    const refused = await sendCode(member, "en");
    expect(refused.body.error_code, JSON.stringify(refused.body)).toBe(4237);
    expect(refused.body.payload.retry_after_seconds).toBeGreaterThan(3000);
    // Redeeming by password needs no SMS.
    const reward = await newReward(t, { coins: 30 });
    const redeemed = await redeem(t, member, reward.id);
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
  });
});
