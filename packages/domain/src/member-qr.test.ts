import { describe, expect, it } from "vitest";
import { memberQrText, parseMemberQrText } from "./member-qr.ts";

describe("memberQrText", () => {
  it.each([
    [{ memberNo: "M000123", id: 42, birthdayMonth: 7, unixSeconds: 1732960800 }, "M000123,0,07,1732960800"],
    [{ memberNo: null, id: 42, birthdayMonth: 12, unixSeconds: 1732960800 }, "42,0,12,1732960800"],
    [{ memberNo: "", id: "u-9", birthdayMonth: null, unixSeconds: 1732960800 }, "u-9,0,00,1732960800"],
    [
      { memberNo: undefined, id: 1, birthdayMonth: undefined, unixSeconds: 1732960800.9 },
      "1,0,00,1732960800",
    ],
  ])("%j -> %s", (input, text) => {
    expect(memberQrText(input)).toBe(text);
  });

  it.each([
    ["M000123", 7],
    ["42", null],
  ])("round-trips member %s with month %j", (memberRef, birthdayMonth) => {
    const text = memberQrText({ memberNo: memberRef, id: 0, birthdayMonth, unixSeconds: 1732960800 });
    expect(parseMemberQrText(text)).toEqual({ memberRef, birthdayMonth, unixSeconds: 1732960800 });
  });
});

describe("parseMemberQrText", () => {
  it.each([
    [""],
    ["M000123,0,07"],
    ["M000123,0,07,1732960800,x"],
    [",0,07,1732960800"],
    ["M000123,1,07,1732960800"],
    ["M000123,0,7,1732960800"],
    ["M000123,0,13,1732960800"],
    ["M000123,0,ab,1732960800"],
    ["M000123,0,07,"],
    ["M000123,0,07,-1"],
    ["M000123,0,07,1732960800.5"],
    ["M000123,0,07,1e9"],
    ["M 123,0,07,1732960800"],
  ])("refuses %j", (text) => {
    expect(parseMemberQrText(text)).toBeNull();
  });
});
