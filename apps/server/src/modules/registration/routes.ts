import { registrationPayloadSchema } from "@hcoins/domain/payloads";
import { phoneFields, phoneSchema, withPhoneCheck } from "@hcoins/domain/phone";
import { smsCodeSchema } from "@hcoins/domain/sms-code";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { toUserInfo } from "../members/user-info.ts";
import { RegistrationService } from "./service.ts";

const tags = ["registration"];

export const registrationRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const registration = new RegistrationService(services);

  app.post(
    "/crm/registration/request-sms-token",
    {
      schema: {
        tags,
        summary: "Send a registration / verification code by SMS",
        description:
          "Throttled: one send per number and purpose per SMS_RESEND_SECONDS (4203), SMS_NUMBER_HOURLY_LIMIT per number across purposes and SMS_CLIENT_HOURLY_LIMIT per client address (4204). A new send replaces the previous code.",
        body: phoneSchema,
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
    "/crm/registration/register-token-status",
    {
      schema: {
        tags,
        summary: "Verify a registration code (repeatable while the code is live)",
        body: withPhoneCheck(z.object({ ...phoneFields, sms_token: smsCodeSchema })),
      },
    },
    async (request) => {
      const { mobile_phone_prefix: prefix, mobile_phone: phone, sms_token } = request.body;
      await services.sms.verify({ prefix, phone, purpose: "register" }, sms_token);
      return ok({ verified: true });
    },
  );

  app.post(
    "/crm/registration/register-with-mobile",
    {
      schema: {
        tags,
        summary: "Register a member with a verified code",
        description:
          "The code must have been verified by register-token-status within 30 minutes; registration uses it up. 4009 when the number is a member already, 40010 when the email is taken, 4207 for a common password.",
        body: registrationPayloadSchema,
      },
    },
    async (request) => {
      const { accessToken, member } = await registration.register(request.body);
      return ok({ access_token: accessToken, user: toUserInfo(member) });
    },
  );
};
