import { z } from "zod";
import { passwordFormatSchema } from "../password.ts";
import { phoneFields, phoneSchema, withPhoneCheck } from "../phone.ts";
import { smsCodeSchema } from "../sms-code.ts";
import { emptyPayload, okAnswer } from "./envelope.ts";
import { presentPassword } from "./profile.ts";
import { smsSentSchema } from "./registration.ts";
import { ROUTES } from "./routes.ts";

export const login = {
  ...ROUTES.login,
  body: withPhoneCheck(z.object({ ...phoneFields, password: presentPassword })),
  answer: okAnswer(z.object({ access_token: z.string() })),
};

export const logout = { ...ROUTES.logout, answer: okAnswer(emptyPayload) };

export const forgotPassword = {
  ...ROUTES.forgotPassword,
  body: phoneSchema,
  answer: okAnswer(smsSentSchema),
};

export const exchangeResetCode = {
  ...ROUTES.exchangeResetCode,
  body: withPhoneCheck(z.object({ ...phoneFields, mobile_token: smsCodeSchema })),
  answer: okAnswer(z.object({ reset_token: z.string() })),
};

export const resetPassword = {
  ...ROUTES.resetPassword,
  body: z.object({
    token: z.string({ error: "required" }).min(1, "required").max(256, "tooLong"),
    new_password: passwordFormatSchema,
  }),
  answer: okAnswer(emptyPayload),
};

/**
 * The companion app's signed login. Its fields are read as they come: a missing or malformed
 * one is a `Fail` answer (HTTP 200), never a 4000.
 */
export const signatureLogin = {
  ...ROUTES.signatureLogin,
  body: z
    .object({
      message: z.unknown().optional().meta({
        description: "base64url of JSON {mobile_phone_prefix, mobile_phone, issued_at, nonce}",
      }),
      signature: z.unknown().optional().meta({ description: "hex HMAC-SHA256 of `message`" }),
    })
    // Not an object at all: read as no fields, which fails as a missing field does.
    .catch({}),
  answer: z.discriminatedUnion("Status", [
    z.object({ Status: z.literal("Success"), Data: z.object({ access_token: z.string() }) }),
    z.object({ Status: z.literal("Fail"), Message: z.string() }),
  ]),
};
