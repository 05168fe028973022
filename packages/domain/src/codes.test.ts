import { describe, expect, it } from "vitest";
import {
  CoinStatus,
  ERROR_HTTP_STATUS,
  ERROR_MESSAGES,
  ErrorCode,
  type ErrorCodeValue,
  MEMBER_CHECK_MESSAGES,
  MemberCheckCode,
  VALIDATION_RULES,
} from "./codes.ts";

describe("error codes", () => {
  it.each([
    [4000, 400],
    [4010, 401],
    [4201, 400],
    [4203, 429],
    [4204, 429],
    [4208, 429],
    [5000, 400],
    [4290, 429],
    [4202, 403],
    [4205, 400],
    [4206, 409],
    [4009, 409],
    [4040, 404],
    [4299, 429],
    [4130, 413],
    [4207, 400],
    [5030, 503],
    [40010, 409],
  ] as [ErrorCodeValue, number][])("%i answers HTTP %i", (code, status) => {
    expect(ERROR_HTTP_STATUS[code]).toBe(status);
  });

  it("maps every code to a status and three messages", () => {
    const codes = Object.values(ErrorCode);
    expect(Object.keys(ERROR_HTTP_STATUS).map(Number).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      const text = ERROR_MESSAGES[code];
      expect(
        [text.en, text.tc, text.sc].every((t) => t.length > 0),
        String(code),
      ).toBe(true);
    }
  });

  it.each([
    [4201, "Verification code invalid, Please try again."],
    [4207, "This password is too common, please choose another."],
    [4202, "This account is temporarily unavailable for login. Please contact customer service."],
    [4290, "Too Many Failed Attempts, Please try again after 15 minutes."],
    [40010, "The email address is already registered, Please enter another email address."],
    [5000, "Login Fail"],
    [4000, "Please check the highlighted fields."],
  ] as [ErrorCodeValue, string][])("%i reads %j in English", (code, text) => {
    expect(ERROR_MESSAGES[code].en).toBe(text);
  });

  it.each([
    [40002, "Fail to register with this number, Please use other number to register"],
    [40003, "Mobile number not registered"],
    [40005, "Existing CU APP member"],
    [40006, "Your mobile number has been registered as a member"],
  ] as const)("member check %i reads %j in English", (code, text) => {
    expect(MEMBER_CHECK_MESSAGES[code].en).toBe(text);
    expect(MEMBER_CHECK_MESSAGES[code].tc.length).toBeGreaterThan(0);
    expect(MEMBER_CHECK_MESSAGES[code].sc.length).toBeGreaterThan(0);
  });
});

describe("domain codes", () => {
  it.each([
    ["member check", Object.values(MemberCheckCode), [40002, 40003, 40005, 40006, 40010, 200]],
    ["coin status", Object.values(CoinStatus), [-1, 100, 101, 999]],
  ])("%s", (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it("lists each validation rule once", () => {
    expect(new Set(VALIDATION_RULES).size).toBe(VALIDATION_RULES.length);
  });
});
