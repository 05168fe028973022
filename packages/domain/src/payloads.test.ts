import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  emailSchema,
  profileCompleted,
  profileSavePayloadSchema,
  registrationPayloadSchema,
  subscriptionPreferencesSchema,
} from "./payloads.ts";

function rulesOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

/** What the registration form posts: every value a string. */
const FORM = {
  mobile_phone_prefix: "852",
  mobile_phone: "91234567",
  sms_token: "012345",
  password: "Abcdefg1",
  title: "3",
  name: "",
  first_name: " Tai Man ",
  last_name: "Chan",
  email: " Tai.Man@Example.COM ",
  gender: "2",
  birthday_month: "07",
  age_range__c: "26 - 35",
  email_subscription: "0",
  sms_subscription: "1",
  do_not_call: "0",
  referral_code: "",
  residential_country_region__c: "3005",
  residential_district__c: "5037",
  utm_source: "web",
};

const PARSED = {
  mobile_phone_prefix: "852",
  mobile_phone: "91234567",
  sms_token: "012345",
  password: "Abcdefg1",
  title: 3,
  first_name: "Tai Man",
  last_name: "Chan",
  email: "tai.man@example.com",
  gender: 2,
  birthday_month: 7,
  age_range__c: "26 - 35",
  email_subscription: 0,
  sms_subscription: 1,
  do_not_call: 0,
  residential_country_region__c: "3005",
  residential_district__c: "5037",
  utm_source: "web",
};

describe("registrationPayloadSchema", () => {
  it("accepts a form post and normalises it", () => {
    expect(registrationPayloadSchema.parse(FORM)).toEqual(PARSED);
  });

  it("accepts the same payload as JSON numbers", () => {
    const json = {
      ...FORM,
      mobile_phone_prefix: 852,
      sms_token: 123456,
      title: 3,
      gender: 2,
      birthday_month: 7,
      email_subscription: 0,
      sms_subscription: 1,
      do_not_call: 0,
      residential_country_region__c: 3005,
      residential_district__c: 5037,
    };
    expect(registrationPayloadSchema.parse(json)).toEqual({ ...PARSED, sms_token: "123456" });
  });

  it("strips unknown keys", () => {
    const parsed = registrationPayloadSchema.parse({ ...FORM, confirm_password: "Abcdefg1", is_admin: true });
    expect(parsed).toEqual(PARSED);
  });

  it("defaults missing opt-out flags to 1 (opted out: consent is given, not presumed)", () => {
    const { email_subscription, sms_subscription, do_not_call, ...rest } = FORM;
    const parsed = registrationPayloadSchema.parse(rest);
    expect([parsed.email_subscription, parsed.sms_subscription, parsed.do_not_call]).toEqual([1, 1, 1]);
  });

  it.each([
    ["mobile_phone", "mobileNull"],
    ["mobile_phone_prefix", "required"],
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
  ])("reports a missing %s as %s", (field, rule) => {
    const { [field as keyof typeof FORM]: _dropped, ...rest } = FORM;
    expect(rulesOf(registrationPayloadSchema, rest)).toEqual([[field, rule]]);
    expect(rulesOf(registrationPayloadSchema, { ...FORM, [field]: "" })).toEqual([[field, rule]]);
  });

  it("leaves a common password to the server, which answers 4207", () => {
    expect(rulesOf(registrationPayloadSchema, { ...FORM, password: "Password1" })).toEqual([]);
  });

  it.each([
    ["mobile_phone", "9123456", "mobileLength8"],
    ["mobile_phone_prefix", "44", "prefixInvalid"],
    ["sms_token", "12345", "codeFormat"],
    ["password", "abcdefg1", "passwordFormat"],
    ["title", "2", "titleInvalid"],
    ["title", "Mr", "titleInvalid"],
    ["first_name", "   ", "firstNameNull"],
    ["first_name", "a".repeat(51), "tooLong"],
    ["first_name", "Tai\nMan", "invalid"],
    ["first_name", 42, "invalid"],
    ["name", "a".repeat(101), "tooLong"],
    ["email", "not-an-email", "emailFormat"],
    ["email", "a@b", "emailFormat"],
    ["email", `${"a".repeat(250)}@example.com`, "tooLong"],
    ["gender", "0", "genderInvalid"],
    ["gender", "male", "genderInvalid"],
    ["birthday_month", "13", "birthInvalid"],
    ["birthday_month", "0", "birthInvalid"],
    ["birthday_month", "7.5", "birthInvalid"],
    ["age_range__c", "26-35", "ageInvalid"],
    ["email_subscription", "2", "subscriptionInvalid"],
    ["sms_subscription", "yes", "subscriptionInvalid"],
    ["do_not_call", true, "subscriptionInvalid"],
    ["referral_code", "r".repeat(51), "tooLong"],
    ["residential_country_region__c", "9999", "countryInvalid"],
    ["residential_district__c", "9999", "areaInvalid"],
    ["residential_district__c", "5005", "areaInvalid"],
    ["utm_source", "u".repeat(51), "tooLong"],
  ])("reports %s = %j as %s", (field, value, rule) => {
    expect(rulesOf(registrationPayloadSchema, { ...FORM, [field]: value })).toEqual([[field, rule]]);
  });

  it("reports every problem at once, the cross-field ones included", () => {
    const input = { ...FORM, first_name: "", mobile_phone: "9123456", residential_district__c: "5005" };
    expect(rulesOf(registrationPayloadSchema, input)).toEqual([
      ["first_name", "firstNameNull"],
      ["mobile_phone", "mobileLength8"],
      ["residential_district__c", "areaInvalid"],
    ]);
  });

  it.each([
    ["first_name", "大文"],
    ["last_name", "陳"],
    ["name", "陳大文 Chan Tai Man"],
    ["first_name", "Zoë-Ånne"],
    ["first_name", "文".repeat(50)],
    ["first_name", "😀".repeat(50)],
  ])("accepts the unicode %s %j", (field, value) => {
    expect(registrationPayloadSchema.parse({ ...FORM, [field]: value })[field as "name"]).toBe(value);
  });

  it.each([
    ["3003", "3003"],
    ["3002", "3002"],
    ["3004", "3004"],
    ["3001", "5027"],
  ])("accepts region %s with district %s", (region, district) => {
    const input = { ...FORM, residential_country_region__c: region, residential_district__c: district };
    expect(registrationPayloadSchema.safeParse(input).success).toBe(true);
  });

  it.each([
    ["3001", "5050"],
    ["3002", "3003"],
    ["3006", "3004"],
  ])("refuses region %s with district %s", (region, district) => {
    const input = { ...FORM, residential_country_region__c: region, residential_district__c: district };
    expect(rulesOf(registrationPayloadSchema, input)).toEqual([["residential_district__c", "areaInvalid"]]);
  });

  it.each([[null], ["body"], [[FORM]]])("refuses a body of %j as a whole", (body) => {
    expect(rulesOf(registrationPayloadSchema, body)).toEqual([["", "invalid"]]);
  });
});

describe("profileSavePayloadSchema", () => {
  it.each([
    [{}, {}],
    [
      { title: "4", first_name: " 大文 " },
      { title: 4, first_name: "大文" },
    ],
    [{ gender: "" }, { gender: null }],
    [{ gender: null }, { gender: null }],
    [{ gender: "1" }, { gender: 1 }],
    [{ name: "" }, { name: null }],
    [{ name: " Chan Tai Man " }, { name: "Chan Tai Man" }],
    [{ referral_code: null }, { referral_code: null }],
    [{ title: "", birthday_month: "", age_range__c: "" }, {}],
    [
      { email_subscription: "1", sms_subscription: 0, do_not_call: "" },
      { email_subscription: 1, sms_subscription: 0 },
    ],
    [{ email: " New@Example.com " }, { email: "new@example.com" }],
    [{ residential_district__c: "5005" }, { residential_district__c: "5005" }],
    [
      { residential_country_region__c: 3001, residential_district__c: "5005" },
      { residential_country_region__c: "3001", residential_district__c: "5005" },
    ],
    [
      { birthday_month: "12", age_range__c: "56 or above" },
      { birthday_month: 12, age_range__c: "56 or above" },
    ],
    [{ member_no: "X", mobile_phone: "91234567", password: "x" }, {}],
  ])("turns %j into %j", (input, output) => {
    const parsed = profileSavePayloadSchema.parse(input);
    expect(Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined))).toEqual(
      output,
    );
  });

  it("leaves fields that were not sent out of the result", () => {
    expect(Object.keys(profileSavePayloadSchema.parse({ title: 1 }))).not.toContain("gender");
  });

  it.each([
    [{ title: "2" }, [["title", "titleInvalid"]]],
    [{ first_name: "" }, [["first_name", "firstNameNull"]]],
    [{ last_name: null }, [["last_name", "lastNameNull"]]],
    [{ gender: "3" }, [["gender", "genderInvalid"]]],
    [{ birthday_month: "13" }, [["birthday_month", "birthInvalid"]]],
    [{ age_range__c: "0 - 10" }, [["age_range__c", "ageInvalid"]]],
    [{ sms_subscription: "2" }, [["sms_subscription", "subscriptionInvalid"]]],
    [{ email: "" }, [["email", "emailKeep"]]],
    [{ email: " " }, [["email", "emailKeep"]]],
    [{ email: null }, [["email", "emailKeep"]]],
    [{ email: "nope" }, [["email", "emailFormat"]]],
    [{ residential_country_region__c: "" }, [["residential_country_region__c", "countryNull"]]],
    [
      { residential_country_region__c: "3001", residential_district__c: "" },
      [["residential_district__c", "areaNull"]],
    ],
    [
      { residential_country_region__c: "3001", residential_district__c: "5050" },
      [["residential_district__c", "areaInvalid"]],
    ],
    [{ residential_district__c: "0000" }, [["residential_district__c", "areaInvalid"]]],
    [{ name: "n".repeat(101) }, [["name", "tooLong"]]],
  ])("refuses %j with %j", (input, rules) => {
    expect(rulesOf(profileSavePayloadSchema, input)).toEqual(rules);
  });
});

describe("subscriptionPreferencesSchema", () => {
  it.each([
    [{}, {}],
    [{ unsubscribe_reasons: [1, 3] }, { unsubscribe_reasons: [1, 3] }],
    [{ unsubscribe_reasons: ["3", "1", "3"] }, { unsubscribe_reasons: [1, 3] }],
    [{ unsubscribe_reasons: "1,3" }, { unsubscribe_reasons: [1, 3] }],
    [{ unsubscribe_reasons: " 6 , 2 ," }, { unsubscribe_reasons: [2, 6] }],
    [{ unsubscribe_reasons: 4 }, { unsubscribe_reasons: [4] }],
    [{ unsubscribe_reasons: [] }, { unsubscribe_reasons: [] }],
    [{ unsubscribe_reasons: "" }, {}],
    [
      { email_subscription: "1", sms_subscription: "1", do_not_call: 1, token: " abc " },
      { email_subscription: 1, sms_subscription: 1, do_not_call: 1, token: "abc" },
    ],
  ])("turns %j into %j", (input, output) => {
    const parsed = subscriptionPreferencesSchema.parse(input);
    expect(Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined))).toEqual(
      output,
    );
  });

  it.each([
    [{ unsubscribe_reasons: [0] }, "unsubscribe_reasons", "reasonInvalid"],
    [{ unsubscribe_reasons: "1,7" }, "unsubscribe_reasons", "reasonInvalid"],
    [{ unsubscribe_reasons: ["x"] }, "unsubscribe_reasons", "reasonInvalid"],
    [{ unsubscribe_reasons: [1.5] }, "unsubscribe_reasons", "reasonInvalid"],
    [{ unsubscribe_reasons: { 1: true } }, "unsubscribe_reasons", "reasonInvalid"],
    [{ do_not_call: "2" }, "do_not_call", "subscriptionInvalid"],
    [{ token: 5 }, "token", "invalid"],
  ])("refuses %j", (input, field, rule) => {
    expect(rulesOf(subscriptionPreferencesSchema, input)).toEqual([[field, rule]]);
  });
});

describe("emailSchema", () => {
  it.each([
    [" A@B.co ", "a@b.co"],
    ["first.last+tag@sub.example.hk", "first.last+tag@sub.example.hk"],
  ])("accepts %j as %j", (input, email) => {
    expect(emailSchema.parse(input)).toBe(email);
  });
});

describe("profileCompleted", () => {
  const complete = {
    title: 1,
    first_name: "Tai Man",
    last_name: "Chan",
    email: "a@b.co",
    gender: 1,
    birthday_month: 7,
    age_range: "26 - 35",
    region: "3001",
    district: "5005",
  };

  it("is true when every field is set", () => {
    expect(profileCompleted(complete)).toBe(true);
  });

  it.each(
    Object.keys(complete).flatMap((key) => [
      [key, null] as const,
      [key, ""] as const,
      [key, undefined] as const,
    ]),
  )("is false when %s is %j", (key, value) => {
    expect(profileCompleted({ ...complete, [key]: value })).toBe(false);
  });
});
