import { describe, expect, it } from "vitest";
import { phoneSchema } from "./phone.ts";
import {
  DEFAULT_PHONE_PREFIX,
  mobileRule,
  normaliseMobile,
  PHONE_PREFIXES,
  phoneKey,
} from "./phone-rules.ts";

function rulesOf(input: unknown) {
  const result = phoneSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

describe("mobileRule", () => {
  it.each([
    ["852", "9123456", "mobileLength8"],
    ["852", "91234567", null],
    ["852", "912345678", "mobileLength8"],
    ["853", "6612345", "mobileLength8"],
    ["853", "66123456", null],
    ["853", "661234567", "mobileLength8"],
    ["86", "1381234567", "mobileLength11"],
    ["86", "13812345678", null],
    ["86", "138123456789", "mobileLength11"],
    ["86", "12812345678", "mobileLength11"],
    ["86", "10812345678", "mobileLength11"],
    ["86", "19912345678", null],
    ["86", "23812345678", "mobileLength11"],
    ["852", "9123 4567", "mobileLength8"],
    ["852", " 91234567", "mobileLength8"],
    ["852", "91234567 ", "mobileLength8"],
    ["852", "9123456a", "mobileLength8"],
    ["852", "abcdefgh", "mobileLength8"],
    ["852", "９１２３４５６７", "mobileLength8"],
    ["86", "1381234567a", "mobileLength11"],
    ["852", "", "mobileNull"],
    ["", "", "mobileNull"],
    ["44", "91234567", "prefixInvalid"],
    ["", "91234567", "prefixInvalid"],
    ["+852", "91234567", "prefixInvalid"],
  ])("prefix %j, phone %j -> %s", (prefix, phone, rule) => {
    expect(mobileRule(prefix, phone)).toBe(rule);
  });
});

describe("normaliseMobile", () => {
  it.each([
    ["91234567", "91234567"],
    ["9123 4567", "91234567"],
    [" 9123 4567 ", "91234567"],
    ["9123-4567", "91234567"],
    ["9123\u00a04567", "91234567"],
    ["9123\u30004567", "91234567"],
    ["9123\u20134567", "91234567"],
    ["９１２３４５６７", "91234567"],
    ["９１２３－４５６７", "91234567"],
    ["138 1234 5678", "13812345678"],
    ["138-1234-5678", "13812345678"],
    ["9123.4567", "9123.4567"],
    ["9123456a", "9123456a"],
  ])("%j -> %j", (typed, stored) => {
    expect(normaliseMobile(typed)).toBe(stored);
  });
});

describe("phoneSchema", () => {
  it.each([
    ["9123 4567", "91234567"],
    ["9123-4567", "91234567"],
    ["９１２３４５６７", "91234567"],
    [" 91234567 ", "91234567"],
  ])("accepts the HK number %j as %j", (typed, stored) => {
    expect(phoneSchema.parse({ mobile_phone_prefix: "852", mobile_phone: typed }).mobile_phone).toBe(stored);
  });

  it("accepts a mainland number written in groups", () => {
    expect(phoneSchema.parse({ mobile_phone_prefix: "86", mobile_phone: "138 1234-5678" }).mobile_phone).toBe(
      "13812345678",
    );
  });

  it.each([
    [{ mobile_phone_prefix: "852", mobile_phone: "91234567" }, "852"],
    [{ mobile_phone_prefix: 852, mobile_phone: "91234567" }, "852"],
    [{ mobile_phone_prefix: 853, mobile_phone: "66123456" }, "853"],
    [{ mobile_phone_prefix: "+86", mobile_phone: "13812345678" }, "86"],
    [{ mobile_phone_prefix: 86, mobile_phone: 13812345678 }, "86"],
  ])("accepts %j with prefix %s", (input, prefix) => {
    const result = phoneSchema.parse(input);
    expect(result.mobile_phone_prefix).toBe(prefix);
    expect(typeof result.mobile_phone).toBe("string");
  });

  it.each([
    [{ mobile_phone_prefix: "852", mobile_phone: "9123456" }, [["mobile_phone", "mobileLength8"]]],
    [{ mobile_phone_prefix: "86", mobile_phone: "12812345678" }, [["mobile_phone", "mobileLength11"]]],
    [{ mobile_phone_prefix: "852", mobile_phone: "9123.4567" }, [["mobile_phone", "mobileLength8"]]],
    [{ mobile_phone_prefix: "852", mobile_phone: "9123 45678" }, [["mobile_phone", "mobileLength8"]]],
    [{ mobile_phone_prefix: "852", mobile_phone: " - " }, [["mobile_phone", "mobileNull"]]],
    [{ mobile_phone_prefix: "852", mobile_phone: "" }, [["mobile_phone", "mobileNull"]]],
    [{ mobile_phone_prefix: "852" }, [["mobile_phone", "mobileNull"]]],
    [{ mobile_phone_prefix: "852", mobile_phone: null }, [["mobile_phone", "mobileNull"]]],
    [{ mobile_phone_prefix: "852", mobile_phone: { a: 1 } }, [["mobile_phone", "invalid"]]],
    [{ mobile_phone_prefix: "44", mobile_phone: "91234567" }, [["mobile_phone_prefix", "prefixInvalid"]]],
    [
      { mobile_phone_prefix: 44, mobile_phone: "" },
      [
        ["mobile_phone_prefix", "prefixInvalid"],
        ["mobile_phone", "mobileNull"],
      ],
    ],
    [{ mobile_phone: "91234567" }, [["mobile_phone_prefix", "required"]]],
    [{ mobile_phone_prefix: "", mobile_phone: "91234567" }, [["mobile_phone_prefix", "required"]]],
    ["852-91234567", [["", "invalid"]]],
  ])("refuses %j with %j", (input, rules) => {
    expect(rulesOf(input)).toEqual(rules);
  });

  it("drops unknown keys", () => {
    expect(phoneSchema.parse({ mobile_phone_prefix: "852", mobile_phone: "91234567", extra: 1 })).toEqual({
      mobile_phone_prefix: "852",
      mobile_phone: "91234567",
    });
  });
});

describe("constants and phoneKey", () => {
  it.each([
    ["852", "91234567", "852-91234567"],
    ["86", "13812345678", "86-13812345678"],
  ])("phoneKey(%s, %s) = %s", (prefix, phone, key) => {
    expect(phoneKey(prefix, phone)).toBe(key);
  });

  it("lists the three prefixes with 852 as the default", () => {
    expect(PHONE_PREFIXES).toEqual(["852", "853", "86"]);
    expect(DEFAULT_PHONE_PREFIX).toBe("852");
  });
});
