import { registerTokenStatus, registerWithMobile, requestSmsToken } from "@hcoins/domain/api/registration";
import type { FastifyPluginAsync } from "fastify";
import { ok } from "../../errors.ts";
import { route } from "../../plugins/member-route.ts";
import type { Services } from "../../services.ts";
import { toUserInfo } from "../members/user-info.ts";
import { deviceIdOf } from "../referrals/device-id.ts";

export const registrationRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  route(app, requestSmsToken, async (request) => {
    const { mobile_phone_prefix: prefix, mobile_phone: phone } = request.body;
    return ok(
      await services.sms.send({ prefix, phone, purpose: "register" }, request.lang, request.ip, true),
    );
  });

  route(app, registerTokenStatus, async (request) => {
    const { mobile_phone_prefix: prefix, mobile_phone: phone, sms_token } = request.body;
    await services.sms.verify({ prefix, phone, purpose: "register" }, sms_token);
    return ok({ verified: true as const });
  });

  route(app, registerWithMobile, async (request) => {
    const { accessToken, member } = await services.registration.register(
      request.body,
      deviceIdOf(request.headers),
    );
    return ok({ access_token: accessToken, user: toUserInfo(member) });
  });
};
