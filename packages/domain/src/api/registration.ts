import { z } from "zod";
import { registrationPayloadSchema } from "../payloads.ts";
import { phoneFields, phoneSchema, withPhoneCheck } from "../phone.ts";
import { smsCodeSchema } from "../sms-code.ts";
import { okAnswer } from "./envelope.ts";
import { userInfoSchema } from "./profile.ts";
import { ROUTES } from "./routes.ts";

/** When the member may ask for another code, and how long this one lives. */
export const smsSentSchema = z.object({
  resend_after_seconds: z.number().int(),
  expires_in_seconds: z.number().int(),
});

export const requestSmsToken = {
  ...ROUTES.requestSmsToken,
  body: phoneSchema,
  answer: okAnswer(smsSentSchema),
};

export const registerTokenStatus = {
  ...ROUTES.registerTokenStatus,
  body: withPhoneCheck(z.object({ ...phoneFields, sms_token: smsCodeSchema })),
  answer: okAnswer(z.object({ verified: z.literal(true) })),
};

export const registerWithMobile = {
  ...ROUTES.registerWithMobile,
  body: registrationPayloadSchema,
  answer: okAnswer(z.object({ access_token: z.string(), user: userInfoSchema })),
};
