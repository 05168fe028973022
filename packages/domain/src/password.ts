import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords.ts";
import { ruleCheck } from "./form-fields.ts";

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

/** A password being chosen (registration, reset, change, set). Login checks only presence, never the format. */
export const newPasswordSchema = z
  .string({ error: (issue) => (issue.input == null ? "passwordNull" : "invalid") })
  .superRefine(ruleCheck(passwordRule));
