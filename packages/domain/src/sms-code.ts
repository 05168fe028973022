import { z } from "zod";

export const SMS_CODE_LENGTH = 6;

const SMS_CODE = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

function normaliseCode(value: unknown): unknown {
  if (value === null) return undefined;
  // Codes are pasted from messages, so stray spaces around them are forgiven.
  if (typeof value === "string") return value.trim() === "" ? undefined : value.trim();
  // A JSON number has lost any leading zero: 12345 cannot be told apart from "012345", so it stays a number and fails.
  if (typeof value === "number" && SMS_CODE.test(String(value))) return String(value);
  return value;
}

/** An SMS code as typed by the member: always a string of six digits on output. */
export const smsCodeSchema = z.preprocess(
  normaliseCode,
  z
    .string({ error: (issue) => (issue.input === undefined ? "codeNull" : "codeFormat") })
    .regex(SMS_CODE, "codeFormat"),
);
