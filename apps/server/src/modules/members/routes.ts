import { checkEmail, checkPhone, verifyMemberId } from "@hcoins/domain/api/member-checks";
import { ERROR_MESSAGES, ErrorCode, MEMBER_CHECK_MESSAGES, MemberCheckCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../plugins/member-route.ts";
import type { Services } from "../../services.ts";
import { type LookupCall, spendsLookup } from "./lookup-budget.ts";

const EMAIL_MESSAGES = {
  200: { en: "The email address is available.", tc: "此電郵地址可以使用。", sc: "此电子邮箱可以使用。" },
} as const;

/** The custom API's Member calls answer valid input with HTTP 200 and a domain code. */
export const memberRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const lookup = (call: LookupCall) => spendsLookup(services.lookupBudget, call);

  route(
    app,
    checkPhone,
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
    { preHandler: lookup("CheckPhone") },
  );

  route(
    app,
    checkEmail,
    async (request) => {
      const taken = await services.members.emailTaken(request.body.email, request.member?.id);
      const code = taken ? MemberCheckCode.emailTaken : MemberCheckCode.emailFree;
      const message = (taken ? ERROR_MESSAGES[ErrorCode.emailTaken] : EMAIL_MESSAGES[200])[request.lang];
      return { code, message, payload: {} };
    },
    { preHandler: lookup("CheckEmail") },
  );

  route(
    app,
    verifyMemberId,
    async (request) => {
      const exists = (await services.members.findByMemberNo(request.body.data)) !== undefined;
      return { code: 200 as const, message: "OK", payload: { exists } };
    },
    { preHandler: lookup("VerifyMemberId") },
  );
};
