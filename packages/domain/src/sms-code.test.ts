import { describe, expect, it } from "vitest";
import { SMS_CODE_LENGTH, smsCodeSchema } from "./sms-code.ts";

describe("smsCodeSchema", () => {
  it.each([
    ["123456", "123456"],
    ["012345", "012345"],
    [" 123456 ", "123456"],
    [123456, "123456"],
    [999999, "999999"],
  ])("accepts %j as %j", (input, code) => {
    expect(smsCodeSchema.parse(input)).toBe(code);
  });

  it.each([
    [undefined, "codeNull"],
    [null, "codeNull"],
    ["", "codeNull"],
    ["   ", "codeNull"],
    ["12345", "codeFormat"],
    ["1234567", "codeFormat"],
    ["12345a", "codeFormat"],
    ["123 456", "codeFormat"],
    ["１２３４５６", "codeFormat"],
    [12345, "codeFormat"],
    [1234567, "codeFormat"],
    [123456.5, "codeFormat"],
    [-12345, "codeFormat"],
    [true, "codeFormat"],
    [["123456"], "codeFormat"],
  ])("refuses %j with %s", (input, rule) => {
    const result = smsCodeSchema.safeParse(input);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([rule]);
  });

  it("is six digits long", () => {
    expect(SMS_CODE_LENGTH).toBe(6);
  });
});
