import {
  exchangeResetCode,
  forgotPassword,
  login,
  logout,
  resetPassword,
  signatureLogin,
} from "@hcoins/domain/api/auth";
import type { FastifyPluginAsync } from "fastify";
import { ok } from "../../errors.ts";
import { requireMember } from "../../plugins/auth-header.ts";
import { route } from "../../plugins/member-route.ts";
import type { Services } from "../../services.ts";
import { deviceCookieOf, setDeviceCookie } from "./device-cookie-header.ts";

export const authRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { auth } = services;

  route(app, login, async (request, reply) => {
    const { mobile_phone_prefix: prefix, mobile_phone: phone, password } = request.body;
    const result = await auth.login(prefix, phone, password, request.ip, deviceCookieOf(request));
    setDeviceCookie(request, reply, result.deviceCookie, auth.devices.lifetimeSeconds);
    return ok({ access_token: result.accessToken });
  });

  route(app, logout, async (request) => {
    requireMember(request);
    await auth.logout(request.accessTokenHash as string);
    return ok({});
  });

  route(app, forgotPassword, async (request) => {
    const { mobile_phone_prefix: prefix, mobile_phone: phone } = request.body;
    return ok(await auth.forgotPassword(prefix, phone, request.lang, request.ip, deviceCookieOf(request)));
  });

  route(app, exchangeResetCode, async (request) => {
    const { mobile_phone_prefix: prefix, mobile_phone: phone, mobile_token } = request.body;
    return ok({ reset_token: await auth.exchangeResetCode(prefix, phone, mobile_token) });
  });

  route(app, resetPassword, async (request) => {
    await auth.resetPassword(request.body.token, request.body.new_password, request.ip);
    return ok({});
  });

  route(app, signatureLogin, async (request) =>
    auth.signatureLogin(request.body.message, request.body.signature),
  );
};
