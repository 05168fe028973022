import { BRAND_CODE_PATTERN } from "@hcoins/domain/api/console-stores";
import { multiplierHundredths, parseAmountCents } from "@hcoins/domain/earn-rules";
import type { FastifyInstance, FastifyRequest, FastifySchema, RawServerDefault } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiClient, ApiScope } from "../api-keys.ts";
import { SchemeError, SchemeErrorCode } from "../errors.ts";

/** What every group of the scheme's routes shares: its app type, route declarations, request fields and the caller. */

export type SchemeApp = FastifyInstance<
  RawServerDefault,
  // biome-ignore lint/suspicious/noExplicitAny: Fastify's own defaults for the request and reply types
  any,
  // biome-ignore lint/suspicious/noExplicitAny: as above
  any,
  FastifyInstance["log"],
  ZodTypeProvider
>;

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Which keys may call a route of the scheme: "all" a full-scope key only (the member server, a
     * back office), "till" a till key too. Declared by schemeRoute and checked with the key, before
     * the body is read; a route of the scheme's tree without it answers 4030 to every key.
     */
    schemeAccess?: ApiScope;
  }
}

export const COIN_SCHEME_PREFIX = "/coin-scheme/v1";
const tags = ["coin scheme"];
const security = [{ coinSchemeApiKey: [] }];

/** A route's options: who may call it (checked in the route tree's onRequest hook), and its schemas. */
export function schemeRoute<S extends FastifySchema>(access: ApiScope, schema: S) {
  return { config: { schemeAccess: access }, schema: { tags, security, ...schema } };
}

export const ok = <T>(payload: T) => ({ code: 200 as const, payload });

const clientOf = new WeakMap<FastifyRequest, ApiClient>();

/**
 * The caller's key, when it may call the route (its declared access); 4030 otherwise, and for a
 * route that declares none. Run by the route tree's onRequest hook, so a till key calling a
 * member-server route is refused before any field of its body is looked at.
 */
export function admitClient(request: FastifyRequest, client: ApiClient) {
  const access = request.routeOptions.config.schemeAccess;
  if (access === undefined || (access === "all" && client.scope !== "all"))
    throw new SchemeError(SchemeErrorCode.forbidden);
  clientOf.set(request, client);
}

/** The caller the onRequest hook admitted. */
export const caller = (request: FastifyRequest) => clientOf.get(request) as ApiClient;

/** A till key earns and refunds only at the stores it names (6017); a full-scope client anywhere. */
export function requireStore(request: FastifyRequest, storeCode: string) {
  const client = caller(request);
  if (client.scope === "till" && !client.stores.includes(storeCode)) {
    throw new SchemeError(SchemeErrorCode.storeNotBoundToKey, { store_code: storeCode });
  }
  return {
    client: client.name,
    actorType: client.scope === "till" ? ("till" as const) : ("client" as const),
  };
}

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
export const storeCode = code("storeCodeInvalid", 32, /^[A-Za-z0-9_-]+$/);
/** A brand as the member server's store list names it. */
export const brandCode = z.string().regex(BRAND_CODE_PATTERN, "brandCodeInvalid");
export const receiptNo = code("receiptNoInvalid", 64, /^[\x21-\x7e]+$/);
export const memberRef = code("memberRefInvalid", 64, /^[^\s,]+$/);
export const hcoinsMemberNo = z.string().regex(/^HC\d{10}$/, "hcoinsMembernoInvalid");
/** The person behind an operator's call, as the relaying client names them (an email, a staff id). */
export const operatorName = code("operatorInvalid", 64, /^[\p{L}\p{N}\p{P}\p{S} ]+$/u);
export const birthMonth = z
  .number({ error: (issue) => (issue.input == null ? "required" : "birthMonthInvalid") })
  .int("birthMonthInvalid")
  .min(1, "birthMonthInvalid")
  .max(12, "birthMonthInvalid");
export const reasonText = z
  .string({ error: (issue) => (issue.input == null ? "required" : "invalid") })
  .trim()
  .min(1, "required")
  .max(500, "tooLong");

/** HKD as "123.45" or 123.45, carried as integer cents; the domain's amount rules name the problem. */
export const amount = z.unknown().transform((value, ctx) => {
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
export const amountDoc = {
  type: "string",
  example: "123.45",
  description: "HKD, at most two decimals; a number is accepted too",
};

/** 1 to 10 with at most two decimals, carried as hundredths. */
export const multiplier = z
  .union([z.string(), z.number()], { error: "required" })
  .transform((value, ctx) => {
    const hundredths = multiplierHundredths(value);
    if (hundredths === null) {
      ctx.addIssue({ code: "custom", message: "multiplierInvalid" });
      return z.NEVER;
    }
    return hundredths;
  })
  .meta({ type: "string", example: "2", description: "1 to 10, at most two decimals" });
