import {
  type CoinCallAnswer,
  coinLinkCheck,
  createCoinAccount,
  type DuplicateReason,
  duplicateRegistrationCheck,
  linkCoinAccount,
} from "@hcoins/domain/api/coins";
import { serverPath } from "@hcoins/domain/api/routes";
import { ERROR_MESSAGES, ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireMember } from "../../plugins/auth-header.ts";
import { acceptEmptyJson } from "../../plugins/empty-json-body.ts";
import type { Services } from "../../services.ts";
import { LOOKUP_BUDGET_NOTE, spendsLookup } from "../members/lookup-budget.ts";
import { COIN_MESSAGES, messageFields } from "./messages.ts";
import type { CoinCallOutcome } from "./service.ts";

const tags = ["H Coins"];

const DUPLICATE_TEXTS: Record<DuplicateReason, { en: string; tc: string; sc: string }> = {
  mobileRegistered: COIN_MESSAGES.registered,
  emailTaken: ERROR_MESSAGES[ErrorCode.emailTaken],
  hcoinsLinked: COIN_MESSAGES.hcoinsLinked,
};

function coinCallBody(request: FastifyRequest, outcome: CoinCallOutcome): CoinCallAnswer {
  return {
    code: outcome.code,
    message: COIN_MESSAGES[outcome.message][request.lang],
    payload: {
      status_code: outcome.status_code,
      hcoins_memberno: outcome.hcoins_memberno,
      ...messageFields(outcome.message),
    },
  };
}

/** The custom API's H Coins calls: link check, link, create, and the duplicate check before registration. */
export const coinsRoutes: FastifyPluginAsync<{ services: Services }> = async (plugin, { services }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  acceptEmptyJson(plugin);

  app.post(
    serverPath(coinLinkCheck),
    {
      schema: {
        tags,
        summary: "The H Coins link status of a mobile number (guest or member)",
        description: `HTTP 200 with \`payload.status_code\`: 101 the number's H Coins account is linked to a member (\`hcoins_memberno\` only when the caller's token belongs to that member, null for a guest or another member; compare it with the member's \`external_customer_id\`, which the server completes when the link's answer was lost); 100 an account exists, not linked; 999 no account; -1 the scheme refused or could not be reached (timeout COIN_SCHEME_TIMEOUT_MS, one retry), with the reason in \`msg_en\`, \`msg_tc\`, \`msg_sc\`. ${LOOKUP_BUDGET_NOTE} A member's check of their own number is not counted.`,
        body: coinLinkCheck.body,
        response: { 200: coinLinkCheck.answer },
      },
      // A 101 says "a member": a guest's check is a membership lookup. A member's check of their own number is not.
      preHandler: async (request) => {
        const { mobile_phone_prefix: prefix, mobile_phone: phone } = request.body;
        const own = request.member?.mobile_phone_prefix === prefix && request.member.mobile_phone === phone;
        if (!own) await services.lookupBudget.spend(request.ip, "hcoin-check-linked");
      },
    },
    async (request) => {
      const check = await services.coins.checkLinked(
        request.body.mobile_phone_prefix,
        request.body.mobile_phone,
        request.member,
      );
      return {
        code: 200 as const,
        message: COIN_MESSAGES[check.message][request.lang],
        payload: {
          status_code: check.status_code,
          hcoins_memberno: check.hcoins_memberno,
          ...messageFields(check.message),
        },
      };
    },
  );

  app.post(
    serverPath(linkCoinAccount),
    {
      schema: {
        tags,
        summary: "Link the H Coins account of the member's number to the member (idempotent)",
        description:
          "Member token required (401 for a guest). The body is ignored and may be empty. The scheme is linked first, then the member's `external_customer_id` is set to the H Coins number; when the scheme fails the member is untouched and a retry completes the link. Answers HTTP 200 with a `code` (see the response).",
        body: linkCoinAccount.body,
        response: { 200: linkCoinAccount.answer },
      },
    },
    async (request) => coinCallBody(request, await services.coins.link(requireMember(request))),
  );

  app.post(
    serverPath(createCoinAccount),
    {
      schema: {
        tags,
        summary: "Open an H Coins account for the member's number, linked to the member (idempotent)",
        description:
          "Member token required (401 for a guest). The body is ignored and may be empty. Creating twice, or concurrently, makes one account and one link; an existing unlinked account of the number is linked instead. Answers HTTP 200 with a `code` (see the response).",
        body: createCoinAccount.body,
        response: { 200: createCoinAccount.answer },
      },
    },
    async (request) => coinCallBody(request, await services.coins.create(requireMember(request))),
  );

  app.post(
    serverPath(duplicateRegistrationCheck),
    {
      schema: {
        tags,
        summary: "Whether registering this number and email would duplicate a member",
        description: `\`duplicate\` is true when the number is a member already (\`reason_code\` mobileRegistered), the email is taken (emailTaken), or the number's H Coins account is linked to a member (hcoinsLinked); \`reason\` is the text in the request's language, empty when not a duplicate. \`hcoin_status_code\` is the number's link status (-1 when the scheme could not answer; that alone never makes a duplicate). ${LOOKUP_BUDGET_NOTE}`,
        body: duplicateRegistrationCheck.body,
        response: { 200: duplicateRegistrationCheck.answer },
      },
      preHandler: spendsLookup(services.lookupBudget, "hcoin-check-is-duplicate-reg"),
    },
    async (request) => {
      const { mobile_phone_prefix: prefix, mobile_phone: phone, email } = request.body;
      const { reason, hcoinStatus } = await services.coins.duplicateRegistration(
        prefix,
        phone,
        email,
        request.member,
      );
      return {
        code: 200 as const,
        payload: {
          duplicate: reason !== null,
          reason: reason === null ? "" : DUPLICATE_TEXTS[reason][request.lang],
          reason_code: reason,
          hcoin_status_code: hcoinStatus,
        },
      };
    },
  );
};
