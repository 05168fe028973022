import { ERROR_MESSAGES, ErrorCode, MEMBER_CHECK_MESSAGES, MemberCheckCode } from "@hcoins/domain/codes";
import { emailSchema } from "@hcoins/domain/payloads";
import { phoneFields, withPhoneCheck } from "@hcoins/domain/phone";
import { smsCodeSchema } from "@hcoins/domain/sms-code";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Services } from "../../services.ts";

const tags = ["member checks"];
const EMAIL_MESSAGES = {
  200: { en: "The email address is available.", tc: "此電郵地址可以使用。", sc: "此电子邮箱可以使用。" },
} as const;

/** The custom API's Member calls answer valid input with HTTP 200 and a domain code. */
export const memberRoutes: FastifyPluginAsync<{ services: Services }> = async (plugin, { services }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/custom-api/api/Member/CheckPhone",
    {
      schema: {
        tags,
        summary: "What the number is to the programme",
        description:
          "40002 the number may not register (blocked); 40003 not registered; 40005 an app member who has not finished web registration (no complete profile or no password) — with a register code verified in the last 30 minutes, `payload.access_token` is a session for that member (the code is not used up); 40006 registered.",
        body: withPhoneCheck(z.object({ ...phoneFields, sms_token: smsCodeSchema.optional() })),
      },
    },
    async (request) => {
      const { mobile_phone_prefix: prefix, mobile_phone: phone, sms_token } = request.body;
      const check = await services.members.checkPhone(prefix, phone);
      const payload: { access_token?: string } = {};
      if (check.code === MemberCheckCode.appMemberIncomplete && sms_token && !check.member.disabled) {
        const verified = await services.sms.checkVerified({ prefix, phone, purpose: "register" }, sms_token);
        if (verified !== null) payload.access_token = await services.accessTokens.issue(check.member.id);
      }
      return { code: check.code, message: MEMBER_CHECK_MESSAGES[check.code][request.lang], payload };
    },
  );

  app.post(
    "/custom-api/api/Member/CheckEmail",
    {
      schema: {
        tags,
        summary: "Whether an email address is free (200) or taken (40010)",
        body: z.object({ email: emailSchema }),
      },
    },
    async (request) => {
      const taken = await services.members.emailTaken(request.body.email, request.member?.id);
      const code = taken ? MemberCheckCode.emailTaken : MemberCheckCode.emailFree;
      const message = (taken ? ERROR_MESSAGES[ErrorCode.emailTaken] : EMAIL_MESSAGES[200])[request.lang];
      return { code, message, payload: {} };
    },
  );

  app.post(
    "/custom-api/api/Member/VerifyMemberId",
    {
      schema: {
        tags,
        summary: "Whether a member number exists (for the companion app)",
        body: z.object({
          // A numeric member number may arrive as a JSON number, like every code of the contract.
          data: z.preprocess(
            (value) =>
              typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? String(value) : value,
            z
              .string({ error: (issue) => (issue.input == null ? "required" : "invalid") })
              .trim()
              .min(1, "required")
              .max(32, "tooLong"),
          ),
        }),
      },
    },
    async (request) => {
      const exists = (await services.members.findByMemberNo(request.body.data)) !== undefined;
      return { code: 200, message: "OK", payload: { exists } };
    },
  );
};
