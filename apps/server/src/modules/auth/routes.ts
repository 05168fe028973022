import { passwordFormatSchema } from "@hcoins/domain/password";
import { phoneFields, phoneSchema, withPhoneCheck } from "@hcoins/domain/phone";
import { smsCodeSchema } from "@hcoins/domain/sms-code";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../errors.ts";
import { requireMember } from "../../plugins/auth-header.ts";
import type { Services } from "../../services.ts";

const tags = ["auth"];
const presentPassword = z
  .string({ error: (issue) => (issue.input == null ? "passwordNull" : "invalid") })
  .min(1, "passwordNull")
  .max(128, "tooLong");

export const authRoutes: FastifyPluginAsync<{ services: Services }> = async (plugin, { services }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { auth } = services;

  app.post(
    "/crm/auth/login-with-mobile-password",
    {
      schema: {
        tags,
        summary: "Log in with mobile number and password",
        description:
          "5000 with `attempts_remaining` (4…1) on a failure; the LOGIN_MAX_FAILURES-th consecutive failure answers 4290 and locks the number for LOGIN_LOCK_SECONDS (`retry_after_seconds`); 4202 when the operator disabled the account. Unknown numbers fail and lock alike.",
        body: withPhoneCheck(z.object({ ...phoneFields, password: presentPassword })),
      },
    },
    async (request) => {
      const { mobile_phone_prefix: prefix, mobile_phone: phone, password } = request.body;
      return ok({ access_token: await auth.login(prefix, phone, password) });
    },
  );

  app.post(
    "/crm/auth/logout",
    { schema: { tags, summary: "Revoke the caller's access token" } },
    async (request) => {
      requireMember(request);
      await auth.logout(request.accessTokenHash as string);
      return ok({});
    },
  );

  app.post(
    "/crm/auth/forgot-password-with-mobile",
    {
      schema: {
        tags,
        summary: "Send a password reset code",
        description:
          "Answers the same whether or not the number is a member (only members get an SMS); the SMS limits count alike.",
        body: phoneSchema,
      },
    },
    async (request) => {
      const { mobile_phone_prefix: prefix, mobile_phone: phone } = request.body;
      return ok(await auth.forgotPassword(prefix, phone, request.lang, request.ip));
    },
  );

  app.post(
    "/crm/auth/reset-password-token-status",
    {
      schema: {
        tags,
        summary: "Exchange a reset code for a single-use reset token (valid RESET_TOKEN_TTL_SECONDS)",
        body: withPhoneCheck(z.object({ ...phoneFields, mobile_token: smsCodeSchema })),
      },
    },
    async (request) => {
      const { mobile_phone_prefix: prefix, mobile_phone: phone, mobile_token } = request.body;
      return ok({ reset_token: await auth.exchangeResetCode(prefix, phone, mobile_token) });
    },
  );

  app.post(
    "/crm/auth/reset-password",
    {
      schema: {
        tags,
        summary: "Set a new password with a reset token",
        description:
          "4201 for an unknown, used or expired token; a refused password (4000, 4207) leaves the token usable. Lifts the login lock and revokes every access token of the member.",
        body: z.object({
          token: z.string({ error: "required" }).min(1, "required").max(256, "tooLong"),
          new_password: passwordFormatSchema,
        }),
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.new_password);
      return ok({});
    },
  );

  app.post(
    "/crm/auth/signature-login",
    {
      schema: {
        tags,
        summary: "Exchange a signed message from the companion app for an access token",
        description:
          "`message` is base64url JSON {mobile_phone_prefix, mobile_phone, issued_at, nonce}; `signature` the hex HMAC-SHA256 of the message under SIGNATURE_LOGIN_SECRET. Always HTTP 200: `{Status: 'Success', Data: {access_token}}` or `{Status: 'Fail', Message}`.",
      },
    },
    async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      return auth.signatureLogin(body.message, body.signature);
    },
  );
};
