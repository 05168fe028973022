import { describe, expect, it } from "vitest";
import {
  nextPhone,
  registerMember,
  requestRegisterCode,
  validRegistration,
  verifiedRegisterCode,
} from "../../testing/flows.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { testApps } from "../../testing/test-apps.ts";

const REQUEST = "/crm/registration/request-sms-token";
const STATUS = "/crm/registration/register-token-status";
const REGISTER = "/crm/registration/register-with-mobile";
const MINUTE = 60_000;

/** A member of the number created behind the HTTP calls' back (as a parallel registration would). */
async function registerDirectly(t: TestApp, phone: string) {
  const { database, members } = t.app.services;
  const payload = { ...validRegistration(phone), email: `direct${phone}@example.com`, sms_token: "000000" };
  await database.transaction((trx) =>
    members.createWebMember(payload as Parameters<typeof members.createWebMember>[0], "x", "", trx),
  );
}

const { shared: app, fresh: freshApp } = testApps();

function expectFailure(
  // biome-ignore lint/suspicious/noExplicitAny: envelope bodies are read freely
  res: { status: number; body: any },
  status: number,
  errorCode: number,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({
    code: status,
    error_code: errorCode,
    error_message: expect.any(String),
    payload: { error_code: errorCode, error_message: res.body.error_message },
  });
}

function expectFieldError(
  // biome-ignore lint/suspicious/noExplicitAny: envelope bodies are read freely
  res: { status: number; body: any },
  field: string,
  rule: string,
) {
  expectFailure(res, 400, 4000);
  expect(res.body.payload.errors).toContainEqual({ field, rule });
}

describe("POST /crm/registration/request-sms-token", () => {
  it("sends a 6-digit code and answers the resend and expiry times", async () => {
    const t = await app();
    const phone = nextPhone();
    const res = await t.call("POST", REQUEST, { body: { mobile_phone_prefix: "852", mobile_phone: phone } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, payload: { resend_after_seconds: 60, expires_in_seconds: 300 } });
    const codes = await t.smsCodes("852", phone);
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatch(/^\d{6}$/);
  });

  it.each([
    ["852", "92345678"],
    ["853", "66123456"],
    ["86", "13812345678"],
  ])("accepts a valid +%s number", async (prefix, phone) => {
    const t = await app();
    const res = await t.call("POST", REQUEST, { body: { mobile_phone_prefix: prefix, mobile_phone: phone } });
    expect(res.status).toBe(200);
    expect(await t.smsCodes(prefix, phone)).toHaveLength(1);
  });

  it("accepts a form-encoded body, numbers as strings, and a trailing slash", async () => {
    const t = await app();
    const phone = nextPhone();
    const res = await t.call("POST", `${REQUEST}/`, {
      form: true,
      body: { mobile_phone_prefix: "852", mobile_phone: phone },
    });
    expect(res.status).toBe(200);
    expect(res.body.payload.resend_after_seconds).toBe(60);
    expect(await t.smsCodes("852", phone)).toHaveLength(1);
  });

  it("accepts the prefix and number as JSON numbers", async () => {
    const t = await app();
    const res = await t.call("POST", REQUEST, { body: { mobile_phone_prefix: 852, mobile_phone: 93456789 } });
    expect(res.status).toBe(200);
    expect(await t.smsCodes("852", "93456789")).toHaveLength(1);
  });

  it("takes a number written with a space, a hyphen or full-width digits as the one stored number", async () => {
    const t = await app();
    const phone = nextPhone();
    const spaced = `${phone.slice(0, 4)} ${phone.slice(4)}`;
    const res = await t.call("POST", REQUEST, {
      form: true,
      body: { mobile_phone_prefix: "852", mobile_phone: spaced },
    });
    expect(res.status).toBe(200);
    expect(await t.smsCodes("852", phone)).toHaveLength(1);
    // The same number written another way is the same number: the resend wait applies to it.
    const fullWidth = [...phone].map((digit) => String.fromCharCode(0xff10 + Number(digit))).join("");
    const hyphened = `${fullWidth.slice(0, 4)}-${fullWidth.slice(4)}`;
    const again = await t.call("POST", REQUEST, {
      body: { mobile_phone_prefix: "852", mobile_phone: hyphened },
    });
    expectFailure(again, 429, 4203);
    expect(await t.smsCodes("852", phone)).toHaveLength(1);
  });

  it.each([
    [{ mobile_phone_prefix: "852" }, "mobile_phone", "mobileNull"],
    [{ mobile_phone_prefix: "852", mobile_phone: "" }, "mobile_phone", "mobileNull"],
    [{ mobile_phone_prefix: "852", mobile_phone: "9123456" }, "mobile_phone", "mobileLength8"],
    [{ mobile_phone_prefix: "852", mobile_phone: "912345678" }, "mobile_phone", "mobileLength8"],
    [{ mobile_phone_prefix: "853", mobile_phone: "6123456a" }, "mobile_phone", "mobileLength8"],
    [{ mobile_phone_prefix: "852", mobile_phone: "9123.4567" }, "mobile_phone", "mobileLength8"],
    [{ mobile_phone_prefix: "86", mobile_phone: "1381234567" }, "mobile_phone", "mobileLength11"],
    [{ mobile_phone_prefix: "86", mobile_phone: "12812345678" }, "mobile_phone", "mobileLength11"],
    [{ mobile_phone_prefix: "86", mobile_phone: "91234567" }, "mobile_phone", "mobileLength11"],
    [{ mobile_phone_prefix: "44", mobile_phone: "98765432" }, "mobile_phone_prefix", "prefixInvalid"],
    [{ mobile_phone: "98765432" }, "mobile_phone_prefix", "required"],
  ])("refuses %j with %s/%s (4000), sending nothing", async (body, field, rule) => {
    const t = await app();
    const res = await t.call("POST", REQUEST, { body });
    expectFieldError(res, field, rule);
    const number = body as { mobile_phone_prefix?: string; mobile_phone?: string };
    expect(await t.smsCodes(number.mobile_phone_prefix ?? "852", number.mobile_phone ?? "")).toEqual([]);
  });

  it("reports every missing field of an empty body", async () => {
    const t = await app();
    const res = await t.call("POST", REQUEST, { body: {} });
    expectFailure(res, 400, 4000);
    expect(res.body.payload.errors).toEqual(
      expect.arrayContaining([
        { field: "mobile_phone_prefix", rule: "required" },
        { field: "mobile_phone", rule: "mobileNull" },
      ]),
    );
  });

  it("answers a malformed JSON body with 4000, not 500", async () => {
    const t = await app();
    const raw = await t.app.inject({
      method: "POST",
      url: REQUEST,
      headers: { authorization: "Bearer web:guest", "content-type": "application/json" },
      payload: '{"mobile_phone_prefix": "852",',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toMatchObject({ code: 400, error_code: 4000, payload: { errors: expect.any(Array) } });
  });

  it.each([
    ["no Authorization header", null],
    ["an unknown app id", "unknown-app"],
  ])("answers 401 with %s", async (_label, appId) => {
    const t = await app();
    const phone = nextPhone();
    const headers: Record<string, string> = appId ? { authorization: `Bearer ${appId}:guest` } : {};
    const res = await t.call("POST", REQUEST, {
      token: null,
      headers,
      body: { mobile_phone_prefix: "852", mobile_phone: phone },
    });
    expectFailure(res, 401, 4010);
    expect(await t.smsCodes("852", phone)).toEqual([]);
  });

  it.each([
    ["en", "Please check the highlighted fields."],
    ["zh-HK", "請檢查已標示的欄位。"],
    ["zh-CN", "请检查已标出的字段。"],
    [undefined, "請檢查已標示的欄位。"],
  ])("gives the 4000 message in Accept-Language %s", async (lang, message) => {
    const t = await app();
    const res = await t.call("POST", REQUEST, {
      ...(lang ? { lang } : {}),
      body: { mobile_phone_prefix: "852", mobile_phone: "123" },
    });
    expectFailure(res, 400, 4000);
    expect(res.body.error_message).toBe(message);
    expect(res.body.payload.error_message).toBe(message);
  });
});

describe("POST /crm/registration/register-token-status", () => {
  it("verifies the right code, and may be repeated", async () => {
    const t = await app();
    const phone = nextPhone();
    const code = await requestRegisterCode(t, phone);
    for (let i = 0; i < 7; i++) {
      const res = await t.call("POST", STATUS, {
        body: { mobile_phone_prefix: "852", mobile_phone: phone, sms_token: code },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 200, payload: { verified: true } });
    }
  });

  it("accepts a form-encoded body and a trailing slash", async () => {
    const t = await app();
    const phone = nextPhone();
    const code = await requestRegisterCode(t, phone);
    const res = await t.call("POST", `${STATUS}/`, {
      form: true,
      body: { mobile_phone_prefix: "852", mobile_phone: phone, sms_token: code },
    });
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual({ verified: true });
  });

  it("forgives spaces around a pasted code", async () => {
    const t = await app();
    const phone = nextPhone();
    const code = await requestRegisterCode(t, phone);
    const res = await t.call("POST", STATUS, {
      body: { mobile_phone_prefix: "852", mobile_phone: phone, sms_token: ` ${code} ` },
    });
    expect(res.status).toBe(200);
  });

  it("answers 4201 for a wrong code", async () => {
    const t = await app();
    const phone = nextPhone();
    const code = await requestRegisterCode(t, phone);
    const wrong = code === "000000" ? "000001" : "000000";
    const res = await t.call("POST", STATUS, {
      lang: "en",
      body: { mobile_phone_prefix: "852", mobile_phone: phone, sms_token: wrong },
    });
    expectFailure(res, 400, 4201);
    expect(res.body.error_message).toBe("Verification code invalid, Please try again.");
  });

  it("answers 4201 when no code was ever sent to the number", async () => {
    const t = await app();
    const res = await t.call("POST", STATUS, {
      body: { mobile_phone_prefix: "852", mobile_phone: nextPhone(), sms_token: "123456" },
    });
    expectFailure(res, 400, 4201);
  });

  it("answers 4201 for another number's code", async () => {
    const t = await app();
    const phone = nextPhone();
    const other = nextPhone();
    const code = await requestRegisterCode(t, phone);
    await requestRegisterCode(t, other);
    const res = await t.call("POST", STATUS, {
      body: { mobile_phone_prefix: "852", mobile_phone: other, sms_token: code },
    });
    // The other number's own code might coincide (1 in a million): only assert when it does not.
    const otherCode = (await t.smsCodes("852", other))[0];
    if (otherCode !== code) expectFailure(res, 400, 4201);
    const sameDigitsOtherPrefix = await t.call("POST", STATUS, {
      body: { mobile_phone_prefix: "853", mobile_phone: phone, sms_token: code },
    });
    expectFailure(sameDigitsOtherPrefix, 400, 4201);
  });

  it("accepts a 6-digit JSON number as a code (a wrong one is 4201, not 4000)", async () => {
    const t = await app();
    const phone = nextPhone();
    const code = await requestRegisterCode(t, phone);
    const wrong = code === "111111" ? 222222 : 111111;
    const res = await t.call("POST", STATUS, {
      body: { mobile_phone_prefix: "852", mobile_phone: phone, sms_token: wrong },
    });
    expectFailure(res, 400, 4201);
  });

  it.each([
    ["5 digits", "12345", "codeFormat"],
    ["7 digits", "1234567", "codeFormat"],
    ["letters", "12a456", "codeFormat"],
    ["a 5-digit JSON number", 12345, "codeFormat"],
    ["an empty string", "", "codeNull"],
    ["null", null, "codeNull"],
  ])("refuses %s as sms_token with 4000 sms_token/%s", async (_label, sms_token, rule) => {
    const t = await app();
    const phone = nextPhone();
    await requestRegisterCode(t, phone);
    const res = await t.call("POST", STATUS, {
      body: { mobile_phone_prefix: "852", mobile_phone: phone, sms_token },
    });
    expectFieldError(res, "sms_token", rule);
  });

  it("refuses a missing sms_token and a bad number at once", async () => {
    const t = await app();
    const res = await t.call("POST", STATUS, { body: { mobile_phone_prefix: "852", mobile_phone: "12" } });
    expectFailure(res, 400, 4000);
    expect(res.body.payload.errors).toEqual(
      expect.arrayContaining([
        { field: "sms_token", rule: "codeNull" },
        { field: "mobile_phone", rule: "mobileLength8" },
      ]),
    );
  });

  it.each([
    ["en", "Verification code invalid, Please try again."],
    ["zh-HK", "驗證碼無效，請重試。"],
    ["zh-CN", "验证码无效，请重试。"],
  ])("gives the 4201 message in %s", async (lang, message) => {
    const t = await app();
    const res = await t.call("POST", STATUS, {
      lang,
      body: { mobile_phone_prefix: "852", mobile_phone: nextPhone(), sms_token: "123456" },
    });
    expectFailure(res, 400, 4201);
    expect(res.body.error_message).toBe(message);
  });
});

describe("POST /crm/registration/register-with-mobile", () => {
  it("registers a member: access token, user info and a member number", async () => {
    const t = await app();
    const phone = nextPhone();
    const payload = validRegistration(phone);
    const sms_token = await verifiedRegisterCode(t, phone);
    const res = await t.call("POST", REGISTER, { body: { ...payload, sms_token } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toBe(200);
    const { access_token, user } = res.body.payload;
    expect(access_token).toEqual(expect.any(String));
    expect(access_token.length).toBeGreaterThanOrEqual(40);
    expect(user).toMatchObject({
      member_no: expect.stringMatching(/\S/),
      title: 1,
      name: "Chan Tai Man",
      first_name: "Tai Man",
      last_name: "Chan",
      email: payload.email,
      mobile_phone: phone,
      mobile_phone_prefix: "852",
      gender: 1,
      birthday_month: 7,
      custom_fields: {
        age_range: "26 - 35",
        residential_country_region: "3001",
        residential_district: "5002",
      },
      sms_subscription: 0,
      email_subscription: 0,
      do_not_call: 0,
      register_store_code: "",
      external_customer_id: null,
      has_password: true,
      profile_completed: true,
    });
    expect(user).not.toHaveProperty("password");
    expect(user).not.toHaveProperty("password_hash");

    const profile = await t.call("GET", "/crm/user/profile?include_custom_field=1", { token: access_token });
    expect(profile.status).toBe(200);
    expect(profile.body.payload).toEqual(user);
  });

  it("lets the new member log in with the chosen password", async () => {
    const t = await app();
    const { phone, payload } = await registerMember(t);
    const res = await t.call("POST", "/crm/auth/login-with-mobile-password", {
      body: { mobile_phone_prefix: "852", mobile_phone: phone, password: payload.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.payload.access_token).toEqual(expect.any(String));
  });

  it("accepts a form-encoded body with every number as a string, and a trailing slash", async () => {
    const t = await app();
    const phone = nextPhone();
    const sms_token = await verifiedRegisterCode(t, phone);
    // A referral code is another member's own (modules/referrals).
    const friend = await registerMember(t);
    const code = await t.app.services.referrals.codeOf(friend.user.id);
    const res = await t.call("POST", `${REGISTER}/`, {
      form: true,
      body: {
        ...validRegistration(phone),
        sms_token,
        title: "3",
        gender: "2",
        birthday_month: "12",
        email_subscription: "1",
        sms_subscription: "0",
        do_not_call: "1",
        residential_country_region__c: "3005",
        residential_district__c: "5046",
        referral_code: code,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload.user).toMatchObject({
      title: 3,
      gender: 2,
      birthday_month: 12,
      email_subscription: 1,
      sms_subscription: 0,
      do_not_call: 1,
      referral_code: code,
      custom_fields: { residential_country_region: "3005", residential_district: "5046" },
    });
  });

  it("accepts region and district codes as JSON numbers and answers them as strings", async () => {
    const t = await app();
    const phone = nextPhone();
    const sms_token = await verifiedRegisterCode(t, phone);
    const res = await t.call("POST", REGISTER, {
      body: {
        ...validRegistration(phone),
        sms_token,
        residential_country_region__c: 3003,
        residential_district__c: 3003,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload.user.custom_fields).toMatchObject({
      residential_country_region: "3003",
      residential_district: "3003",
    });
  });

  it("opts out of every channel when the form omits the contact flags: consent is not presumed", async () => {
    const t = await app();
    const phone = nextPhone();
    const { email_subscription, sms_subscription, do_not_call, ...payload } = validRegistration(phone);
    const sms_token = await verifiedRegisterCode(t, phone);
    const res = await t.call("POST", REGISTER, { body: { ...payload, sms_token } });
    expect(res.status).toBe(200);
    expect(res.body.payload.user).toMatchObject({
      email_subscription: 1,
      sms_subscription: 1,
      do_not_call: 1,
    });
    expect([email_subscription, sms_subscription, do_not_call]).toEqual([0, 0, 0]);
  });

  it("stores the email trimmed and lower-cased", async () => {
    const t = await app();
    const { user } = await registerMember(t, { email: "  Mixed.Case@Example.COM " });
    expect(user.email).toBe("mixed.case@example.com");
  });

  it("sets register_store_code from REGISTER_STORE_CODE", async () => {
    const t = await freshApp({ REGISTER_STORE_CODE: "8202" });
    const { user, token } = await registerMember(t);
    expect(user.register_store_code).toBe("8202");
    const profile = await t.call("GET", "/crm/user/profile", { token });
    expect(profile.body.payload.register_store_code).toBe("8202");
  });

  it("assigns a distinct member number to each member, and it never changes", async () => {
    const t = await app();
    const first = await registerMember(t);
    const second = await registerMember(t);
    expect(first.user.member_no).toEqual(expect.any(String));
    expect(second.user.member_no).toEqual(expect.any(String));
    expect(first.user.member_no).not.toBe(second.user.member_no);

    const saved = await t.call("POST", "/crm/user/profile", {
      token: first.token,
      body: {
        first_name: "Siu Ming",
        title: 4,
        residential_country_region__c: "3002",
        residential_district__c: "3002",
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.payload.first_name).toBe("Siu Ming");
    expect(saved.body.payload.member_no).toBe(first.user.member_no);
    const login = await t.call("POST", "/crm/auth/login-with-mobile-password", {
      body: { mobile_phone_prefix: "852", mobile_phone: first.phone, password: first.payload.password },
    });
    const profile = await t.call("GET", "/crm/user/profile", { token: login.body.payload.access_token });
    expect(profile.body.payload.member_no).toBe(first.user.member_no);
  });

  it("answers 4201 for a code that was sent but never verified", async () => {
    const t = await app();
    const phone = nextPhone();
    const sms_token = await requestRegisterCode(t, phone);
    const res = await t.call("POST", REGISTER, { body: { ...validRegistration(phone), sms_token } });
    expectFailure(res, 400, 4201);
    const check = await t.call("POST", "/custom-api/api/Member/CheckPhone", {
      body: { mobile_phone_prefix: "852", mobile_phone: phone },
    });
    expect(check.body.code).toBe(40003);
  });

  it("answers 4201 when no code was sent", async () => {
    const t = await app();
    const phone = nextPhone();
    const res = await t.call("POST", REGISTER, {
      body: { ...validRegistration(phone), sms_token: "123456" },
    });
    expectFailure(res, 400, 4201);
  });

  it("answers 4201 for a wrong code even after the right one was verified", async () => {
    const t = await app();
    const phone = nextPhone();
    const code = await verifiedRegisterCode(t, phone);
    const wrong = code === "000000" ? "000001" : "000000";
    const res = await t.call("POST", REGISTER, { body: { ...validRegistration(phone), sms_token: wrong } });
    expectFailure(res, 400, 4201);
  });

  it("answers 4201 for a code verified for another number", async () => {
    const t = await app();
    const phone = nextPhone();
    const other = nextPhone();
    const sms_token = await verifiedRegisterCode(t, phone);
    const res = await t.call("POST", REGISTER, { body: { ...validRegistration(other), sms_token } });
    expectFailure(res, 400, 4201);
  });

  it("accepts a verified code after its 5 minutes as long as it was verified within 30 minutes", async () => {
    const t = await freshApp();
    const phone = nextPhone();
    const sms_token = await requestRegisterCode(t, phone);
    t.clock.advance(4 * MINUTE);
    const verified = await t.call("POST", STATUS, {
      body: { mobile_phone_prefix: "852", mobile_phone: phone, sms_token },
    });
    expect(verified.status).toBe(200);
    t.clock.advance(29 * MINUTE);
    const res = await t.call("POST", REGISTER, { body: { ...validRegistration(phone), sms_token } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it("answers 4201 for a code verified more than 30 minutes ago", async () => {
    const t = await freshApp();
    const phone = nextPhone();
    const sms_token = await verifiedRegisterCode(t, phone);
    t.clock.advance(30 * MINUTE + 1000);
    const res = await t.call("POST", REGISTER, { body: { ...validRegistration(phone), sms_token } });
    expectFailure(res, 400, 4201);
    // Verifying again does not restart the 30 minutes of an expired code.
    const again = await t.call("POST", STATUS, {
      body: { mobile_phone_prefix: "852", mobile_phone: phone, sms_token },
    });
    expectFailure(again, 400, 4201);
  });

  it("uses the code up: it cannot verify or register again", async () => {
    const t = await app();
    const phone = nextPhone();
    const sms_token = await verifiedRegisterCode(t, phone);
    const first = await t.call("POST", REGISTER, { body: { ...validRegistration(phone), sms_token } });
    expect(first.status).toBe(200);

    const status = await t.call("POST", STATUS, {
      body: { mobile_phone_prefix: "852", mobile_phone: phone, sms_token },
    });
    expectFailure(status, 400, 4201);
    const second = await t.call("POST", REGISTER, {
      body: { ...validRegistration(phone), email: "second@example.com", sms_token },
    });
    expect([4009, 4201]).toContain(second.body.error_code);
    expect(second.status).toBe(second.body.error_code === 4009 ? 409 : 400);
  });

  it("answers 4009 to a second registration of the number with a fresh code", async () => {
    const t = await freshApp({ SMS_RESEND_SECONDS: "1" });
    const { phone, user, token } = await registerMember(t);
    t.clock.advance(1_100);
    const sms_token = await verifiedRegisterCode(t, phone);
    const res = await t.call("POST", REGISTER, {
      lang: "en",
      body: { ...validRegistration(phone), email: "another@example.com", first_name: "Other", sms_token },
    });
    expectFailure(res, 409, 4009);
    expect(res.body.error_message).toBe("This mobile number has already been registered, please log in.");
    // The first registration is untouched.
    const profile = await t.call("GET", "/crm/user/profile", { token });
    expect(profile.body.payload).toMatchObject({ email: user.email, first_name: user.first_name });
  });

  it("answers 4009 when the number became a member after its code was verified", async () => {
    const t = await app();
    const phone = nextPhone();
    const sms_token = await verifiedRegisterCode(t, phone);
    await registerDirectly(t, phone);
    const res = await t.call("POST", REGISTER, { body: { ...validRegistration(phone), sms_token } });
    expectFailure(res, 409, 4009);
  });

  it.each([
    ["en", "This mobile number has already been registered, please log in."],
    ["zh-HK", "此手提電話號碼已登記為會員，請登入。"],
    ["zh-CN", "该手机号码已注册为会员，请登录。"],
  ])("gives the 4009 message in %s", async (lang, message) => {
    const t = await app();
    const phone = nextPhone();
    const sms_token = await verifiedRegisterCode(t, phone);
    await registerDirectly(t, phone);
    const res = await t.call("POST", REGISTER, {
      lang,
      body: { ...validRegistration(phone), email: "x@example.com", sms_token },
    });
    expectFailure(res, 409, 4009);
    expect(res.body.error_message).toBe(message);
  });

  it("answers 40010 for an email another member holds (any case), and the code stays usable", async () => {
    const t = await app();
    const first = await registerMember(t);
    const phone = nextPhone();
    const sms_token = await verifiedRegisterCode(t, phone);
    const res = await t.call("POST", REGISTER, {
      lang: "en",
      body: { ...validRegistration(phone), email: first.user.email.toUpperCase(), sms_token },
    });
    expectFailure(res, 409, 40010);
    expect(res.body.error_message).toBe(
      "The email address is already registered, Please enter another email address.",
    );
    const retry = await t.call("POST", REGISTER, { body: { ...validRegistration(phone), sms_token } });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
  });

  it.each(["Password1", "pASSWORD123", "Qwerty123"])(
    "answers 4207 for the common password %s, and the code stays usable",
    async (password) => {
      const t = await app();
      const phone = nextPhone();
      const sms_token = await verifiedRegisterCode(t, phone);
      const res = await t.call("POST", REGISTER, {
        lang: "en",
        body: { ...validRegistration(phone), password, sms_token },
      });
      expectFailure(res, 400, 4207);
      expect(res.body.error_message).toBe("This password is too common, please choose another.");
      const retry = await t.call("POST", REGISTER, { body: { ...validRegistration(phone), sms_token } });
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    },
  );

  it("refuses a blocked number and creates no member", async () => {
    const t = await app();
    const phone = nextPhone();
    const sms_token = await verifiedRegisterCode(t, phone);
    await t.app.services.members.block("852", phone, "test");
    const res = await t.call("POST", REGISTER, { body: { ...validRegistration(phone), sms_token } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await t.app.services.members.findByPhone("852", phone)).toBeUndefined();
  });

  describe("validation (4000 with payload.errors)", () => {
    const base = () => ({ ...validRegistration("91234567"), sms_token: "123456" });
    const without = (field: string) => {
      const body: Record<string, unknown> = base();
      delete body[field];
      return body;
    };

    it.each([
      ["mobile_phone", "mobileNull"],
      ["sms_token", "codeNull"],
      ["password", "passwordNull"],
      ["title", "titleNull"],
      ["first_name", "firstNameNull"],
      ["last_name", "lastNameNull"],
      ["email", "emailNull"],
      ["gender", "genderNull"],
      ["birthday_month", "birthNull"],
      ["age_range__c", "ageNull"],
      ["residential_country_region__c", "countryNull"],
      ["residential_district__c", "areaNull"],
    ])("requires %s (%s)", async (field, rule) => {
      const t = await app();
      const res = await t.call("POST", REGISTER, { body: without(field) });
      expectFieldError(res, field, rule);
    });

    it.each([
      ["mobile_phone", "1234567", "mobile_phone", "mobileLength8"],
      ["sms_token", "12345", "sms_token", "codeFormat"],
      ["password", "short1A", "password", "passwordFormat"],
      ["password", "alllowercase1", "password", "passwordFormat"],
      ["password", "NoDigitsHere", "password", "passwordFormat"],
      ["password", "With Space1a", "password", "passwordFormat"],
      ["password", "Abcdefgh12345678X", "password", "passwordFormat"],
      ["email", "not-an-email", "email", "emailFormat"],
      ["email", "", "email", "emailNull"],
      ["gender", 3, "gender", "genderInvalid"],
      ["gender", 0, "gender", "genderInvalid"],
      ["gender", "", "gender", "genderNull"],
      ["title", 2, "title", "titleInvalid"],
      ["birthday_month", 13, "birthday_month", "birthInvalid"],
      ["birthday_month", 0, "birthday_month", "birthInvalid"],
      ["age_range__c", "10 - 20", "age_range__c", "ageInvalid"],
      ["residential_country_region__c", "9999", "residential_country_region__c", "countryInvalid"],
      ["residential_district__c", "5060", "residential_district__c", "areaInvalid"],
      ["first_name", "   ", "first_name", "firstNameNull"],
      ["email_subscription", 2, "email_subscription", "subscriptionInvalid"],
    ])("refuses %s = %j with %s/%s", async (field, value, errorField, rule) => {
      const t = await app();
      const res = await t.call("POST", REGISTER, { body: { ...base(), [field]: value } });
      expectFieldError(res, errorField, rule);
    });

    it("reports every problem of an empty body at once", async () => {
      const t = await app();
      const res = await t.call("POST", REGISTER, { body: {} });
      expectFailure(res, 400, 4000);
      const fields = res.body.payload.errors.map((error: { field: string }) => error.field);
      expect(fields).toEqual(
        expect.arrayContaining([
          "mobile_phone",
          "sms_token",
          "password",
          "first_name",
          "last_name",
          "email",
          "gender",
          "birthday_month",
        ]),
      );
    });

    it("answers a JSON array body with 4000, not 500", async () => {
      const t = await app();
      const res = await t.app.inject({
        method: "POST",
        url: REGISTER,
        headers: { authorization: "Bearer web:guest", "content-type": "application/json" },
        payload: "[1,2,3]",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 4000, payload: { errors: expect.any(Array) } });
    });

    it("does not create a member or use up the code when validation fails", async () => {
      const t = await app();
      const phone = nextPhone();
      const sms_token = await verifiedRegisterCode(t, phone);
      const bad = await t.call("POST", REGISTER, {
        body: { ...validRegistration(phone), sms_token, gender: 7 },
      });
      expectFieldError(bad, "gender", "genderInvalid");
      expect(await t.app.services.members.findByPhone("852", phone)).toBeUndefined();
      const good = await t.call("POST", REGISTER, { body: { ...validRegistration(phone), sms_token } });
      expect(good.status).toBe(200);
    });
  });
});
