import { describe, expect, it } from "vitest";
import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords.ts";
import {
  isCommonPassword,
  newPasswordSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordFormatOk,
  passwordFormatSchema,
  passwordRule,
  withPasswordChanged,
} from "./password.ts";

describe("passwordFormatOk", () => {
  it.each([
    ["Abcdefg1", true],
    ["abcdefg1", false],
    ["ABCDEFG1", false],
    ["Abcdefgh", false],
    ["Abc def1", false],
    ["Abcdef1", false],
    ["Abcdefghijklmn12", true],
    ["Abcdefghijklmn123", false],
    ["Abcd\tef1", false],
    ["Abcdefg1\n", false],
    ["Abcd\u200bef1", false],
    ["Abcd\u00a0ef1", false],
    ["Ab1!@#$%^&*()", true],
    ["Ab1_-+=[]{}<>?", true],
    ["Äbcdefg1", false],
    ["Abcdéfg1", true],
    ["", false],
  ])("%j -> %s", (pw, ok) => {
    expect(passwordFormatOk(pw)).toBe(ok);
  });

  it("uses the spec's bounds", () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 16]);
  });
});

describe("isCommonPassword", () => {
  it.each([
    ["Password1", true],
    ["PASSWORD1a", true],
    ["Passw0rd", true],
    ["Qwerty123", true],
    ["Abc12345", true],
    ["Aa123456", true],
    ["Welcome1", true],
    ["P@ssw0rd", true],
    ["1Q2w3e4r", true],
    ["ZAQ12wsx", true],
    ["Abcdefg1", false],
    ["Tr0ub4dor&3x", false],
  ])("%j -> %s", (pw, common) => {
    expect(isCommonPassword(pw)).toBe(common);
  });
});

describe("COMMON_PASSWORDS", () => {
  it("holds only lower-case, unique entries the format rule would otherwise let through", () => {
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(300);
    for (const entry of COMMON_PASSWORDS) {
      expect(entry).toBe(entry.toLowerCase());
      const cased = entry.replace(/[a-z]/, (letter) => letter.toUpperCase());
      expect(passwordFormatOk(cased), entry).toBe(true);
    }
    expect(COMMON_PASSWORDS).not.toContain("abcdefg1");
  });
});

describe("passwordRule and newPasswordSchema", () => {
  it.each([
    [undefined, "passwordNull"],
    ["", "passwordNull"],
    ["abcdefg1", "passwordFormat"],
    ["Abc def1", "passwordFormat"],
    ["Abcdef1", "passwordFormat"],
    ["Abcdefghijklmn123", "passwordFormat"],
    ["Password1", "passwordCommon"],
    ["Abcdefg1", null],
    ["Abcdefghijklmn12", null],
  ])("%j -> %s", (pw, rule) => {
    expect(passwordRule(pw)).toBe(rule);
  });

  it.each([
    [undefined, "passwordNull"],
    [null, "passwordNull"],
    ["", "passwordNull"],
    [12345678, "invalid"],
    ["abcdefg1", "passwordFormat"],
    ["Abc def1", "passwordFormat"],
    ["Abc\tdef1", "passwordFormat"],
    ["Abcdef1", "passwordFormat"],
    ["Abcdefghijklmn123", "passwordFormat"],
    ["qWERTY123", "passwordCommon"],
  ])("schema refuses %j with %s", (input, rule) => {
    const result = newPasswordSchema.safeParse(input);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([rule]);
  });

  it.each(["Abcdefg1", "Abcdefghijklmn12", "xY9!xY9!"])("schema accepts %j unchanged", (pw) => {
    expect(newPasswordSchema.parse(pw)).toBe(pw);
  });
});

describe("passwordFormatSchema (the server's field rule)", () => {
  it.each([
    ["", "passwordNull"],
    ["abcdefg1", "passwordFormat"],
    ["Abc def1", "passwordFormat"],
  ])("reports %j as %s", (pw, rule) => {
    const result = passwordFormatSchema.safeParse(pw);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(rule);
  });

  it("lets a common password through: the server answers it with 4207", () => {
    expect(passwordFormatSchema.parse("Password1")).toBe("Password1");
  });
});

describe("withPasswordChanged (change-password's body and form)", () => {
  const body = withPasswordChanged(
    z.object({ old_password: z.string().min(1), new_password: passwordFormatSchema }),
  );
  const rules = (old_password: string, new_password: string) =>
    body
      .safeParse({ old_password, new_password })
      .error?.issues.map((issue) => [issue.path[0], issue.message]);

  it("refuses the old password as the new one, on new_password", () => {
    expect(rules("Abcdefg1", "Abcdefg1")).toEqual([["new_password", "passwordUnchanged"]]);
  });

  it.each([
    ["a different password", "Abcdefg1", "Abcdefg2", undefined],
    ["the old one in other capitals", "Abcdefg1", "aBcdefg1", undefined],
    [
      "a new password of the wrong format, its own rule alone",
      "abcdefg1",
      "abcdefg1",
      [["new_password", "passwordFormat"]],
    ],
  ])("%s", (_label, old, next, expected) => {
    expect(rules(old, next)).toEqual(expected);
  });
});
