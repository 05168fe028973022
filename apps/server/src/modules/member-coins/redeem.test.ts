import { randomUUID } from "node:crypto";
import { ERROR_MESSAGES } from "@hcoins/domain/codes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logCollector } from "../../cross-cutting/support.ts";
import { metrics } from "../../metrics.ts";
import { latestCode, registerMember } from "../../testing/flows.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import {
  balanceOf,
  credit,
  linkedMember,
  type Member,
  memberCall,
  newReward,
  redeem,
} from "./coins-test-support.ts";

/*
 * hcoin-redeem and its step-up against the embedded scheme: the proof (password or a redeeming
 * SMS code) before anything is spent, each refusal in the member's language with nothing spent,
 * and a retried key answering the first redemption.
 */

let t: TestApp;
const log = logCollector();
beforeAll(async () => {
  t = await createTestApp({
    // Every member registers by SMS from the one test address: more than an hour's sends of one client.
    env: {
      REDEEM_PASSWORD_MAX_FAILURES: "3",
      LOG_LEVEL: "info",
      SMS_CLIENT_HOURLY_LIMIT: "1000",
      SMS_PER_NETWORK_HOURLY_LIMIT: "1000",
    },
    logStream: log.stream,
  });
});
afterAll(() => t?.close());

const vouchersOf = async (member: Member) =>
  (await memberCall(t, "hcoin-vouchers", member.token)).body.payload.vouchers as { code: string }[];

const redemptions = async () => {
  const { body } = await metrics.text();
  const count = (outcome: string) =>
    Number(new RegExp(`hcoins_redemptions_total\\{outcome="${outcome}"\\} (\\d+)`).exec(body)?.[1] ?? 0);
  return { redeemed: count("redeemed"), duplicate: count("duplicate"), refused: count("refused") };
};

describe("hcoin-redeem", () => {
  it("spends the coins and a unit once per key: the retry answers the first redemption", async () => {
    const member = await linkedMember(t, 250);
    const reward = await newReward(t, { coins: 100, stock: 5 });
    const before = await redemptions();
    const key = randomUUID();

    const first = await redeem(t, member, reward.id, { idempotency_key: key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.payload).toMatchObject({
      balance: 150,
      duplicate: false,
      voucher: {
        reward_id: reward.id,
        kind: "evoucher",
        status: "issued",
        coins: 100,
        value_amount: "50.00",
        stores: [{ store_code: "HF-CW01", name: { en: "Harbour Fresh Sheung Wan" } }],
        used_at: null,
        used_store_name: null,
      },
    });
    const code = first.body.payload.voucher.code as string;

    const again = await redeem(t, member, reward.id, { idempotency_key: key });
    expect(again.body.payload).toMatchObject({ balance: 150, duplicate: true, voucher: { code } });
    expect(await balanceOf(t, member.token)).toBe(150);
    expect((await vouchersOf(member)).map((voucher) => voucher.code)).toEqual([code]);
    const { reward: after } = await t.app.services.coinSchemeClient.reward(reward.id);
    expect(after.stock).toBe(4);
    expect(await redemptions()).toMatchObject({
      redeemed: before.redeemed + 1,
      duplicate: before.duplicate + 1,
    });

    // One line per redemption, with the voucher code's last four characters only.
    const lines = log.lines.filter((line) => line.includes("H Coins reward redeemed"));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.join("\n")).not.toContain(code);
    expect(JSON.parse(lines.at(-1) as string)).toMatchObject({
      memberId: member.user.id,
      rewardId: reward.id,
      voucher: `…${code.slice(-4)}`,
      duplicate: true,
    });
  });

  it("refuses each case in the member's language and spends nothing", async () => {
    const member = await linkedMember(t, 100);
    const dear = await newReward(t, { coins: 101 });
    const gone = await newReward(t, { coins: 10, stock: 0 });
    const closed = await newReward(t, {
      coins: 10,
      endsAt: Date.now() - 1000,
      startsAt: Date.now() - 86_400_000,
    });
    const retired = await newReward(t, { coins: 10, active: false });
    const once = await newReward(t, { coins: 10, perMemberLimit: 1 });
    expect((await redeem(t, member, once.id)).status).toBe(200);
    const before = await redemptions();

    const cases = [
      [dear.id, 409, 4231, "en", "You do not have enough H Coins for this reward."],
      [gone.id, 409, 4232, "zh-HK", "抱歉，此禮遇剛剛已換完。"],
      [closed.id, 409, 4233, "zh-CN", "此礼遇目前无法兑换。"],
      [retired.id, 409, 4233, "en", "This reward is not available for redemption at the moment."],
      [once.id, 409, 4234, "zh-HK", "你已達此禮遇的換領上限。"],
      [9_999_999, 404, 4040, "en", "The requested item could not be found."],
    ] as const;
    for (const [rewardId, status, errorCode, lang, message] of cases) {
      const res = await redeem(t, member, rewardId, {}, lang);
      expect(res.status, `${rewardId}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body).toMatchObject({ error_code: errorCode, error_message: message });
    }
    expect(await balanceOf(t, member.token)).toBe(90);
    expect(await vouchersOf(member)).toHaveLength(1);
    expect((await redemptions()).refused).toBe(before.refused + cases.length);
  });

  it("holds redeeming while a refund has left the balance below zero (4236), in the member's language", async () => {
    const member = await linkedMember(t, 100);
    const reward = await newReward(t, { coins: 1 });
    // What a refund of coins already spent does: the operator's debit below zero stands in for it here.
    await t.app.services.coinSchemeClient.adjust({
      hcoinsMemberNo: member.hcoins,
      coins: -150,
      reason: "refund of spent coins",
      operator: "tester",
      allowNegative: true,
    });
    for (const [lang, message] of [
      ["en", ERROR_MESSAGES[4236].en],
      ["zh-HK", ERROR_MESSAGES[4236].tc],
      ["zh-CN", ERROR_MESSAGES[4236].sc],
    ] as const) {
      const res = await redeem(t, member, reward.id, {}, lang);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body).toMatchObject({ error_code: 4236, error_message: message });
    }
    expect(await balanceOf(t, member.token)).toBe(-50);
    await credit(t, member.hcoins, 51);
    expect((await redeem(t, member, reward.id)).status).toBe(200);
  });

  it("refuses a key that redeemed another reward (4000 on idempotency_key)", async () => {
    const member = await linkedMember(t, 100);
    const one = await newReward(t, { coins: 10 });
    const two = await newReward(t, { coins: 10 });
    const key = randomUUID();
    expect((await redeem(t, member, one.id, { idempotency_key: key })).status).toBe(200);
    const res = await redeem(t, member, two.id, { idempotency_key: key });
    expect(res.status).toBe(400);
    expect(res.body.payload).toMatchObject({
      error_code: 4000,
      errors: [{ field: "idempotency_key", rule: "invalid" }],
    });
    expect(await balanceOf(t, member.token)).toBe(90);
  });

  it("answers 4235 to a member without an account, and 401 to a visitor", async () => {
    const reward = await newReward(t, { coins: 1 });
    const unlinked = await registerMember(t);
    const res = await redeem(t, unlinked, reward.id, {}, "en");
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error_code: 4235,
      error_message: "Your mobile number has no H Coins account linked yet.",
    });
    const visitor = await memberCall(t, "hcoin-redeem", undefined, {
      reward_id: reward.id,
      idempotency_key: randomUUID(),
      password: "Secret123x",
    });
    expect(visitor.status).toBe(401);
  });

  it("spends only the caller's own coins, whatever account the body names", async () => {
    const rich = await linkedMember(t, 1000);
    const poor = await linkedMember(t, 0);
    const reward = await newReward(t, { coins: 100 });
    const res = await redeem(t, poor, reward.id, { hcoins_memberno: rich.hcoins });
    expect(res.body.error_code).toBe(4231);
    expect(await balanceOf(t, rich.token)).toBe(1000);
    expect(await vouchersOf(rich)).toEqual([]);
  });
});

describe("hcoin-redeem step-up by password", () => {
  it("needs exactly one proof (4000 stepUpRequired)", async () => {
    const member = await linkedMember(t, 100);
    const reward = await newReward(t, { coins: 10 });
    for (const body of [{ password: undefined }, { sms_token: "123456" }]) {
      const res = await redeem(t, member, reward.id, body);
      expect(res.status).toBe(400);
      expect(res.body.payload.errors).toContainEqual({ field: "password", rule: "stepUpRequired" });
    }
    expect(await balanceOf(t, member.token)).toBe(100);
  });

  it("counts wrong passwords per member (4230), locks at the limit (4290), spends nothing; a reset lifts it", async () => {
    const member = await linkedMember(t, 100);
    const reward = await newReward(t, { coins: 10 });
    const wrong = () => redeem(t, member, reward.id, { password: "Wrong-pass-1" }, "en");

    for (const remaining of [2, 1]) {
      const res = await wrong();
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error_code: 4230,
        error_message: ERROR_MESSAGES[4230].en,
        payload: { attempts_remaining: remaining },
      });
    }
    const locked = await wrong();
    expect(locked.status).toBe(429);
    expect(locked.body.payload).toMatchObject({ error_code: 4290, retry_after_seconds: 900 });
    const right = await redeem(t, member, reward.id);
    expect(right.body.error_code).toBe(4290);
    expect(await balanceOf(t, member.token)).toBe(100);

    // Its own count: change-password is not locked by it.
    const change = await t.call("POST", "/crm/user/change-password", {
      token: member.token,
      body: { old_password: "Wrong-pass-1", new_password: "Another123x" },
    });
    expect(change.body.error_code).toBe(4205);

    // A password reset by SMS lifts the lock.
    await t.call("POST", "/crm/auth/forgot-password-with-mobile", {
      body: { mobile_phone_prefix: member.prefix, mobile_phone: member.phone },
    });
    const exchanged = await t.call("POST", "/crm/auth/reset-password-token-status", {
      body: {
        mobile_phone_prefix: member.prefix,
        mobile_phone: member.phone,
        mobile_token: await latestCode(t, member.phone),
      },
    });
    const reset = await t.call("POST", "/crm/auth/reset-password", {
      body: {
        token: exchanged.body.payload.reset_token,
        new_password: "Brand-new-9",
      },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const login = await t.call("POST", "/crm/auth/login-with-mobile-password", {
      body: { mobile_phone_prefix: member.prefix, mobile_phone: member.phone, password: "Brand-new-9" },
    });
    const token = login.body.payload.access_token as string;
    const after = await redeem(t, { token, payload: { password: "Brand-new-9" } }, reward.id);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body.payload.balance).toBe(90);
  });
});

describe("hcoin-redeem step-up by SMS", () => {
  const sendCode = (member: Member, lang?: string) =>
    memberCall(t, "hcoin-redeem-sms", member.token, {}, lang);
  const withCode = (member: Member, rewardId: number, code: string, key = randomUUID()) =>
    memberCall(t, "hcoin-redeem", member.token, {
      reward_id: rewardId,
      idempotency_key: key,
      sms_token: code,
    });

  it("sends a code to the member's own number saying what it is for, used up by one redemption", async () => {
    const member = await linkedMember(t, 100);
    const reward = await newReward(t, { coins: 30 });
    const sent = await sendCode(member, "en");
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ code: 200, payload: {} });
    const outbox = await t.call(
      "GET",
      `/dev/sms-outbox?mobile_phone_prefix=852&mobile_phone=${member.phone}`,
      {
        token: null,
      },
    );
    const sms = outbox.body.payload[0];
    expect(sms.purpose).toBe("redeem");
    expect(sms.text).toContain(sms.code);
    expect(sms.text).toContain("redeem");
    expect(sms.text).toContain("did not ask");

    const wrongCode = sms.code === "000000" ? "111111" : "000000";
    const wrong = await withCode(member, reward.id, wrongCode);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_code).toBe(4201);
    expect(await balanceOf(t, member.token)).toBe(100);

    const right = await withCode(member, reward.id, sms.code);
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.payload.balance).toBe(70);
    const reused = await withCode(member, reward.id, sms.code);
    expect(reused.body.error_code).toBe(4201);
    expect(await balanceOf(t, member.token)).toBe(70);
  });

  it("voids a code after SMS_CODE_MAX_ATTEMPTS wrong tries (4201 for the right one too)", async () => {
    const member = await linkedMember(t, 100);
    const reward = await newReward(t, { coins: 10 });
    await sendCode(member);
    const code = await latestCode(t, member.phone);
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++)
      expect((await withCode(member, reward.id, wrongCode)).body.error_code).toBe(4201);
    expect((await withCode(member, reward.id, code)).body.error_code).toBe(4201);
    expect(await balanceOf(t, member.token)).toBe(100);
  });

  it("keeps the send limits (4203) and tells a visitor 401", async () => {
    const member = await linkedMember(t);
    expect((await sendCode(member)).status).toBe(200);
    const soon = await sendCode(member);
    expect(soon.status).toBe(429);
    expect(soon.body.error_code).toBe(4203);
    expect((await memberCall(t, "hcoin-redeem-sms", undefined)).status).toBe(401);
  });

  it("gives the code back when the redemption is refused, for the retry", async () => {
    const member = await linkedMember(t, 10);
    const reward = await newReward(t, { coins: 50 });
    await sendCode(member);
    const code = await latestCode(t, member.phone);
    expect((await withCode(member, reward.id, code)).body.error_code).toBe(4231);
    await credit(t, member.hcoins, 40);
    const retry = await withCode(member, reward.id, code);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.payload.balance).toBe(0);
  });

  it("binds a code to its purpose: a reset code does not redeem, a redeeming code does not reset", async () => {
    const member = await linkedMember(t, 100);
    const reward = await newReward(t, { coins: 10 });
    await t.call("POST", "/crm/auth/forgot-password-with-mobile", {
      body: { mobile_phone_prefix: "852", mobile_phone: member.phone },
    });
    const resetCode = await latestCode(t, member.phone);
    expect((await withCode(member, reward.id, resetCode)).body.error_code).toBe(4201);

    await sendCode(member);
    const redeemCode = await latestCode(t, member.phone);
    const exchanged = await t.call("POST", "/crm/auth/reset-password-token-status", {
      body: { mobile_phone_prefix: "852", mobile_phone: member.phone, mobile_token: redeemCode },
    });
    expect(exchanged.body.error_code).toBe(4201);
    expect((await withCode(member, reward.id, redeemCode)).status).toBe(200);
    expect(await balanceOf(t, member.token)).toBe(90);
  });
});
