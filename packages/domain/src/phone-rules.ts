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

/**
 * The rule a mobile number breaks, or null. The number is not trimmed: it becomes a counter and account
 * key, so " 91234567" must not quietly stand for "91234567".
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
