import { registerTokenStatus, registerWithMobile, requestSmsToken } from "@hcoins/domain/api/registration";
import { serverPath } from "@hcoins/domain/api/routes";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { toUserInfo } from "../members/user-info.ts";

const tags = ["registration"];

export const registrationRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    serverPath(requestSmsToken),
    {
      schema: {
        tags,
        summary: "Send a registration / verification code by SMS",
        description:
          "Only to a mobile number of its prefix (else 4000, rule mobileNotMobile, before any limit counts). Throttled: one send per number and purpose per SMS_RESEND_SECONDS (4203), SMS_NUMBER_CLIENT_HOURLY_LIMIT per number from one client address, SMS_NUMBER_HOURLY_LIMIT per number from every address and SMS_CLIENT_HOURLY_LIMIT per client address, across purposes (4204), SMS_TOTAL_HOURLY_LIMIT for the whole deployment (4208); a refused call counts as no send. A new send replaces the previous code.",
        body: requestSmsToken.body,
        response: { 200: requestSmsToken.answer },
      },
    },
    async (request) => {
      const { mobile_phone_prefix: prefix, mobile_phone: phone } = request.body;
      return ok(
        await services.sms.send({ prefix, phone, purpose: "register" }, request.lang, request.ip, true),
      );
    },
  );

  app.post(
    serverPath(registerTokenStatus),
    {
      schema: {
        tags,
        summary: "Verify a registration code (repeatable while the code is live)",
        body: registerTokenStatus.body,
        response: { 200: registerTokenStatus.answer },
      },
    },
    async (request) => {
      const { mobile_phone_prefix: prefix, mobile_phone: phone, sms_token } = request.body;
      await services.sms.verify({ prefix, phone, purpose: "register" }, sms_token);
      return ok({ verified: true as const });
    },
  );

  app.post(
    serverPath(registerWithMobile),
    {
      schema: {
        tags,
        summary: "Register a member with a verified code",
        description:
          "The code must have been verified by register-token-status within 30 minutes; registration uses it up. 4009 when the number is a member already, 40010 when the email is taken, 4207 for a common password.",
        body: registerWithMobile.body,
        response: { 200: registerWithMobile.answer },
      },
    },
    async (request) => {
      const { accessToken, member } = await services.registration.register(request.body);
      return ok({ access_token: accessToken, user: toUserInfo(member) });
    },
  );
};
