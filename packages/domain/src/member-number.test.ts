import { describe, expect, it } from "vitest";
import { memberNumberFromDigits, memberNumberPlausible } from "./member-number.ts";
import { parseMemberQrText } from "./member-qr.ts";

describe("member numbers", () => {
  it("are M, ten digits and a Luhn check digit", () => {
    // Luhn over 7992739871 gives 3 (the textbook example).
    expect(memberNumberFromDigits("7992739871")).toBe("M79927398713");
    expect(memberNumberFromDigits("0000000000")).toBe("M00000000000");
    expect(() => memberNumberFromDigits("123")).toThrow();
  });

  it("refuse a new-form number whose check digit is wrong: every single-digit change and neighbour swap", () => {
    const good = memberNumberFromDigits("4815162342");
    expect(memberNumberPlausible(good)).toBe(true);
    const digits = good.slice(1);
    for (let at = 0; at < digits.length; at++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === digits[at]) continue;
        const changed = `M${digits.slice(0, at)}${d}${digits.slice(at + 1)}`;
        expect(memberNumberPlausible(changed), changed).toBe(false);
      }
    }
    for (let at = 0; at + 1 < digits.length; at++) {
      if (digits[at] === digits[at + 1]) continue;
      // Luhn misses the 09 ↔ 90 swap only.
      if (`${digits[at]}${digits[at + 1]}`.match(/^(09|90)$/)) continue;
      const swapped = `M${digits.slice(0, at)}${digits[at + 1]}${digits[at]}${digits.slice(at + 2)}`;
      expect(memberNumberPlausible(swapped), swapped).toBe(false);
    }
  });

  it("keep the numbers given before (M and nine digits) and imported ones valid", () => {
    for (const old of ["M000000042", "M000000001", "APP9", "42", "LEGACY-7"])
      expect(memberNumberPlausible(old), old).toBe(true);
  });

  it("a member QR code with a made-up new-form number is refused; old and imported numbers still read", () => {
    const good = memberNumberFromDigits("4815162342");
    const bad = `${good.slice(0, -1)}${(Number(good.at(-1)) + 1) % 10}`;
    expect(parseMemberQrText(`${good},0,07,1732960800`)).toMatchObject({ memberRef: good });
    expect(parseMemberQrText(`${bad},0,07,1732960800`)).toBeNull();
    expect(parseMemberQrText("M000000042,0,07,1732960800")).toMatchObject({ memberRef: "M000000042" });
    expect(parseMemberQrText("APP9,0,00,1732960800")).toMatchObject({ memberRef: "APP9" });
  });
});
