import { ERROR_MESSAGES, ErrorCode } from "@hcoins/domain/codes";
import { isBlank } from "@hcoins/domain/form-fields";
import { emailSchema } from "@hcoins/domain/payloads";
import { phoneFields, withPhoneCheck } from "@hcoins/domain/phone";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireMember } from "../../plugins/auth-header.ts";
import type { Services } from "../../services.ts";
import { COIN_MESSAGES, messageFields } from "./messages.ts";
import type { CoinCallOutcome, DuplicateReason } from "./service.ts";

const tags = ["H Coins"];
const BASE = "/custom-api/custom/cuapp/customer";

const messagesDoc = {
  msg_en: z.string(),
  msg_tc: z.string(),
  msg_sc: z.string(),
};
const coinCallResponse = z.object({
  code: z.number().int().meta({
    description:
      "200 linked (created or linked now, or already linked); 40020 no H Coins account for the member's number (link-hcoin-2 only: call hcoin-create); 40021 the number's account is linked to another member; 40022 the member is linked to a different account; 5030 the scheme timed out, was unreachable or failed — nothing changed, try again.",
  }),
  message: z.string().meta({ description: "msg_* in the request's language" }),
  payload: z.object({
    status_code: z.number().int().meta({ description: "101 linked; 999 no account; -1 failed" }),
    hcoins_memberno: z.string().nullable(),
    ...messagesDoc,
  }),
});

/** JSON bodies of these calls may be empty, with or without a Content-Type. */
const emptyBodyAllowed = z.object({}).loose().optional();

const DUPLICATE_TEXTS: Record<DuplicateReason, { en: string; tc: string; sc: string }> = {
  mobileRegistered: COIN_MESSAGES.registered,
  emailTaken: ERROR_MESSAGES[ErrorCode.emailTaken],
  hcoinsLinked: COIN_MESSAGES.hcoinsLinked,
};

function coinCallBody(request: FastifyRequest, outcome: CoinCallOutcome) {
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

  // "JSON, may be empty": an empty body sent as application/json is an empty object here, not a 400.
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, {});
    try {
      done(
        null,
        JSON.parse(text, (key, value) => (key === "__proto__" ? undefined : value)),
      );
    } catch (error) {
      (error as { statusCode?: number }).statusCode = 400;
      done(error as Error, undefined);
    }
  });

  app.post(
    `${BASE}/hcoin-check-linked`,
    {
      schema: {
        tags,
        summary: "The H Coins link status of a mobile number (guest or member)",
        description:
          "Always HTTP 200 with `payload.status_code`: 101 the number's H Coins account is linked to a member (`hcoins_memberno`; compare it with the member's `external_customer_id` — when the caller's token belongs to that member the server also completes `external_customer_id`); 100 an account exists, not linked; 999 no account; -1 the scheme refused or could not be reached (timeout COIN_SCHEME_TIMEOUT_MS, one retry), with the reason in `msg_en`, `msg_tc`, `msg_sc`.",
        body: withPhoneCheck(z.object({ ...phoneFields })),
        response: {
          200: z.object({
            code: z.literal(200),
            message: z.string(),
            payload: z.object({
              status_code: z.number().int(),
              hcoins_memberno: z.string().nullable(),
              ...messagesDoc,
            }),
          }),
        },
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
    `${BASE}/link-hcoin-2`,
    {
      schema: {
        tags,
        summary: "Link the H Coins account of the member's number to the member (idempotent)",
        description:
          "Member token required (401 for a guest). The body is ignored and may be empty. The scheme is linked first, then the member's `external_customer_id` is set to the H Coins number; when the scheme fails the member is untouched and a retry completes the link. Answers HTTP 200 with a `code` (see the response).",
        body: emptyBodyAllowed,
        response: { 200: coinCallResponse },
      },
    },
    async (request) => coinCallBody(request, await services.coins.link(requireMember(request))),
  );

  app.post(
    `${BASE}/hcoin-create`,
    {
      schema: {
        tags,
        summary: "Open an H Coins account for the member's number, linked to the member (idempotent)",
        description:
          "Member token required (401 for a guest). The body is ignored and may be empty. Creating twice, or concurrently, makes one account and one link; an existing unlinked account of the number is linked instead. Answers HTTP 200 with a `code` (see the response).",
        body: emptyBodyAllowed,
        response: { 200: coinCallResponse },
      },
    },
    async (request) => coinCallBody(request, await services.coins.create(requireMember(request))),
  );

  app.post(
    `${BASE}/hcoin-check-is-duplicate-reg`,
    {
      schema: {
        tags,
        summary: "Whether registering this number and email would duplicate a member",
        description:
          "`duplicate` is true when the number is a member already (`reason_code` mobileRegistered), the email is taken (emailTaken), or the number's H Coins account is linked to a member (hcoinsLinked); `reason` is the text in the request's language, empty when not a duplicate. `hcoin_status_code` is the number's link status (-1 when the scheme could not answer; that alone never makes a duplicate).",
        body: withPhoneCheck(
          z.object({
            ...phoneFields,
            email: z.preprocess((value) => (isBlank(value) ? undefined : value), emailSchema.optional()),
          }),
        ),
        response: {
          200: z.object({
            code: z.literal(200),
            payload: z.object({
              duplicate: z.boolean(),
              reason: z.string(),
              reason_code: z.enum(["mobileRegistered", "emailTaken", "hcoinsLinked"]).nullable(),
              hcoin_status_code: z.number().int(),
            }),
          }),
        },
      },
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
