import { z } from "zod";
import { whenFieldsValid } from "./form-fields.ts";
import { mobileRule, normaliseMobile, PHONE_PREFIXES } from "./phone-rules.ts";

function normalisePrefix(value: unknown): unknown {
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  // The screens show "+852"; a client that echoes the label should not be refused for it.
  if (typeof value === "string" && value.startsWith("+")) return value.slice(1);
  if (value === "" || value === null) return undefined;
  return value;
}

function normalisePhone(value: unknown): unknown {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  // The legacy wire name stays; what it carries is normalised here, once, for every route and client.
  if (typeof value === "string") return normaliseMobile(value);
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
