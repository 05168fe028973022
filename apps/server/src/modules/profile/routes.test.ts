import { afterEach, describe, expect, it } from "vitest";
import { nextPhone, registerMember } from "../../testing/flows.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

const PROFILE = "/crm/user/profile";
const LOGIN = "/crm/auth/login-with-mobile-password";

let t: TestApp;
afterEach(() => t?.close());

/** An app member brought in by an operator (no password, partial profile) and a session for them. */
async function importedMember(
  fields: Partial<Parameters<TestApp["app"]["services"]["members"]["importMember"]>[0]> = {},
) {
  const member = await t.app.services.members.importMember({
    mobile_phone_prefix: "852",
    mobile_phone: nextPhone(),
    member_no: "APP0001",
    first_name: "Siu Ming",
    last_name: "Wong",
    email: null,
    birthday_month: null,
    register_store_code: "8202",
    external_customer_id: null,
    ...fields,
  });
  return { member, token: await t.app.services.members.issueAccessToken(member.id) };
}

const save = (token: string, body: Record<string, unknown>, form = false) =>
  t.call("POST", PROFILE, { token, body, form });

const login = (phone: string, password: string) =>
  t.call("POST", LOGIN, { body: { mobile_phone_prefix: "852", mobile_phone: phone, password } });

describe("GET /crm/user/profile", () => {
  it("gives every field of the contract's user info for a web-registered member", async () => {
    t = await createTestApp({ env: { REGISTER_STORE_CODE: "WEB01" } });
    const member = await registerMember(t, { sms_subscription: 1 });
    // A referral code is another member's own (modules/referrals).
    const friend = await registerMember(t);
    const code = await t.app.services.referrals.codeOf(friend.user.id);
    expect((await save(member.token, { referral_code: code })).status).toBe(200);
    const res = await t.call("GET", `${PROFILE}?include_custom_field=1`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.payload).toEqual({
      id: member.user.id,
      member_no: expect.stringMatching(/^M\d{11}$/),
      title: 1,
      name: "Chan Tai Man",
      first_name: "Tai Man",
      last_name: "Chan",
      email: member.payload.email,
      mobile_phone: member.phone,
      mobile_phone_prefix: "852",
      gender: 1,
      birthday_month: 7,
      custom_fields: {
        age_range: "26 - 35",
        residential_country_region: "3001",
        residential_district: "5002",
      },
      referral_code: code,
      sms_subscription: 1,
      email_subscription: 0,
      do_not_call: 0,
      register_store_code: "WEB01",
      external_customer_id: null,
      has_password: true,
      profile_completed: true,
    });
    expect(res.body.payload).toEqual({ ...member.user, referral_code: code });
  });

  it("answers without include_custom_field too, custom fields included", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await t.call("GET", PROFILE, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.payload.custom_fields.residential_district).toBe("5002");
    expect(res.body.payload.register_store_code).toBe("");
  });

  it("shows an imported member without a password and with an incomplete profile", async () => {
    t = await createTestApp();
    const { member, token } = await importedMember({ external_customer_id: "HC123" });
    const res = await t.call("GET", PROFILE, { token });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({
      id: member.id,
      member_no: "APP0001",
      title: null,
      gender: null,
      birthday_month: null,
      email: null,
      custom_fields: { age_range: null, residential_country_region: null, residential_district: null },
      register_store_code: "8202",
      external_customer_id: "HC123",
      has_password: false,
      profile_completed: false,
    });
  });

  it.each([
    ["a guest", "guest"],
    ["an unknown token", "not-a-real-token"],
  ])("answers 401 (4010) to %s", async (_label, token) => {
    t = await createTestApp();
    const res = await t.call("GET", PROFILE, { token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, error_code: 4010, payload: { error_code: 4010 } });
  });

  it("answers 401 to a token past its 30 days", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    t.clock.advance(30 * 86_400_000 + 1_000);
    expect((await t.call("GET", PROFILE, { token: member.token })).status).toBe(401);
  });
});

describe("POST /crm/user/profile", () => {
  it.each([
    ["JSON", false],
    ["form-encoded", true],
  ])("changes only the fields sent (%s) and answers the new user info", async (_label, form) => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await save(
      member.token,
      {
        title: form ? "3" : 3,
        first_name: "Mei Ling",
        gender: form ? "2" : 2,
        age_range__c: "56 or above",
        residential_country_region__c: form ? "3005" : 3005,
        residential_district__c: "5046",
        do_not_call: form ? "1" : 1,
      },
      form,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = {
      ...member.user,
      title: 3,
      first_name: "Mei Ling",
      gender: 2,
      do_not_call: 1,
      custom_fields: {
        age_range: "56 or above",
        residential_country_region: "3005",
        residential_district: "5046",
      },
    };
    expect(res.body.payload).toEqual(expected);
    expect((await t.call("GET", PROFILE, { token: member.token })).body.payload).toEqual(expected);
  });

  it("keeps everything for an empty body", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await save(member.token, {});
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual(member.user);
  });

  it("clears the full name and gender when sent empty", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await save(member.token, { name: "", gender: null });
    expect(res.status).toBe(200);
    expect(res.body.payload.name).toBeNull();
    expect(res.body.payload.gender).toBeNull();
    expect(res.body.payload.profile_completed).toBe(false);
  });

  it("refuses to change a birth month once set (4000 birthLocked), but takes the same month", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await save(member.token, { birthday_month: 8, first_name: "Changed" });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(4000);
    expect(res.body.payload.errors).toEqual([{ field: "birthday_month", rule: "birthLocked" }]);
    const unchanged = await t.call("GET", PROFILE, { token: member.token });
    expect(unchanged.body.payload.birthday_month).toBe(7);
    expect(unchanged.body.payload.first_name).toBe("Tai Man");

    const same = await save(member.token, { birthday_month: "7" }, true);
    expect(same.status).toBe(200);
    expect(same.body.payload.birthday_month).toBe(7);
  });

  it("sets a birth month that was never set, then locks it", async () => {
    t = await createTestApp();
    const { token } = await importedMember();
    const res = await save(token, { birthday_month: "3" }, true);
    expect(res.status).toBe(200);
    expect(res.body.payload.birthday_month).toBe(3);
    const again = await save(token, { birthday_month: 4 });
    expect(again.status).toBe(400);
    expect(again.body.payload.errors).toEqual([{ field: "birthday_month", rule: "birthLocked" }]);
  });

  it.each([
    ["13", "birthInvalid", "birthday_month"],
    ["0", "birthInvalid", "birthday_month"],
  ])("refuses the birth month %s", async (month, rule, field) => {
    t = await createTestApp();
    const { token } = await importedMember();
    const res = await save(token, { birthday_month: month });
    expect(res.status).toBe(400);
    expect(res.body.payload.errors).toEqual([{ field, rule }]);
  });

  it.each([
    [
      "a district of another region",
      { residential_country_region__c: "3005", residential_district__c: "5002" },
    ],
    ["a district alone that is not of the stored region", { residential_district__c: "5046" }],
    ["a region alone that does not hold the stored district", { residential_country_region__c: "3006" }],
    ["an unknown district", { residential_country_region__c: "3001", residential_district__c: "9999" }],
    [
      "an empty district with a region",
      { residential_country_region__c: "3005", residential_district__c: "" },
    ],
  ])("refuses %s (4000 on the district)", async (_label, body) => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await save(member.token, body);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(4000);
    expect(res.body.payload.errors.map((e: { field: string }) => e.field)).toContain(
      "residential_district__c",
    );
    const stored = await t.call("GET", PROFILE, { token: member.token });
    expect(stored.body.payload.custom_fields).toEqual(member.user.custom_fields);
  });

  it.each([
    ["a district alone within the stored region", { residential_district__c: "5027" }, "3001", "5027"],
    [
      "a region that maps to itself",
      { residential_country_region__c: "3003", residential_district__c: "3003" },
      "3003",
      "3003",
    ],
  ])("takes %s", async (_label, body, region, district) => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await save(member.token, body);
    expect(res.status).toBe(200);
    expect(res.body.payload.custom_fields).toMatchObject({
      residential_country_region: region,
      residential_district: district,
    });
  });

  it("answers 40010 for an email another member holds, in any capitals", async () => {
    t = await createTestApp();
    const [first, second] = [await registerMember(t), await registerMember(t)];
    for (const email of [second.payload.email, `  ${second.payload.email.toUpperCase()} `]) {
      const res = await save(first.token, { email });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 409, error_code: 40010, payload: { error_code: 40010 } });
    }
    const stored = await t.call("GET", PROFILE, { token: first.token });
    expect(stored.body.payload.email).toBe(first.payload.email);
  });

  it("takes the member's own email unchanged, and a new free one", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const same = await save(member.token, { email: member.payload.email, last_name: "Lee" });
    expect(same.status).toBe(200);
    expect(same.body.payload.last_name).toBe("Lee");
    const fresh = await save(member.token, { email: "New.Address@Example.com" }, true);
    expect(fresh.status).toBe(200);
    expect(fresh.body.payload.email).toBe("new.address@example.com");
  });

  it.each(["", "   ", null])(
    "refuses to empty the email (%j) with emailKeep, keeping the stored one",
    async (email) => {
      t = await createTestApp();
      const member = await registerMember(t);
      const res = await save(member.token, { email, last_name: "Lee" });
      expect(res.status).toBe(400);
      expect(res.body.payload.errors).toEqual([{ field: "email", rule: "emailKeep" }]);
      const stored = await t.call("GET", PROFILE, { token: member.token });
      expect(stored.body.payload).toMatchObject({ email: member.payload.email, profile_completed: true });
      expect(stored.body.payload.last_name).not.toBe("Lee");
    },
  );

  it("refuses an emptied email sent as a form field too", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await save(member.token, { email: "" }, true);
    expect(res.body.payload.errors).toEqual([{ field: "email", rule: "emailKeep" }]);
  });

  it.each([
    ["title", 2, "titleInvalid"],
    ["gender", 3, "genderInvalid"],
    ["age_range__c", "20 - 30", "ageInvalid"],
    ["email", "not-an-email", "emailFormat"],
    ["first_name", "", "firstNameNull"],
    ["last_name", "   ", "lastNameNull"],
    ["sms_subscription", 2, "subscriptionInvalid"],
    ["residential_country_region__c", "9999", "countryInvalid"],
  ])("refuses %s = %j with rule %s", async (field, value, rule) => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await save(member.token, { [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(4000);
    expect(res.body.payload.errors).toContainEqual({ field, rule });
  });

  it("answers 401 to a guest", async () => {
    t = await createTestApp();
    const res = await t.call("POST", PROFILE, { body: { first_name: "X" } });
    expect(res.status).toBe(401);
    expect(res.body.error_code).toBe(4010);
  });
});

describe("POST /crm/user/change-password", () => {
  const NEW = "Changed789x";
  const change = (token: string, old_password: string, new_password: string, lang?: string) =>
    t.call("POST", "/crm/user/change-password", {
      token,
      body: { old_password, new_password },
      ...(lang ? { lang } : {}),
    });

  it("answers 4205 for a wrong old password and keeps the password", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await change(member.token, "Wrong123x", NEW);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, error_code: 4205 });
    expect((await login(member.phone, member.payload.password)).status).toBe(200);
  });

  it("counts down wrong old passwords and locks the change at the 5th, the right one included, until a reset", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    for (const remaining of [4, 3, 2, 1]) {
      const res = await change(member.token, "Wrong123x", NEW);
      expect(res.body).toMatchObject({ error_code: 4205, payload: { attempts_remaining: remaining } });
    }
    const fifth = await change(member.token, "Wrong123x", NEW);
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ error_code: 4290, payload: { attempts_remaining: 0 } });
    const right = await change(member.token, member.payload.password, NEW, "sc");
    expect(right.status).toBe(429);
    expect(right.body.error_message).toBe("尝试失败次数过多，请15分钟后再试。");
    expect(right.body.payload.retry_after_seconds).toBeGreaterThanOrEqual(895);
    // The lock is the change's: the member still logs in, and another member changes freely.
    const session = (await login(member.phone, member.payload.password)).body.payload.access_token;
    expect(session).toEqual(expect.any(String));
    const other = await registerMember(t);
    expect((await change(other.token, other.payload.password, NEW)).status).toBe(200);

    // A password reset by SMS lifts it.
    await t.call("POST", "/crm/auth/forgot-password-with-mobile", {
      body: { mobile_phone_prefix: "852", mobile_phone: member.phone },
    });
    const [code] = await t.smsCodes("852", member.phone);
    const exchanged = await t.call("POST", "/crm/auth/reset-password-token-status", {
      body: { mobile_phone_prefix: "852", mobile_phone: member.phone, mobile_token: code },
    });
    const reset = await t.call("POST", "/crm/auth/reset-password", {
      body: { token: exchanged.body.payload.reset_token, new_password: "Reset789x" },
    });
    expect(reset.status).toBe(200);
    expect((await t.call("GET", PROFILE, { token: session })).status).toBe(401);
    const fresh = (await login(member.phone, "Reset789x")).body.payload.access_token;
    expect((await change(fresh, "Reset789x", NEW)).status).toBe(200);
  });

  it.each([
    ["en", "Please check the highlighted fields."],
    ["tc", "請檢查已標示的欄位。"],
  ])(
    "refuses the current password as the new one (4000 passwordUnchanged, %s), counting no failure",
    async (lang, message) => {
      t = await createTestApp();
      const member = await registerMember(t);
      const res = await change(member.token, member.payload.password, member.payload.password, lang);
      expect(res.status).toBe(400);
      expect(res.body.error_code).toBe(4000);
      expect(res.body.error_message).toBe(message);
      expect(res.body.payload.errors).toEqual([{ field: "new_password", rule: "passwordUnchanged" }]);
      const wrong = await change(member.token, "Wrong123x", NEW);
      expect(wrong.body.payload.attempts_remaining).toBe(4);
    },
  );

  it.each([
    ["a password of the wrong format", "abc", 4000],
    ["a password with a space", "Abc 12345", 4000],
    ["a common password", "Password123", 4207],
  ])("refuses %s", async (_label, password, errorCode) => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await change(member.token, member.payload.password, password);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(errorCode);
    if (errorCode === 4000)
      expect(res.body.payload.errors).toEqual([{ field: "new_password", rule: "passwordFormat" }]);
    expect((await login(member.phone, member.payload.password)).status).toBe(200);
  });

  it("answers 4000 without the old password", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await t.call("POST", "/crm/user/change-password", {
      token: member.token,
      body: { new_password: NEW },
    });
    expect(res.status).toBe(400);
    expect(res.body.payload.errors).toEqual([{ field: "old_password", rule: "passwordNull" }]);
  });

  it("changes the password and revokes the member's other tokens, keeping the caller's", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const other = (await login(member.phone, member.payload.password)).body.payload.access_token;
    const bystander = await registerMember(t);

    const res = await t.call("POST", "/crm/user/change-password", {
      token: member.token,
      form: true,
      body: { old_password: member.payload.password, new_password: NEW },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, payload: {} });

    expect((await t.call("GET", PROFILE, { token: member.token })).status).toBe(200);
    expect((await t.call("GET", PROFILE, { token: other })).status).toBe(401);
    expect((await t.call("GET", PROFILE, { token: bystander.token })).status).toBe(200);
    expect((await login(member.phone, member.payload.password)).body.error_code).toBe(5000);
    expect((await login(member.phone, NEW)).status).toBe(200);
  });

  it("answers 401 to a guest", async () => {
    t = await createTestApp();
    const res = await change("guest", "Abcdefg1", NEW);
    expect(res.status).toBe(401);
  });
});

describe("POST /crm/user/set-password", () => {
  const NEW = "FirstPass1x";
  const setPassword = (token: string, new_password: string) =>
    t.call("POST", "/crm/user/set-password", { token, body: { new_password } });

  it("sets the first password of an imported member, then answers 4206", async () => {
    t = await createTestApp();
    const { member, token } = await importedMember();
    const res = await setPassword(token, NEW);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, payload: {} });
    expect((await t.call("GET", PROFILE, { token })).body.payload.has_password).toBe(true);
    expect((await login(member.mobile_phone, NEW)).status).toBe(200);

    const again = await setPassword(token, "Another789x");
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 409, error_code: 4206, payload: { error_code: 4206 } });
    expect((await login(member.mobile_phone, NEW)).status).toBe(200);
  });

  it("answers 4206 to a web-registered member", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await setPassword(member.token, NEW);
    expect(res.status).toBe(409);
    expect(res.body.error_code).toBe(4206);
    expect((await login(member.phone, member.payload.password)).status).toBe(200);
  });

  it.each([
    ["a password of the wrong format", "lowercase1", 4000],
    ["an empty password", "", 4000],
    ["a common password", "Qwerty123", 4207],
  ])("refuses %s and sets nothing", async (_label, password, errorCode) => {
    t = await createTestApp();
    const { token } = await importedMember();
    const res = await setPassword(token, password);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(errorCode);
    expect((await t.call("GET", PROFILE, { token })).body.payload.has_password).toBe(false);
  });

  it("answers 401 to a guest", async () => {
    t = await createTestApp();
    const res = await setPassword("guest", NEW);
    expect(res.status).toBe(401);
    expect(res.body.error_code).toBe(4010);
  });
});
