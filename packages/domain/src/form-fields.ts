import { z } from "zod";

/*
 * Building blocks for fields that may arrive from an HTML form (every value a string) or from JSON.
 * Each field reports at most one rule name as its zod issue message, so the client can show it as is.
 */

/** Null, undefined and blank strings all mean "the field was left empty". */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** Turns "7" and " 7 " into 7 and a blank into undefined; anything else is left for the schema to reject. */
export function formInteger(value: unknown): unknown {
  if (isBlank(value)) return undefined;
  if (typeof value === "string" && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return value;
}

/** Codes are strings on the wire, but a JSON client may send 3001 for "3001". */
export function formCode(value: unknown): unknown {
  if (isBlank(value)) return undefined;
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  return value;
}

export function trimmed(value: unknown): unknown {
  return typeof value === "string" ? value.trim() : value;
}

/** Counts what a person sees as characters, so a CJK or emoji name is not cut short by UTF-16 units. */
export function charCount(text: string): number {
  return [...text].length;
}

const CONTROL_CHARACTERS = /\p{Cc}/u;

/** Reports a rule name when the value is missing (undefined or null) and `invalid` when it has the wrong type. */
export function missingOr(missingRule: string, wrongRule = "invalid") {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? missingRule : wrongRule;
}

/** Adapts a `(value) => rule | null` function into a superRefine callback. */
export function ruleCheck<T>(ruleOf: (value: T) => string | null) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    const rule = ruleOf(value);
    if (rule) ctx.addIssue({ code: "custom", message: rule, input: value });
  };
}

/**
 * A cross-field check should run even when unrelated fields failed (so the form shows every problem at
 * once) but not when one of the fields it reads failed on its own.
 */
export function whenFieldsValid(...fields: string[]) {
  return (payload: z.core.ParsePayload) =>
    !payload.issues.some((issue) => {
      const field = issue.path?.[0];
      return field === undefined || fields.includes(String(field));
    });
}

function textRule(missingRule: string, max: number) {
  return (text: string) => {
    if (text === "") return missingRule;
    if (charCount(text) > max) return "tooLong";
    if (CONTROL_CHARACTERS.test(text)) return "invalid";
    return null;
  };
}

/** A trimmed, single-line text that must not be empty. */
export function requiredText(missingRule: string, max: number) {
  return z.preprocess(
    trimmed,
    z.string({ error: missingOr(missingRule) }).superRefine(ruleCheck(textRule(missingRule, max))),
  );
}

/** A trimmed, single-line text where blank means "not given". */
export function optionalText(max: number) {
  return z.preprocess(
    (value) => (isBlank(value) ? undefined : trimmed(value)),
    z
      .string({ error: "invalid" })
      .superRefine(ruleCheck(textRule("invalid", max)))
      .optional(),
  );
}

/** One of a few numeric codes; missing and unknown values get different rule names. */
export function requiredChoice<const T extends readonly number[]>(
  values: T,
  missingRule: string,
  invalidRule: string,
) {
  return z.preprocess(formInteger, z.literal(values, { error: missingOr(missingRule, invalidRule) }));
}

/** One of a few numeric codes, or nothing when blank. */
export function optionalChoice<const T extends readonly number[]>(values: T, invalidRule: string) {
  return z.preprocess(formInteger, z.literal(values, { error: invalidRule }).optional());
}

/**
 * A contact opt-out flag: 1 means the member opted out. A form that omits it has not asked, and
 * consent to direct marketing is given, never presumed (marketing-consent.ts): omitted = opted out.
 */
export function optOutFlag() {
  return z.preprocess(formInteger, z.literal([0, 1], { error: "subscriptionInvalid" }).default(1));
}

export function optionalOptOutFlag() {
  return optionalChoice([0, 1], "subscriptionInvalid");
}

/** A trimmed, single-line text where blank or null means "clear it" (null) and absence means "keep it". */
export function clearableText(max: number) {
  return z.preprocess(
    (value) => (isBlank(value) ? (value === undefined ? undefined : null) : trimmed(value)),
    z
      .string({ error: "invalid" })
      .superRefine(ruleCheck(textRule("invalid", max)))
      .nullable()
      .optional(),
  );
}
