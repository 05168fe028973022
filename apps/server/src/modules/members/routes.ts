import { checkEmail, checkPhone, verifyMemberId } from "@hcoins/domain/api/member-checks";
import { serverPath } from "@hcoins/domain/api/routes";
import { ERROR_MESSAGES, ErrorCode, MEMBER_CHECK_MESSAGES, MemberCheckCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Services } from "../../services.ts";
import { LOOKUP_BUDGET_NOTE as BUDGET, type LookupCall, spendsLookup } from "./lookup-budget.ts";

const tags = ["member checks"];
const EMAIL_MESSAGES = {
  200: { en: "The email address is available.", tc: "此電郵地址可以使用。", sc: "此电子邮箱可以使用。" },
} as const;

/** The custom API's Member calls answer valid input with HTTP 200 and a domain code. */
export const memberRoutes: FastifyPluginAsync<{ services: Services }> = async (plugin, { services }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const lookup = (call: LookupCall) => spendsLookup(services.lookupBudget, call);

  app.post(
    serverPath(checkPhone),
    {
      schema: {
        tags,
        summary: "What the number is to the programme",
        description: `40002 the number may not register (blocked); 40003 not registered; 40005 an app member who has not finished web registration (no complete profile or no password) — with a register code verified in the last 30 minutes, \`payload.access_token\` is a session for that member (the code is not used up); 40006 registered. ${BUDGET}`,
        body: checkPhone.body,
        response: { 200: checkPhone.answer },
      },
      preHandler: lookup("CheckPhone"),
    },
    async (request) => {
      const { mobile_phone_prefix: prefix, mobile_phone: phone, sms_token } = request.body;
      const check = await services.members.checkPhone(prefix, phone);
      const payload: { access_token?: string } = {};
      if (check.code === MemberCheckCode.appMemberIncomplete && sms_token && !check.member.disabled) {
        const verified = await services.sms.checkVerified({ prefix, phone, purpose: "register" }, sms_token);
        if (verified !== null)
          payload.access_token = await services.members.issueAccessToken(check.member.id);
      }
      return { code: check.code, message: MEMBER_CHECK_MESSAGES[check.code][request.lang], payload };
    },
  );

  app.post(
    serverPath(checkEmail),
    {
      schema: {
        tags,
        summary: "Whether an email address is free (200) or taken (40010)",
        description: BUDGET,
        body: checkEmail.body,
        response: { 200: checkEmail.answer },
      },
      preHandler: lookup("CheckEmail"),
    },
    async (request) => {
      const taken = await services.members.emailTaken(request.body.email, request.member?.id);
      const code = taken ? MemberCheckCode.emailTaken : MemberCheckCode.emailFree;
      const message = (taken ? ERROR_MESSAGES[ErrorCode.emailTaken] : EMAIL_MESSAGES[200])[request.lang];
      return { code, message, payload: {} };
    },
  );

  app.post(
    serverPath(verifyMemberId),
    {
      schema: {
        tags,
        summary: "Whether a member number exists (for the companion app)",
        description: BUDGET,
        body: verifyMemberId.body,
        response: { 200: verifyMemberId.answer },
      },
      preHandler: lookup("VerifyMemberId"),
    },
    async (request) => {
      const exists = (await services.members.findByMemberNo(request.body.data)) !== undefined;
      return { code: 200 as const, message: "OK", payload: { exists } };
    },
  );
};
