import {
  type CoinCallAnswer,
  coinLinkCheck,
  createCoinAccount,
  type DuplicateReason,
  duplicateRegistrationCheck,
  linkCoinAccount,
} from "@hcoins/domain/api/coins";
import { ERROR_MESSAGES, ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { requireMember } from "../../plugins/auth-header.ts";
import { acceptEmptyJson } from "../../plugins/empty-json-body.ts";
import { route } from "../../plugins/member-route.ts";
import type { Services } from "../../services.ts";
import { spendsLookup } from "../members/lookup-budget.ts";
import { COIN_MESSAGES, messageFields } from "./messages.ts";
import type { CoinCallOutcome } from "./service.ts";

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
export const coinsRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  acceptEmptyJson(app);

  route(
    app,
    coinLinkCheck,
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
    {
      // A 101 says "a member": a guest's check is a membership lookup. A member's check of their own number is not.
      preHandler: async (request) => {
        const { mobile_phone_prefix: prefix, mobile_phone: phone } = request.body;
        const own = request.member?.mobile_phone_prefix === prefix && request.member.mobile_phone === phone;
        if (!own) await services.lookupBudget.spend(request.ip, "hcoin-check-linked");
      },
    },
  );

  route(app, linkCoinAccount, async (request) =>
    coinCallBody(request, await services.coins.link(requireMember(request))),
  );

  route(app, createCoinAccount, async (request) =>
    coinCallBody(request, await services.coins.create(requireMember(request))),
  );

  route(
    app,
    duplicateRegistrationCheck,
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
    { preHandler: spendsLookup(services.lookupBudget, "hcoin-check-is-duplicate-reg") },
  );
};
