import { z } from "zod";
import { registrationPayloadSchema } from "../payloads.ts";
import { phoneFields, phoneSchema, withPhoneCheck } from "../phone.ts";
import { smsCodeSchema } from "../sms-code.ts";
import { okAnswer } from "./envelope.ts";
import { userInfoSchema } from "./profile.ts";
import { crm } from "./routes.ts";

const tags = ["registration"];

/** When the member may ask for another code, and how long this one lives. */
export const smsSentSchema = z.object({
  resend_after_seconds: z.number().int(),
  expires_in_seconds: z.number().int(),
});

export const requestSmsToken = {
  ...crm("POST", "/registration/request-sms-token", "guest"),
  tags,
  summary: "Send a registration / verification code by SMS",
  description:
    "Only to a mobile number of its prefix (else 4000, rule mobileNotMobile, before any limit counts). Throttled: one send per number and purpose per SMS_RESEND_SECONDS (4203), SMS_NUMBER_CLIENT_HOURLY_LIMIT per number from one client address, SMS_NUMBER_HOURLY_LIMIT per number from every address and SMS_CLIENT_HOURLY_LIMIT per client address, across purposes (4204), SMS_TOTAL_HOURLY_LIMIT for the whole deployment (4208); a refused call counts as no send. A new send replaces the previous code.",
  body: phoneSchema,
  answer: okAnswer(smsSentSchema),
};

export const registerTokenStatus = {
  ...crm("POST", "/registration/register-token-status", "guest"),
  tags,
  summary: "Verify a registration code (repeatable while the code is live)",
  body: withPhoneCheck(z.object({ ...phoneFields, sms_token: smsCodeSchema })),
  answer: okAnswer(z.object({ verified: z.literal(true) })),
};

export const registerWithMobile = {
  ...crm("POST", "/registration/register-with-mobile", "guest"),
  tags,
  summary: "Register a member with a verified code",
  description:
    "The code must have been verified by register-token-status within 30 minutes; registration uses it up. 4009 when the number is a member already, 40010 when the email is taken, 4207 for a common password.",
  body: registrationPayloadSchema,
  answer: okAnswer(z.object({ access_token: z.string(), user: userInfoSchema })),
};
