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
import type { ImportedMember } from "./member-import.ts";

const CHECK_PHONE = "/custom-api/api/Member/CheckPhone";
const CHECK_EMAIL = "/custom-api/api/Member/CheckEmail";
const VERIFY_MEMBER_ID = "/custom-api/api/Member/VerifyMemberId";
const MINUTE = 60_000;

const { shared: app, fresh: freshApp } = testApps();

function importMember(t: TestApp, phone: string, values: Partial<ImportedMember> = {}) {
  return t.app.services.members.importMember({
    mobile_phone_prefix: "852",
    mobile_phone: phone,
    member_no: `APP${phone}`,
    first_name: "Siu Ming",
    last_name: "Wong",
    email: `app${phone}@example.com`,
    birthday_month: 3,
    register_store_code: "8202",
    external_customer_id: null,
    ...values,
  });
}

const checkPhone = (t: TestApp, phone: string, extra: Record<string, unknown> = {}, lang?: string) =>
  t.call("POST", CHECK_PHONE, {
    body: { mobile_phone_prefix: "852", mobile_phone: phone, ...extra },
    ...(lang ? { lang } : {}),
  });

// biome-ignore lint/suspicious/noExplicitAny: envelope bodies are read freely
function expectFieldError(res: { status: number; body: any }, field: string, rule: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ code: 400, error_code: 4000, payload: { error_code: 4000 } });
  expect(res.body.payload.errors).toContainEqual({ field, rule });
}

describe("POST /custom-api/api/Member/CheckPhone", () => {
  it("answers 40003 for a number that is not registered", async () => {
    const t = await app();
    const res = await checkPhone(t, nextPhone(), {}, "en");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 40003, message: "Mobile number not registered", payload: {} });
  });

  it("answers 40006 for a registered member, without a token even with a verified code", async () => {
    const t = await app();
    const { phone } = await registerMember(t);
    const plain = await checkPhone(t, phone, {}, "en");
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({
      code: 40006,
      message: "Your mobile number has been registered as a member",
    });
    expect(plain.body.payload.access_token).toBeUndefined();
  });

  it("gives no token to a registered member who presents a verified code", async () => {
    const t = await app();
    const phone = nextPhone();
    const sms_token = await verifiedRegisterCode(t, phone);
    const { database, members } = t.app.services;
    await database.transaction((trx) =>
      members.createWebMember(
        { ...validRegistration(phone), sms_token } as Parameters<typeof members.createWebMember>[0],
        "hash",
        "",
        trx,
      ),
    );
    const res = await checkPhone(t, phone, { sms_token });
    expect(res.body.code).toBe(40006);
    expect(res.body.payload.access_token).toBeUndefined();
  });

  it("answers 40002 for a blocked number, member or not", async () => {
    const t = await app();
    const stranger = nextPhone();
    const { phone: member } = await registerMember(t);
    await t.app.services.members.block("852", stranger, "test");
    await t.app.services.members.block("852", member, "test");
    for (const phone of [stranger, member]) {
      const res = await checkPhone(t, phone, {}, "en");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        code: 40002,
        message: "Fail to register with this number, Please use other number to register",
      });
    }
    const other = await checkPhone(t, nextPhone());
    expect(other.body.code).toBe(40003);
  });

  it("answers 40002 for a blocked number even with a verified code, and gives no token", async () => {
    const t = await app();
    const phone = nextPhone();
    await importMember(t, phone);
    const sms_token = await verifiedRegisterCode(t, phone);
    await t.app.services.members.block("852", phone, "test");
    const res = await checkPhone(t, phone, { sms_token });
    expect(res.body.code).toBe(40002);
    expect(res.body.payload.access_token).toBeUndefined();
  });

  it("answers 40005 for an imported app member, with no token when no code is sent", async () => {
    const t = await app();
    const phone = nextPhone();
    await importMember(t, phone);
    const res = await checkPhone(t, phone, {}, "en");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 40005, message: "Existing CU APP member", payload: {} });
  });

  it("gives a 40005 member an access token for a verified code, without using the code up", async () => {
    const t = await app();
    const phone = nextPhone();
    const imported = await importMember(t, phone);
    const sms_token = await verifiedRegisterCode(t, phone);

    const first = await checkPhone(t, phone, { sms_token });
    expect(first.status).toBe(200);
    expect(first.body.code).toBe(40005);
    const token = first.body.payload.access_token;
    expect(token).toEqual(expect.any(String));

    const profile = await t.call("GET", "/crm/user/profile?include_custom_field=1", { token });
    expect(profile.status).toBe(200);
    expect(profile.body.payload).toMatchObject({
      id: imported.id,
      member_no: `APP${phone}`,
      mobile_phone: phone,
      first_name: "Siu Ming",
      register_store_code: "8202",
      has_password: false,
      profile_completed: false,
    });

    // Not used up: the code still verifies and buys another token.
    const status = await t.call("POST", "/crm/registration/register-token-status", {
      body: { mobile_phone_prefix: "852", mobile_phone: phone, sms_token },
    });
    expect(status.status).toBe(200);
    const second = await checkPhone(t, phone, { sms_token });
    expect(second.body.payload.access_token).toEqual(expect.any(String));
    expect(second.body.payload.access_token).not.toBe(token);
  });

  it("accepts a form-encoded body and the trailing slash of the contract", async () => {
    const t = await app();
    const phone = nextPhone();
    await importMember(t, phone);
    const sms_token = await verifiedRegisterCode(t, phone);
    const res = await t.call("POST", `${CHECK_PHONE}/`, {
      form: true,
      body: { mobile_phone_prefix: "852", mobile_phone: phone, sms_token },
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(40005);
    expect(res.body.payload.access_token).toEqual(expect.any(String));
  });

  it("gives no token for a code that was sent but not verified", async () => {
    const t = await app();
    const phone = nextPhone();
    await importMember(t, phone);
    const sms_token = await requestRegisterCode(t, phone);
    const res = await checkPhone(t, phone, { sms_token });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(40005);
    expect(res.body.payload).toEqual({});
  });

  it("gives no token for a wrong code (HTTP 200, still 40005)", async () => {
    const t = await app();
    const phone = nextPhone();
    await importMember(t, phone);
    const code = await verifiedRegisterCode(t, phone);
    const res = await checkPhone(t, phone, { sms_token: code === "000000" ? "000001" : "000000" });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(40005);
    expect(res.body.payload.access_token).toBeUndefined();
  });

  it("counts wrong codes as tries: after 5, even the verified code buys no token", async () => {
    const t = await app();
    const phone = nextPhone();
    await importMember(t, phone);
    const code = await verifiedRegisterCode(t, phone);
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await checkPhone(t, phone, { sms_token: wrong });
      expect(res.body.payload.access_token).toBeUndefined();
    }
    const res = await checkPhone(t, phone, { sms_token: code });
    expect(res.body.code).toBe(40005);
    expect(res.body.payload.access_token).toBeUndefined();
  });

  it("gives no token for a code verified more than 30 minutes ago", async () => {
    const t = await freshApp();
    const phone = nextPhone();
    await importMember(t, phone);
    const sms_token = await verifiedRegisterCode(t, phone);
    t.clock.advance(29 * MINUTE);
    expect((await checkPhone(t, phone, { sms_token })).body.payload.access_token).toEqual(expect.any(String));
    t.clock.advance(2 * MINUTE);
    const res = await checkPhone(t, phone, { sms_token });
    expect(res.body.code).toBe(40005);
    expect(res.body.payload.access_token).toBeUndefined();
  });

  it("gives no token for a code verified for another number", async () => {
    const t = await app();
    const phone = nextPhone();
    const other = nextPhone();
    await importMember(t, phone);
    const sms_token = await verifiedRegisterCode(t, other);
    const res = await checkPhone(t, phone, { sms_token });
    expect(res.body.code).toBe(40005);
    expect(res.body.payload.access_token).toBeUndefined();
  });

  it("answers 40003 with a verified code and gives no token", async () => {
    const t = await app();
    const phone = nextPhone();
    const sms_token = await verifiedRegisterCode(t, phone);
    const res = await checkPhone(t, phone, { sms_token });
    expect(res.body).toEqual({ code: 40003, message: expect.any(String), payload: {} });
  });

  it("keeps the imported member from register-with-mobile (4009); the code stays usable for CheckPhone", async () => {
    const t = await app();
    const phone = nextPhone();
    await importMember(t, phone);
    const sms_token = await verifiedRegisterCode(t, phone);
    const res = await t.call("POST", "/crm/registration/register-with-mobile", {
      body: { ...validRegistration(phone), sms_token },
    });
    expect(res.status).toBe(409);
    expect(res.body.error_code).toBe(4009);
    const check = await checkPhone(t, phone, { sms_token });
    expect(check.body.payload.access_token).toEqual(expect.any(String));
  });

  it("answers 40006 once the imported member has a password and a complete profile", async () => {
    const t = await app();
    const phone = nextPhone();
    await importMember(t, phone);
    const sms_token = await verifiedRegisterCode(t, phone);
    const token = (await checkPhone(t, phone, { sms_token })).body.payload.access_token;
    const saved = await t.call("POST", "/crm/user/profile", {
      token,
      body: {
        title: 1,
        first_name: "Siu Ming",
        last_name: "Wong",
        gender: 1,
        age_range__c: "36 - 45",
        residential_country_region__c: "3006",
        residential_district__c: "5061",
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.payload.profile_completed).toBe(true);
    expect((await checkPhone(t, phone)).body.code).toBe(40005);
    const set = await t.call("POST", "/crm/user/set-password", {
      token,
      body: { new_password: "Secret123x" },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await checkPhone(t, phone)).body.code).toBe(40006);
  });

  it.each([
    ["en", "Mobile number not registered"],
    ["zh-HK", "手提電話號碼未登記"],
    ["zh-CN", "手机号码未注册"],
  ])("gives the message in %s", async (lang, message) => {
    const t = await app();
    const res = await checkPhone(t, nextPhone(), {}, lang);
    expect(res.body).toMatchObject({ code: 40003, message });
  });

  it.each([
    [{ mobile_phone_prefix: "852", mobile_phone: "1234" }, "mobile_phone", "mobileLength8"],
    [{ mobile_phone_prefix: "852" }, "mobile_phone", "mobileNull"],
    [{ mobile_phone_prefix: "86", mobile_phone: "91234567" }, "mobile_phone", "mobileLength11"],
    [{ mobile_phone_prefix: "1", mobile_phone: "91234567" }, "mobile_phone_prefix", "prefixInvalid"],
    [{ mobile_phone_prefix: "852", mobile_phone: "91234567", sms_token: "12345" }, "sms_token", "codeFormat"],
    [
      { mobile_phone_prefix: "852", mobile_phone: "91234567", sms_token: "abcdef" },
      "sms_token",
      "codeFormat",
    ],
  ])("refuses %j with HTTP 400, 4000 %s/%s", async (body, field, rule) => {
    const t = await app();
    const res = await t.call("POST", CHECK_PHONE, { body });
    expectFieldError(res, field, rule);
  });

  it("answers 401 with no Authorization header", async () => {
    const t = await app();
    const res = await t.call("POST", CHECK_PHONE, {
      token: null,
      body: { mobile_phone_prefix: "852", mobile_phone: nextPhone() },
    });
    expect(res.status).toBe(401);
    expect(res.body.error_code).toBe(4010);
  });
});

describe("POST /custom-api/api/Member/CheckEmail", () => {
  it("answers 200 for a free email", async () => {
    const t = await app();
    const res = await t.call("POST", CHECK_EMAIL, { body: { email: "free@example.com" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, message: expect.any(String), payload: {} });
  });

  it("answers 40010 for a registered member's email, whatever its case and spaces", async () => {
    const t = await app();
    const { user } = await registerMember(t);
    for (const email of [user.email, user.email.toUpperCase(), `  ${user.email} `]) {
      const res = await t.call("POST", CHECK_EMAIL, { lang: "en", body: { email } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        code: 40010,
        message: "The email address is already registered, Please enter another email address.",
      });
    }
  });

  it("answers 40010 for an imported member's email", async () => {
    const t = await app();
    const phone = nextPhone();
    await importMember(t, phone);
    const res = await t.call("POST", CHECK_EMAIL, { body: { email: `app${phone}@example.com` } });
    expect(res.body.code).toBe(40010);
  });

  it("answers 200 to a member asking about their own email", async () => {
    const t = await app();
    const { user, token } = await registerMember(t);
    const own = await t.call("POST", CHECK_EMAIL, { token, body: { email: user.email } });
    expect(own.body.code).toBe(200);
    const guest = await t.call("POST", CHECK_EMAIL, { body: { email: user.email } });
    expect(guest.body.code).toBe(40010);
  });

  it("accepts a form-encoded body and a trailing slash", async () => {
    const t = await app();
    const { user } = await registerMember(t);
    const res = await t.call("POST", `${CHECK_EMAIL}/`, { form: true, body: { email: user.email } });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(40010);
  });

  it.each([
    ["en", "The email address is already registered, Please enter another email address."],
    ["zh-HK", "此電郵地址已被登記，請輸入另一個電郵地址。"],
    ["zh-CN", "该电子邮箱已被注册，请输入其他电子邮箱。"],
  ])("gives the 40010 message in %s", async (lang, message) => {
    const t = await app();
    const phone = nextPhone();
    await importMember(t, phone);
    const res = await t.call("POST", CHECK_EMAIL, { lang, body: { email: `app${phone}@example.com` } });
    expect(res.body).toMatchObject({ code: 40010, message });
  });

  it.each([
    [{ email: "not-an-email" }, "emailFormat"],
    [{ email: "a@b" }, "emailFormat"],
    [{ email: "two@@example.com" }, "emailFormat"],
    [{ email: "" }, "emailNull"],
    [{}, "emailNull"],
    [{ email: `${"a".repeat(250)}@example.com` }, "tooLong"],
  ])("refuses %j with HTTP 400, 4000 email/%s", async (body, rule) => {
    const t = await app();
    const res = await t.call("POST", CHECK_EMAIL, { body });
    expectFieldError(res, "email", rule);
  });
});

describe("POST /custom-api/api/Member/VerifyMemberId", () => {
  it("answers exists: true for a registered member's number", async () => {
    const t = await app();
    const { user } = await registerMember(t);
    const res = await t.call("POST", VERIFY_MEMBER_ID, { body: { data: user.member_no } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, payload: { exists: true } });
  });

  it("answers exists: true for an imported member's number, form-encoded with a trailing slash", async () => {
    const t = await app();
    const phone = nextPhone();
    await importMember(t, phone, { member_no: "12345678" });
    const res = await t.call("POST", `${VERIFY_MEMBER_ID}/`, { form: true, body: { data: "12345678" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, payload: { exists: true } });
  });

  it("accepts a numeric member number as a JSON number", async () => {
    const t = await app();
    await importMember(t, nextPhone(), { member_no: "87654321" });
    const res = await t.call("POST", VERIFY_MEMBER_ID, { body: { data: 87654321 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, payload: { exists: true } });
  });

  it("answers exists: false for an unknown number", async () => {
    const t = await app();
    await registerMember(t);
    const res = await t.call("POST", VERIFY_MEMBER_ID, { body: { data: "M999999999" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, payload: { exists: false } });
  });

  it.each([
    [{}, "required"],
    [{ data: "" }, "required"],
    [{ data: null }, "required"],
    [{ data: "   " }, "required"],
    [{ data: "x".repeat(33) }, "tooLong"],
    [{ data: true }, "invalid"],
    [{ data: { member_no: "M1" } }, "invalid"],
  ])("refuses %j with HTTP 400, 4000 data/%s", async (body, rule) => {
    const t = await app();
    const res = await t.call("POST", VERIFY_MEMBER_ID, { body });
    expectFieldError(res, "data", rule);
  });
});
