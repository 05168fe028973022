import { z } from "zod";
import { passwordFormatSchema } from "../password.ts";
import { phoneFields, phoneSchema, withPhoneCheck } from "../phone.ts";
import { smsCodeSchema } from "../sms-code.ts";
import { emptyPayload, okAnswer } from "./envelope.ts";
import { presentPassword } from "./profile.ts";
import { smsSentSchema } from "./registration.ts";
import { crm } from "./routes.ts";

const tags = ["auth"];

export const login = {
  ...crm("POST", "/auth/login-with-mobile-password", "guest"),
  tags,
  summary: "Log in with mobile number and password",
  description:
    "5000 with `attempts_remaining` (4…1) on a failure; the LOGIN_MAX_FAILURES-th consecutive failure of a number from one client address answers 4290 and locks the number for that address for LOGIN_LOCK_SECONDS (`retry_after_seconds`). Two ceilings lock alike within LOGIN_LOCK_SECONDS: LOGIN_NUMBER_MAX_FAILURES failures of the number from every address (locks it for everyone) and LOGIN_CLIENT_MAX_FAILURES failures of the address on every number; `attempts_remaining` is the fewest any of them leaves. 4202 when the operator disabled the account. Unknown numbers fail and lock alike. A successful login sets the device cookie (`hcoins-device`, `__Secure-hcoins-device` over https; HttpOnly, SameSite=Strict, Path=/crm/auth): a later login that sends it for the same number counts its failures on that device alone (DEVICE_LOGIN_MAX_FAILURES) and is not refused by the locks strangers caused.",
  body: withPhoneCheck(z.object({ ...phoneFields, password: presentPassword })),
  answer: okAnswer(z.object({ access_token: z.string() })),
};

export const logout = {
  ...crm("POST", "/auth/logout", "member"),
  tags,
  summary: "Revoke the caller's access token",
  answer: okAnswer(emptyPayload),
};

export const forgotPassword = {
  ...crm("POST", "/auth/forgot-password-with-mobile", "guest"),
  tags,
  summary: "Send a password reset code",
  description:
    "Answers the same whether or not the number is a member (only members get an SMS); the SMS limits of request-sms-token count alike, and a number that is not a mobile number gets its 4000 (mobileNotMobile) either way. With the device cookie of an earlier login on this number, the code counts on that device's allowance (SMS_DEVICE_HOURLY_LIMIT) instead of the number's limits.",
  body: phoneSchema,
  answer: okAnswer(smsSentSchema),
};

export const exchangeResetCode = {
  ...crm("POST", "/auth/reset-password-token-status", "guest"),
  tags,
  summary: "Exchange a reset code for a single-use reset token (valid RESET_TOKEN_TTL_SECONDS)",
  body: withPhoneCheck(z.object({ ...phoneFields, mobile_token: smsCodeSchema })),
  answer: okAnswer(z.object({ reset_token: z.string() })),
};

export const resetPassword = {
  ...crm("POST", "/auth/reset-password", "guest"),
  tags,
  summary: "Set a new password with a reset token",
  description:
    "4201 for an unknown, used or expired token; a refused password (4000, 4207) leaves the token usable. Lifts the number's login locks (its ceiling across addresses and its lock for the caller's address) and the change-password lock, and revokes every access token of the member.",
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
  ...crm("POST", "/auth/signature-login", "guest"),
  tags,
  summary: "Exchange a signed message from the companion app for an access token",
  description:
    "`message` is base64url JSON {mobile_phone_prefix, mobile_phone, issued_at, nonce}; `signature` the hex HMAC-SHA256 of the message under SIGNATURE_LOGIN_SECRET. Always HTTP 200: `{Status: 'Success', Data: {access_token}}` or `{Status: 'Fail', Message}`.",
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
