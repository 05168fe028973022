import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords.ts";
import { ruleCheck, whenFieldsValid } from "./form-fields.ts";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;

export type PasswordRule = "passwordNull" | "passwordFormat" | "passwordCommon";

// Whitespace and invisible characters (controls, zero-width marks) would make a password impossible to retype.
const UNTYPABLE = /[\s\p{C}]/u;

export function passwordFormatOk(pw: string): boolean {
  const length = [...pw].length;
  return (
    length >= PASSWORD_MIN_LENGTH &&
    length <= PASSWORD_MAX_LENGTH &&
    !UNTYPABLE.test(pw) &&
    /[a-z]/.test(pw) &&
    /[A-Z]/.test(pw) &&
    /\d/.test(pw)
  );
}

const COMMON = new Set(COMMON_PASSWORDS);

/** Case-insensitive, because "Password1" only passes the format rule by varying the case of "password1". */
export function isCommonPassword(pw: string): boolean {
  return COMMON.has(pw.toLowerCase());
}

export function passwordRule(pw: string | undefined): PasswordRule | null {
  if (pw === undefined || pw === "") return "passwordNull";
  if (!passwordFormatOk(pw)) return "passwordFormat";
  if (isCommonPassword(pw)) return "passwordCommon";
  return null;
}

/**
 * The format rule alone: what the server validates as 4000. A common password that
 * passes it is the server's 4207, a code of its own in the contract.
 */
export const passwordFormatSchema = z
  .string({ error: (issue) => (issue.input == null ? "passwordNull" : "invalid") })
  .superRefine(
    ruleCheck((pw: string) => (pw === "" ? "passwordNull" : passwordFormatOk(pw) ? null : "passwordFormat")),
  );

/** A password being chosen in a form: the format rule plus the blocklist. Login checks only presence. */
export const newPasswordSchema = z
  .string({ error: (issue) => (issue.input == null ? "passwordNull" : "invalid") })
  .superRefine(ruleCheck(passwordRule));

/**
 * A change must change the password: the new one may not repeat the old one, which (once the
 * server has checked it) is the member's current password.
 */
export function unchangedPasswordRule(oldPassword: string, newPassword: string): "passwordUnchanged" | null {
  return oldPassword !== "" && newPassword === oldPassword ? "passwordUnchanged" : null;
}

/**
 * Adds that comparison to a schema with `old_password` and `new_password` (the server's body and
 * the web form), as a rule on `new_password`; it waits until both fields pass their own rules.
 */
export function withPasswordChanged<S extends z.ZodType<{ old_password: string; new_password: string }>>(
  schema: S,
): S {
  return schema.superRefine(
    (value, ctx) => {
      const rule = unchangedPasswordRule(value.old_password, value.new_password);
      if (rule) ctx.addIssue({ code: "custom", message: rule, path: ["new_password"] });
    },
    { when: whenFieldsValid("old_password", "new_password") },
  );
}
