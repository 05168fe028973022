import { normaliseMobile, PHONE_PREFIXES } from "@hcoins/domain/phone-rules";
import { checkPhone } from "../members/operator-text.ts";

/** What one search box's text is: a mobile number, an email, or a member or H Coins number. */
export type SearchKey =
  | { kind: "phone"; prefix: string; phone: string }
  | { kind: "email"; email: string }
  | { kind: "number"; value: string };

/**
 * Reads the console's one search box. Digits (full-width too; spaces, dashes and brackets ignored, as
 * the domain's normaliseMobile and the members' own forms do) are a mobile
 * number: with a leading +, or a prefix the number's length fits (852 / 853 8 digits, 86 11), or
 * a bare Hong Kong number. Text with an @ is an email. Anything else is a member number or an
 * H Coins number, tried as both.
 */
export function searchKey(text: string): SearchKey {
  const trimmed = text.trim();
  if (trimmed.includes("@")) return { kind: "email", email: trimmed.toLowerCase() };
  const digits = normaliseMobile(trimmed).replace(/[()（）]/g, "");
  if (/^\+?\d+$/.test(digits)) {
    const bare = digits.replace(/^\+/, "");
    for (const prefix of PHONE_PREFIXES) {
      if (!bare.startsWith(prefix)) continue;
      const checked = checkPhone(prefix, bare.slice(prefix.length));
      if (!("problem" in checked)) return { kind: "phone", ...checked };
    }
    const local = checkPhone("852", bare);
    if (!("problem" in local)) return { kind: "phone", ...local };
  }
  return { kind: "number", value: trimmed.toUpperCase() };
}

/**
 * The text as a voucher code (16 letters and digits, shown in groups of four, as the scheme's
 * voucher-codes.ts makes them), upper case without spaces or hyphens; null when it cannot be one.
 */
export function voucherCodeOf(text: string): string | null {
  const code = text.toUpperCase().replace(/[\s-]/g, "");
  return /^[0-9A-Z]{16}$/.test(code) ? code : null;
}
