/**
 * The mobile number rules as plain functions, without zod: the login and registration landing
 * screens check a number with these alone (their first load must stay small), and phone.ts
 * builds the payload schemas on them.
 */
export const PHONE_PREFIXES = ["852", "853", "86"] as const;
export type PhonePrefix = (typeof PHONE_PREFIXES)[number];
export const DEFAULT_PHONE_PREFIX: PhonePrefix = "852";

export type MobileRule = "mobileNull" | "mobileLength8" | "mobileLength11" | "prefixInvalid";

const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
const HK_MACAU_MOBILE = /^\d{8}$/;

export function isPhonePrefix(value: string): value is PhonePrefix {
  return (PHONE_PREFIXES as readonly string[]).includes(value);
}

// Spaces (ordinary, no-break, ideographic) and hyphens or dashes of every width that people type or
// paste between digit groups: "9123 4567", "9123-4567", "138-1234-5678", "９１２３－４５６７".
const DIGIT_SEPARATORS = /[\s\u00a0\u3000\-\u2010-\u2015\u2212\uff0d]/g;
const FULL_WIDTH_DIGITS = /[\uff10-\uff19]/g;

/**
 * A mobile number as typed, in its one stored spelling: full-width digits made ASCII, spaces and
 * hyphens dropped. Every path that keys, stores or compares a number goes through this first (the
 * domain's zod schemas, the web forms, the operators' text), so "9123 4567" and "91234567" are one
 * number for the counters and locks as well as for the account. Anything else (letters, dots) is
 * left for mobileRule to refuse.
 */
export function normaliseMobile(phone: string): string {
  return phone
    .replace(FULL_WIDTH_DIGITS, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xff10 + 48))
    .replace(DIGIT_SEPARATORS, "");
}

/**
 * The rule a mobile number breaks, or null. It checks the number as given: callers normalise first
 * (normaliseMobile), and then key and store the normalised number, never the typed one.
 */
export function mobileRule(prefix: string, phone: string): MobileRule | null {
  if (phone === "") return "mobileNull";
  if (!isPhonePrefix(prefix)) return "prefixInvalid";
  if (prefix === "86") return MAINLAND_MOBILE.test(phone) ? null : "mobileLength11";
  return HK_MACAU_MOBILE.test(phone) ? null : "mobileLength8";
}

/** One spelling per number, so counters and locks cannot be dodged by writing the number differently. */
export function phoneKey(prefix: string, phone: string): string {
  return `${prefix}-${phone}`;
}
