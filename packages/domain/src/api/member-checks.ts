import { z } from "zod";
import { MemberCheckCode } from "../codes.ts";
import { emailSchema } from "../payloads.ts";
import { phoneFields, withPhoneCheck } from "../phone.ts";
import { smsCodeSchema } from "../sms-code.ts";
import { memberCheckAnswer } from "./envelope.ts";
import { ROUTES } from "./routes.ts";

const { mayNotRegister, notRegistered, appMemberIncomplete, registered, emailTaken, emailFree } =
  MemberCheckCode;

export const checkPhone = {
  ...ROUTES.checkPhone,
  body: withPhoneCheck(z.object({ ...phoneFields, sms_token: smsCodeSchema.optional() })),
  answer: memberCheckAnswer(
    [mayNotRegister, notRegistered, appMemberIncomplete, registered],
    z.object({
      access_token: z
        .string()
        .optional()
        .meta({ description: "40005 with a register code verified in the last 30 minutes" }),
    }),
  ),
};

export const checkEmail = {
  ...ROUTES.checkEmail,
  body: z.object({ email: emailSchema }),
  answer: memberCheckAnswer([emailFree, emailTaken], z.object({})),
};

/** A member number; a numeric one may arrive as a JSON number, like every code of the contract. */
const memberNumber = z.preprocess(
  (value) => (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? String(value) : value),
  z
    .string({ error: (issue) => (issue.input == null ? "required" : "invalid") })
    .trim()
    .min(1, "required")
    .max(32, "tooLong"),
);

export const verifyMemberId = {
  ...ROUTES.verifyMemberId,
  body: z.object({ data: memberNumber }),
  answer: memberCheckAnswer([200], z.object({ exists: z.boolean() })),
};
