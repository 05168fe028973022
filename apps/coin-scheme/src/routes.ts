import { isCalendarDate, multiplierHundredths, parseAmountCents } from "@hcoins/domain/earn-rules";
import { phoneFields, withPhoneCheck } from "@hcoins/domain/phone";
import { envelopeErrorHandler } from "@hcoins/server-kit/error-envelope";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ApiClient, type ApiScope, authenticateApiKey } from "./api-keys.ts";
import {
  accountLookupResponse,
  bonusDayRemoveResponse,
  bonusDaySetResponse,
  bonusDaysResponse,
  createAccountResponse,
  envelope,
  ledgerResponse,
  linkResponse,
  storeResponse,
  transactionResponse,
} from "./api-schemas.ts";
import { SCHEME_ENVELOPE, SchemeError, SchemeErrorCode } from "./errors.ts";
import { holderAnonymiseResponse, holderExportResponse } from "./holders.ts";
import type { CoinSchemeService } from "./service.ts";

export const COIN_SCHEME_PREFIX = "/coin-scheme/v1";

/** The OpenAPI security scheme of these routes; each app that serves them lists it in its components. */
export const coinSchemeSecuritySchemes = {
  coinSchemeApiKey: {
    type: "apiKey" as const,
    in: "header" as const,
    name: "X-Api-Key",
    description:
      "One key per client (the member server, each POS), from COIN_SCHEME_API_KEYS. A key with scope `till` may only earn, refund and read.",
  },
};

export interface CoinSchemeRoutesOptions {
  scheme: CoinSchemeService;
  clients: readonly ApiClient[];
}

const tags = ["coin scheme"];
const security = [{ coinSchemeApiKey: [] }];
const clientOf = new WeakMap<FastifyRequest, ApiClient>();

const ok = <T>(payload: T) => ({ code: 200 as const, payload });

const code = (rule: string, max: number, pattern: RegExp) =>
  z.preprocess(
    (value) => (typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value),
    z
      .string({ error: (issue) => (issue.input == null ? "required" : "invalid") })
      .trim()
      .min(1, "required")
      .max(max, "tooLong")
      .regex(pattern, rule),
  );
const storeCode = code("storeCodeInvalid", 32, /^[A-Za-z0-9_-]+$/);
const receiptNo = code("receiptNoInvalid", 64, /^[\x21-\x7e]+$/);
const memberRef = code("memberRefInvalid", 64, /^[^\s,]+$/);
const hcoinsMemberNo = z.string().regex(/^HC\d{10}$/, "hcoinsMembernoInvalid");

/** HKD as "123.45" or 123.45, carried as integer cents; the domain's amount rules name the problem. */
const amount = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null || value === "") {
    ctx.addIssue({ code: "custom", message: "required" });
    return z.NEVER;
  }
  const parsed = parseAmountCents(value);
  if ("rule" in parsed) {
    ctx.addIssue({ code: "custom", message: parsed.rule });
    return z.NEVER;
  }
  return parsed.cents;
});
const amountDoc = {
  type: "string",
  example: "123.45",
  description: "HKD, at most two decimals; a number is accepted too",
};

const requireScope = (request: FastifyRequest, scope: ApiScope) => {
  const client = clientOf.get(request) as ApiClient;
  if (scope === "all" && client.scope !== "all") throw new SchemeError(SchemeErrorCode.forbidden);
  return client;
};

/**
 * The H Coins scheme's HTTP API, for the member server (accounts and links) and the
 * tills (earning and refunds). Every call needs an `X-Api-Key`. Served by the
 * standalone scheme (`npm run coin-scheme`) and, when the scheme is embedded, by the
 * member server at the same paths.
 */
export const coinSchemeRoutes: FastifyPluginAsync<CoinSchemeRoutesOptions> = async (
  plugin,
  { scheme, clients },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  // Its own codes within its routes, so that the member server's handler and codes stay untouched when embedded.
  app.setErrorHandler(envelopeErrorHandler(SCHEME_ENVELOPE));

  app.addHook("onRequest", async (request) => {
    const presented = request.headers["x-api-key"];
    const client = authenticateApiKey(clients, typeof presented === "string" ? presented : undefined);
    if (!client) throw new SchemeError(SchemeErrorCode.unauthenticated);
    clientOf.set(request, client);
  });

  app.get(
    `${COIN_SCHEME_PREFIX}/accounts`,
    {
      schema: {
        tags,
        security,
        summary: "Find an account by mobile number, linked member or H Coins number",
        description:
          "Give `mobile_phone_prefix` and `mobile_phone`, or `member_ref`, or `hcoins_memberno`. `account` is null when there is none (never a 404, so a wrong URL cannot pass for “no account”).",
        querystring: z
          .object({
            mobile_phone_prefix: phoneFields.mobile_phone_prefix.optional(),
            mobile_phone: phoneFields.mobile_phone.optional(),
            member_ref: memberRef.optional(),
            hcoins_memberno: z.string().max(32, "tooLong").optional(),
          })
          .refine(
            (query) =>
              [
                query.mobile_phone !== undefined,
                query.member_ref !== undefined,
                query.hcoins_memberno !== undefined,
              ].filter(Boolean).length === 1 &&
              (query.mobile_phone === undefined) === (query.mobile_phone_prefix === undefined),
            { message: "oneLookup" },
          ),
        response: { 200: envelope(accountLookupResponse) },
      },
    },
    async (request) => {
      const query = request.query;
      const account =
        query.mobile_phone !== undefined && query.mobile_phone_prefix !== undefined
          ? await scheme.accountByPhone(query.mobile_phone_prefix, query.mobile_phone)
          : query.member_ref !== undefined
            ? await scheme.accountByMemberRef(query.member_ref)
            : await scheme.accountByMemberNo(query.hcoins_memberno as string);
      return ok({ account });
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/accounts`,
    {
      schema: {
        tags,
        security,
        summary: "Create the account of a mobile number (idempotent), optionally linked to a member",
        description:
          "Answers the number's existing account when there is one (`created: false`). With `member_ref` the account is linked to that member — in the same insert for a new account; 6010 when the number's account is linked to another member, 6011 when the member is linked to another account. Needs a key without scope `till`.",
        body: withPhoneCheck(z.object({ ...phoneFields, member_ref: memberRef.optional() })),
        response: { 200: envelope(createAccountResponse) },
      },
    },
    async (request) => {
      const client = requireScope(request, "all");
      const { mobile_phone_prefix: prefix, mobile_phone: phone, member_ref } = request.body;
      return ok(await scheme.createAccount({ prefix, phone, memberRef: member_ref, client: client.name }));
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/link`,
    {
      schema: {
        tags,
        security,
        summary: "Link an account to a programme member (idempotent)",
        description:
          "Linking again to the same member changes nothing (`linked_now: false`). 6004 no such account; 6010 the account is linked to another member; 6011 the member is linked to another account. Needs a key without scope `till`.",
        params: z.object({ hcoins_memberno: hcoinsMemberNo }),
        body: z.object({ member_ref: memberRef }),
        response: { 200: envelope(linkResponse) },
      },
    },
    async (request) => {
      const client = requireScope(request, "all");
      return ok(await scheme.link(request.params.hcoins_memberno, request.body.member_ref, client.name));
    },
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/ledger`,
    {
      schema: {
        tags,
        security,
        summary: "An account's balance and ledger, newest first",
        params: z.object({ hcoins_memberno: hcoinsMemberNo }),
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
        response: { 200: envelope(ledgerResponse) },
      },
    },
    async (request) => ok(await scheme.ledger(request.params.hcoins_memberno, request.query.limit)),
  );

  // A holder is named in a body, not the URL, so that request logs carry no mobile number.
  const holderBody = withPhoneCheck(z.object({ ...phoneFields, member_ref: memberRef }));
  const holderOf = (body: z.infer<typeof holderBody>) => ({
    memberRef: body.member_ref,
    prefix: body.mobile_phone_prefix,
    phone: body.mobile_phone,
  });

  app.post(
    `${COIN_SCHEME_PREFIX}/holders/export`,
    {
      schema: {
        tags,
        security,
        summary: "Everything held about a member and their number (data access request)",
        description:
          "The account linked to `member_ref` and an unlinked account of the number, each with every ledger entry (oldest first) and its balance. An account of the number linked to another member is not included. Needs a key without scope `till`.",
        body: holderBody,
        response: { 200: envelope(holderExportResponse) },
      },
    },
    async (request) => {
      requireScope(request, "all");
      return ok(await scheme.holderData(holderOf(request.body)));
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/holders/erase`,
    {
      schema: {
        tags,
        security,
        summary: "Anonymise a member's accounts (erasure); their ledgers stay",
        description:
          "The accounts of `/holders/export` lose their mobile number and member link, in one transaction; transactions keep their amounts and dates, so balances still equal the ledger. Idempotent: a second call answers no accounts. Needs a key without scope `till`.",
        body: holderBody,
        response: { 200: envelope(holderAnonymiseResponse) },
      },
    },
    async (request) => {
      requireScope(request, "all");
      return ok(await scheme.eraseHolder(holderOf(request.body)));
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/purchases`,
    {
      schema: {
        tags,
        security,
        summary: "Earn H Coins for a purchase at the till",
        description: [
          "`qr_text` is the member QR code as scanned: `<member_no or id>,0,<MM>,<unix seconds>`; the member must be linked to an H Coins account (else 6003). The code is refused when older than 3 minutes (6001) or more than 1 minute in the future (6002).",
          "Coins: 1 per whole HKD of `net_amount`, plus 1 per whole HKD of `electronic_amount` when the store is a partner-property store; in the member's birth month (the QR code's month, Hong Kong time) the birthday bonus adds base × (COIN_BIRTHDAY_MULTIPLIER − 1), on a bonus day the holiday bonus adds base × (multiplier − 1).",
          "Amounts: HKD with at most two decimals, not negative (`amountNegative`), at most 1,000,000 (`amountTooLarge`); `electronic_amount` (default 0) may not exceed `net_amount` (`electronicExceedsNet`).",
          "A receipt (store code + receipt number) credits once: sending it again for the same member and amounts answers the first result with `duplicate: true`; for another member or amount, 6009.",
        ].join("\n\n"),
        body: z.object({
          qr_text: z.string({ error: "required" }).min(1, "required").max(200, "tooLong"),
          store_code: storeCode,
          receipt_no: receiptNo,
          net_amount: amount.meta(amountDoc),
          electronic_amount: amount.optional().default(0).meta(amountDoc),
        }),
        response: { 200: envelope(transactionResponse) },
      },
    },
    async (request) => {
      const client = requireScope(request, "till");
      const body = request.body;
      return ok(
        await scheme.purchase({
          qrText: body.qr_text,
          storeCode: body.store_code,
          receiptNo: body.receipt_no,
          netCents: body.net_amount,
          electronicCents: body.electronic_amount,
          client: client.name,
        }),
      );
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/refunds`,
    {
      schema: {
        tags,
        security,
        summary: "Refund a receipt: reverses exactly the coins it earned",
        description:
          "The whole receipt is reversed, bonuses included, with the multipliers of the day it earned. 6005 when the receipt earned nothing here; a second refund of a receipt answers the first with `duplicate: true`.",
        body: z.object({ store_code: storeCode, receipt_no: receiptNo }),
        response: { 200: envelope(transactionResponse) },
      },
    },
    async (request) => {
      const client = requireScope(request, "till");
      return ok(
        await scheme.refund({
          storeCode: request.body.store_code,
          receiptNo: request.body.receipt_no,
          client: client.name,
        }),
      );
    },
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/stores/:store_code`,
    {
      schema: {
        tags,
        security,
        summary: "Flag a store as a partner-property store (electronic payment earns extra) or not",
        params: z.object({ store_code: storeCode }),
        body: z.object({ partner_property: z.boolean({ error: "required" }) }),
        response: { 200: envelope(storeResponse) },
      },
    },
    async (request) => {
      requireScope(request, "all");
      return ok(await scheme.setPartnerStore(request.params.store_code, request.body.partner_property));
    },
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/bonus-days`,
    {
      schema: {
        tags,
        security,
        summary: "The birthday multiplier and every holiday bonus day",
        response: { 200: envelope(bonusDaysResponse) },
      },
    },
    async () => ok(await scheme.bonusDays()),
  );

  const dateParams = z.object({
    date: z.string().refine(isCalendarDate, "dateInvalid"),
  });

  app.put(
    `${COIN_SCHEME_PREFIX}/bonus-days/:date`,
    {
      schema: {
        tags,
        security,
        summary: "Set a holiday bonus day (Hong Kong date) and its multiplier",
        params: dateParams,
        body: z.object({
          multiplier: z
            .union([z.string(), z.number()], { error: "required" })
            .transform((value, ctx) => {
              const hundredths = multiplierHundredths(value);
              if (hundredths === null) {
                ctx.addIssue({ code: "custom", message: "multiplierInvalid" });
                return z.NEVER;
              }
              return hundredths;
            })
            .meta({ type: "string", example: "2", description: "1 to 10, at most two decimals" }),
        }),
        response: { 200: envelope(bonusDaySetResponse) },
      },
    },
    async (request) => {
      requireScope(request, "all");
      return ok(await scheme.setBonusDay(request.params.date, request.body.multiplier));
    },
  );

  app.delete(
    `${COIN_SCHEME_PREFIX}/bonus-days/:date`,
    {
      schema: {
        tags,
        security,
        summary: "Remove an operator's holiday bonus day",
        params: dateParams,
        response: { 200: envelope(bonusDayRemoveResponse) },
      },
    },
    async (request) => {
      requireScope(request, "all");
      return ok(await scheme.removeBonusDay(request.params.date));
    },
  );
};
