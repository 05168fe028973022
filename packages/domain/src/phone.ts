import { z } from "zod";
import { whenFieldsValid } from "./form-fields.ts";

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

function normalisePrefix(value: unknown): unknown {
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  // The screens show "+852"; a client that echoes the label should not be refused for it.
  if (typeof value === "string" && value.startsWith("+")) return value.slice(1);
  if (value === "" || value === null) return undefined;
  return value;
}

function normalisePhone(value: unknown): unknown {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  return value;
}

export const phoneFields = {
  mobile_phone_prefix: z.preprocess(
    normalisePrefix,
    z.enum(PHONE_PREFIXES, {
      error: (issue) => (issue.input === undefined ? "required" : "prefixInvalid"),
    }),
  ),
  mobile_phone: z.preprocess(
    normalisePhone,
    z.string({ error: (issue) => (issue.input == null ? "mobileNull" : "invalid") }).min(1, "mobileNull"),
  ),
};

/** The length rule depends on the prefix, so it is checked once both fields are valid on their own. */
export function withPhoneCheck<S extends z.ZodType<{ mobile_phone_prefix: string; mobile_phone: string }>>(
  schema: S,
): S {
  return schema.superRefine(
    (value, ctx) => {
      const rule = mobileRule(value.mobile_phone_prefix, value.mobile_phone);
      if (rule) {
        const path = rule === "prefixInvalid" ? "mobile_phone_prefix" : "mobile_phone";
        ctx.addIssue({ code: "custom", message: rule, path: [path], input: value[path] });
      }
    },
    { when: whenFieldsValid("mobile_phone_prefix", "mobile_phone") },
  );
}

export const phoneSchema = withPhoneCheck(z.object(phoneFields, { error: "invalid" }));
export type PhoneInput = z.output<typeof phoneSchema>;

/** One spelling per number, so counters and locks cannot be dodged by writing the number differently. */
export function phoneKey(prefix: string, phone: string): string {
  return `${prefix}-${phone}`;
}
