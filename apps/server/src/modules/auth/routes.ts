import {
  exchangeResetCode,
  forgotPassword,
  login,
  logout,
  resetPassword,
  signatureLogin,
} from "@hcoins/domain/api/auth";
import { serverPath } from "@hcoins/domain/api/routes";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import { requireMember } from "../../plugins/auth-header.ts";
import type { Services } from "../../services.ts";
import { deviceCookieOf, setDeviceCookie } from "./device-cookie-header.ts";

const tags = ["auth"];

export const authRoutes: FastifyPluginAsync<{ services: Services }> = async (plugin, { services }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { auth } = services;

  app.post(
    serverPath(login),
    {
      schema: {
        tags,
        summary: "Log in with mobile number and password",
        description:
          "5000 with `attempts_remaining` (4…1) on a failure; the LOGIN_MAX_FAILURES-th consecutive failure of a number from one client address answers 4290 and locks the number for that address for LOGIN_LOCK_SECONDS (`retry_after_seconds`). Two ceilings lock alike within LOGIN_LOCK_SECONDS: LOGIN_NUMBER_MAX_FAILURES failures of the number from every address (locks it for everyone) and LOGIN_CLIENT_MAX_FAILURES failures of the address on every number; `attempts_remaining` is the fewest any of them leaves. 4202 when the operator disabled the account. Unknown numbers fail and lock alike.",
        body: login.body,
        response: { 200: login.answer },
      },
    },
    async (request, reply) => {
      const { mobile_phone_prefix: prefix, mobile_phone: phone, password } = request.body;
      const device = deviceCookieOf(request);
      const result = await auth.login(prefix, phone, password, request.ip, device);
      setDeviceCookie(request, reply, result.deviceCookie, auth.devices.lifetimeSeconds);
      return ok({ access_token: result.accessToken });
    },
  );

  app.post(
    serverPath(logout),
    { schema: { tags, summary: "Revoke the caller's access token", response: { 200: logout.answer } } },
    async (request) => {
      requireMember(request);
      await auth.logout(request.accessTokenHash as string);
      return ok({});
    },
  );

  app.post(
    serverPath(forgotPassword),
    {
      schema: {
        tags,
        summary: "Send a password reset code",
        description:
          "Answers the same whether or not the number is a member (only members get an SMS); the SMS limits of request-sms-token count alike, and a number that is not a mobile number gets its 4000 (mobileNotMobile) either way.",
        body: forgotPassword.body,
        response: { 200: forgotPassword.answer },
      },
    },
    async (request) => {
      const { mobile_phone_prefix: prefix, mobile_phone: phone } = request.body;
      return ok(await auth.forgotPassword(prefix, phone, request.lang, request.ip, deviceCookieOf(request)));
    },
  );

  app.post(
    serverPath(exchangeResetCode),
    {
      schema: {
        tags,
        summary: "Exchange a reset code for a single-use reset token (valid RESET_TOKEN_TTL_SECONDS)",
        body: exchangeResetCode.body,
        response: { 200: exchangeResetCode.answer },
      },
    },
    async (request) => {
      const { mobile_phone_prefix: prefix, mobile_phone: phone, mobile_token } = request.body;
      return ok({ reset_token: await auth.exchangeResetCode(prefix, phone, mobile_token) });
    },
  );

  app.post(
    serverPath(resetPassword),
    {
      schema: {
        tags,
        summary: "Set a new password with a reset token",
        description:
          "4201 for an unknown, used or expired token; a refused password (4000, 4207) leaves the token usable. Lifts the number's login locks (its ceiling across addresses and its lock for the caller's address) and the change-password lock, and revokes every access token of the member.",
        body: resetPassword.body,
        response: { 200: resetPassword.answer },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.new_password, request.ip);
      return ok({});
    },
  );

  app.post(
    serverPath(signatureLogin),
    {
      schema: {
        tags,
        summary: "Exchange a signed message from the companion app for an access token",
        description:
          "`message` is base64url JSON {mobile_phone_prefix, mobile_phone, issued_at, nonce}; `signature` the hex HMAC-SHA256 of the message under SIGNATURE_LOGIN_SECRET. Always HTTP 200: `{Status: 'Success', Data: {access_token}}` or `{Status: 'Fail', Message}`.",
        body: signatureLogin.body,
        response: { 200: signatureLogin.answer },
      },
    },
    async (request) => auth.signatureLogin(request.body.message, request.body.signature),
  );
};
