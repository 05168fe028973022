import { describe, expect, it } from "vitest";
import { nextPhone, registerMember, requestRegisterCode, validRegistration } from "../../testing/flows.ts";
import { tablesOf } from "../../testing/tables.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { testApps } from "../../testing/test-apps.ts";

const REQUEST = "/crm/registration/request-sms-token";
const STATUS = "/crm/registration/register-token-status";
const REGISTER = "/crm/registration/register-with-mobile";
const FORGOT = "/crm/auth/forgot-password-with-mobile";
const OUTBOX = "/dev/sms-outbox";
const SECOND = 1000;
const MINUTE = 60 * SECOND;

const { shared: app, fresh: freshApp } = testApps();

const otherCode = (code: string) => (code === "000000" ? "000001" : "000000");

const number = (phone: string, prefix = "852") => ({ mobile_phone_prefix: prefix, mobile_phone: phone });
const requestCode = (t: TestApp, phone: string, options: { lang?: string; ip?: string } = {}) =>
  t.call("POST", REQUEST, {
    body: number(phone),
    ...(options.lang ? { lang: options.lang } : {}),
    ...(options.ip ? { headers: { "x-forwarded-for": options.ip } } : {}),
  });
const forgotPassword = (t: TestApp, phone: string) => t.call("POST", FORGOT, { body: number(phone) });
const verify = (t: TestApp, phone: string, code: string) =>
  t.call("POST", STATUS, { body: { ...number(phone), sms_token: code } });

// biome-ignore lint/suspicious/noExplicitAny: envelope bodies are read freely
function expectFailure(res: { status: number; body: any }, status: number, errorCode: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ code: status, error_code: errorCode, payload: { error_code: errorCode } });
}

describe("SMS codes", () => {
  it("are six digits, a fresh one for each number, and stored only as a hash", async () => {
    const t = await freshApp();
    const phones = [nextPhone(), nextPhone(), nextPhone()];
    const codes: string[] = [];
    for (const phone of phones) codes.push(await requestRegisterCode(t, phone));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);

    const rows = await tablesOf(t.app.services).selectFrom("sms_codes").selectAll().execute();
    expect(rows).toHaveLength(3);
    const stored = JSON.stringify(rows);
    for (const code of codes) expect(stored).not.toContain(`"${code}"`);
    for (const row of rows) expect(Object.values(row)).not.toContain(codes[phones.indexOf(row.mobile_phone)]);
  });

  it.each([
    ["en", "verification code"],
    ["zh-HK", "驗證碼"],
    ["zh-CN", "验证码"],
    [undefined, "驗證碼"],
  ])("are sent in the request's language (Accept-Language %s)", async (lang, words) => {
    const t = await app();
    const phone = nextPhone();
    const res = await requestCode(t, phone, lang ? { lang } : {});
    expect(res.status).toBe(200);
    const outbox = await t.call("GET", `${OUTBOX}?mobile_phone_prefix=852&mobile_phone=${phone}`, {
      token: null,
    });
    const [entry] = outbox.body.payload;
    expect(entry.text).toContain(words);
    expect(entry.text).toContain(entry.code);
  });

  it("verify when right within 5 minutes", async () => {
    const t = await freshApp();
    const phone = nextPhone();
    const code = await requestRegisterCode(t, phone);
    t.clock.advance(5 * MINUTE - SECOND);
    expect((await verify(t, phone, code)).status).toBe(200);
  });

  it("expire after 5 minutes (4201)", async () => {
    const t = await freshApp();
    const phone = nextPhone();
    const code = await requestRegisterCode(t, phone);
    t.clock.advance(5 * MINUTE + SECOND);
    expectFailure(await verify(t, phone, code), 400, 4201);
  });

  it("honour SMS_CODE_TTL_SECONDS", async () => {
    const t = await freshApp({ SMS_CODE_TTL_SECONDS: "60" });
    const phone = nextPhone();
    const res = await requestCode(t, phone);
    expect(res.body.payload.expires_in_seconds).toBe(60);
    const code = (await t.smsCodes("852", phone))[0] as string;
    t.clock.advance(61 * SECOND);
    expectFailure(await verify(t, phone, code), 400, 4201);
  });

  it("are void after 5 wrong tries: even the right code then fails", async () => {
    const t = await app();
    const phone = nextPhone();
    const code = await requestRegisterCode(t, phone);
    for (let i = 0; i < 5; i++) expectFailure(await verify(t, phone, otherCode(code)), 400, 4201);
    expectFailure(await verify(t, phone, code), 400, 4201);
    const register = await t.call("POST", REGISTER, {
      body: { ...validRegistration(phone), sms_token: code },
    });
    expectFailure(register, 400, 4201);
  });

  it("survive 4 wrong tries", async () => {
    const t = await app();
    const phone = nextPhone();
    const code = await requestRegisterCode(t, phone);
    for (let i = 0; i < 4; i++) expectFailure(await verify(t, phone, otherCode(code)), 400, 4201);
    expect((await verify(t, phone, code)).status).toBe(200);
  });

  it("count parallel wrong guesses too", async () => {
    const t = await app();
    const phone = nextPhone();
    const code = await requestRegisterCode(t, phone);
    const guesses = Array.from({ length: 12 }, (_, i) => String(100000 + i)).filter(
      (guess) => guess !== code,
    );
    const results = await Promise.all(guesses.map((guess) => verify(t, phone, guess)));
    for (const res of results) expectFailure(res, 400, 4201);
    expectFailure(await verify(t, phone, code), 400, 4201);
  });

  it("count wrong codes at register-with-mobile as wrong tries, even after verification", async () => {
    const t = await app();
    const phone = nextPhone();
    const code = await requestRegisterCode(t, phone);
    expect((await verify(t, phone, code)).status).toBe(200);
    const wrong = otherCode(code);
    for (let i = 0; i < 5; i++) {
      const res = await t.call("POST", REGISTER, { body: { ...validRegistration(phone), sms_token: wrong } });
      expectFailure(res, 400, 4201);
    }
    const res = await t.call("POST", REGISTER, { body: { ...validRegistration(phone), sms_token: code } });
    expectFailure(res, 400, 4201);
    expect(await t.app.services.members.findByPhone("852", phone)).toBeUndefined();
  });

  it("are bound to their number", async () => {
    const t = await app();
    const phone = nextPhone();
    const code = await requestRegisterCode(t, phone);
    const other = nextPhone();
    expectFailure(await verify(t, other, code), 400, 4201);
    expect((await verify(t, phone, code)).status).toBe(200);
  });

  it("are bound to their purpose: a reset code does not verify a registration", async () => {
    const t = await app();
    const { phone } = await registerMember(t);
    expect((await forgotPassword(t, phone)).status).toBe(200);
    const outbox = await t.call("GET", `${OUTBOX}?mobile_phone_prefix=852&mobile_phone=${phone}`, {
      token: null,
    });
    expect(outbox.body.payload[0].purpose).toBe("reset");
    expectFailure(await verify(t, phone, outbox.body.payload[0].code), 400, 4201);
  });

  it("are bound to their purpose: a registration code does not buy a reset token", async () => {
    const t = await app();
    const phone = nextPhone();
    await t.app.services.members.importMember({
      mobile_phone_prefix: "852",
      mobile_phone: phone,
      member_no: null,
      first_name: null,
      last_name: null,
      email: null,
      birthday_month: null,
      register_store_code: null,
      external_customer_id: null,
    });
    const registerCode = await requestRegisterCode(t, phone);
    expect((await forgotPassword(t, phone)).status).toBe(200);
    const [reset] = (await t.smsCodes("852", phone)) as [string];
    const exchange = (mobile_token: string) =>
      t.call("POST", "/crm/auth/reset-password-token-status", { body: { ...number(phone), mobile_token } });
    if (registerCode !== reset) expectFailure(await exchange(registerCode), 400, 4201);
    const res = await exchange(reset);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload.reset_token).toEqual(expect.any(String));
  });

  it("are replaced by a new send once SMS_RESEND_SECONDS passed: the old code fails, the new one works", async () => {
    const t = await freshApp({ SMS_RESEND_SECONDS: "1" });
    const phone = nextPhone();
    const first = await requestRegisterCode(t, phone);
    expectFailure(await requestCode(t, phone), 429, 4203);
    t.clock.advance(1_100);
    const second = await requestRegisterCode(t, phone);
    expect(await t.smsCodes("852", phone)).toEqual([second, first]);
    if (first !== second) expectFailure(await verify(t, phone, first), 400, 4201);
    expect((await verify(t, phone, second)).status).toBe(200);
  });

  it("can be sent again after a code went void, and the new one works", async () => {
    const t = await freshApp({ SMS_RESEND_SECONDS: "1" });
    const phone = nextPhone();
    const first = await requestRegisterCode(t, phone);
    for (let i = 0; i < 5; i++) await verify(t, phone, otherCode(first));
    expectFailure(await verify(t, phone, first), 400, 4201);
    t.clock.advance(1_100);
    const second = await requestRegisterCode(t, phone);
    expect((await verify(t, phone, second)).status).toBe(200);
  });
});

describe("SMS send limits", () => {
  it("answers 4203 with retry_after_seconds to a resend within 60 s, and sends nothing", async () => {
    const t = await freshApp();
    const phone = nextPhone();
    expect((await requestCode(t, phone)).status).toBe(200);
    t.clock.advance(45_000); // the wait runs on the app's clock
    const res = await requestCode(t, phone, { lang: "en" });
    expectFailure(res, 429, 4203);
    expect(res.body.error_message).toBe("Please wait a moment before requesting another verification code.");
    expect(res.body.payload.retry_after_seconds).toBe(15);
    expect(await t.smsCodes("852", phone)).toHaveLength(1);
    t.clock.advance(15_000);
    expect((await requestCode(t, phone)).status).toBe(200);
  });

  it("keeps the resend wait per purpose: a reset right after a registration code is sent", async () => {
    const t = await app();
    const { phone } = await registerMember(t);
    const res = await forgotPassword(t, phone);
    expect(res.status).toBe(200);
    expect(res.body.payload.resend_after_seconds).toBe(60);
    const outbox = await t.call("GET", `${OUTBOX}?mobile_phone_prefix=852&mobile_phone=${phone}`, {
      token: null,
    });
    expect(outbox.body.payload.map((entry: { purpose: string }) => entry.purpose)).toEqual([
      "reset",
      "register",
    ]);
    expectFailure(await forgotPassword(t, phone), 429, 4203);
  });

  it("allows 3 sends per number per hour from one address and 5 from every address, across purposes, then 4204", async () => {
    const t = await freshApp({ SMS_RESEND_SECONDS: "1" });
    const phone = nextPhone();
    // Not a member: forgot-password sends nothing but counts all the same.
    const send = (path: string, remoteAddress: string) =>
      t.call("POST", path, { body: number(phone), remoteAddress });
    const sent = [await send(REQUEST, "127.0.0.1"), await send(FORGOT, "127.0.0.1")];
    t.clock.advance(1_100);
    sent.push(await send(REQUEST, "127.0.0.1"));
    const fourthFromOne = await send(FORGOT, "127.0.0.1");
    expectFailure(fourthFromOne, 429, 4204);
    expect(fourthFromOne.body.payload.retry_after_seconds).toBeGreaterThan(60);
    // Another address, at once: the refused call did not hold the reset code's resend wait.
    sent.push(await send(FORGOT, "127.0.0.2"));
    t.clock.advance(1_100);
    sent.push(await send(REQUEST, "127.0.0.2"));
    for (const [index, res] of sent.entries()) {
      expect(res.status, `send ${index + 1}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const sixth = await send(FORGOT, "127.0.0.3");
    expectFailure(sixth, 429, 4204);
    expect(sixth.body.payload.retry_after_seconds).toBeGreaterThan(60);
    expect(sixth.body.payload.retry_after_seconds).toBeLessThanOrEqual(3600);
    expect(await t.smsCodes("852", phone)).toHaveLength(3);
  });

  it("counts the per-number limit across purposes (SMS_NUMBER_HOURLY_LIMIT lowered)", async () => {
    const t = await freshApp({ SMS_NUMBER_HOURLY_LIMIT: "1" });
    const { phone } = await registerMember(t);
    const res = await t.call("POST", FORGOT, { lang: "en", body: number(phone) });
    expectFailure(res, 429, 4204);
    expect(res.body.error_message).toBe("Too many verification codes requested, please try again later.");
    expect(res.body.payload.retry_after_seconds).toBeGreaterThan(60);
    expect(await t.smsCodes("852", phone)).toHaveLength(1);
    // Another number is not affected.
    expect((await requestCode(t, nextPhone())).status).toBe(200);
  });

  it("allows 30 sends per client address per hour, then 4204 for any number", async () => {
    const t = await freshApp();
    for (let i = 0; i < 30; i++) {
      const res = await requestCode(t, nextPhone());
      expect(res.status, `send ${i + 1}`).toBe(200);
    }
    const phone = nextPhone();
    const res = await requestCode(t, phone);
    expectFailure(res, 429, 4204);
    expect(res.body.payload.retry_after_seconds).toBeGreaterThan(60);
    expect(await t.smsCodes("852", phone)).toEqual([]);
    expectFailure(await forgotPassword(t, nextPhone()), 429, 4204);
  });

  it("counts the client limit per client address (SMS_CLIENT_HOURLY_LIMIT lowered)", async () => {
    const t = await freshApp({ SMS_CLIENT_HOURLY_LIMIT: "2", TRUST_PROXY: "true" });
    const a = "203.0.113.10";
    const b = "203.0.113.20";
    expect((await requestCode(t, nextPhone(), { ip: a })).status).toBe(200);
    expect((await requestCode(t, nextPhone(), { ip: a })).status).toBe(200);
    expectFailure(await requestCode(t, nextPhone(), { ip: a }), 429, 4204);
    expect((await requestCode(t, nextPhone(), { ip: b })).status).toBe(200);
  });
});

describe("GET /dev/sms-outbox", () => {
  it("lists the SMS of a number newest first, without an Authorization header", async () => {
    const t = await freshApp();
    const { phone } = await registerMember(t);
    t.clock.advance(MINUTE);
    expect((await forgotPassword(t, phone)).status).toBe(200);
    const res = await t.call("GET", `${OUTBOX}?mobile_phone_prefix=852&mobile_phone=${phone}`, {
      token: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const [reset, register] = res.body.payload;
    expect(res.body.payload).toHaveLength(2);
    for (const entry of res.body.payload) {
      expect(Object.keys(entry).sort()).toEqual(["code", "purpose", "sent_at", "text"]);
      expect(entry.code).toMatch(/^\d{6}$/);
      expect(entry.text).toContain(entry.code);
      expect(new Date(entry.sent_at).toISOString()).toBe(entry.sent_at);
    }
    expect(reset.purpose).toBe("reset");
    expect(register.purpose).toBe("register");
    expect(Date.parse(reset.sent_at) - Date.parse(register.sent_at)).toBeGreaterThanOrEqual(MINUTE);
    expect(Math.abs(Date.parse(reset.sent_at) - t.clock.now())).toBeLessThan(5 * SECOND);
  });

  it("accepts the prefix written with a plus and answers [] for a number without SMS", async () => {
    const t = await app();
    const phone = nextPhone();
    await requestRegisterCode(t, phone);
    const plus = await t.call("GET", `${OUTBOX}?mobile_phone_prefix=%2B852&mobile_phone=${phone}`, {
      token: null,
    });
    expect(plus.body.payload).toHaveLength(1);
    const none = await t.call("GET", `${OUTBOX}?mobile_phone_prefix=852&mobile_phone=${nextPhone()}`, {
      token: null,
    });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ code: 200, payload: [] });
  });

  it.each([
    ["SMS_PROVIDER=http", { SMS_PROVIDER: "http", SMS_HTTP_URL: "http://127.0.0.1:9/sms" }],
    ["NODE_ENV=production", { NODE_ENV: "production", COIN_SCHEME_API_KEYS: "pos:aaaaaaaaaaaaaaaa:till:S1" }],
  ])("is 404 with %s", async (_label, env) => {
    const t = await freshApp(env);
    const res = await t.call("GET", `${OUTBOX}?mobile_phone_prefix=852&mobile_phone=91234567`, {
      token: null,
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error_code: 4040 });
  });

  it("answers 5030 when the SMS gateway cannot be reached", async () => {
    const t = await freshApp({ SMS_PROVIDER: "http", SMS_HTTP_URL: "http://127.0.0.1:9/sms" });
    const res = await requestCode(t, nextPhone());
    expectFailure(res, 503, 5030);
  });
});
