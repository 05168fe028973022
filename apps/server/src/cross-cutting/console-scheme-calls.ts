import { SCHEME_ERROR_STATUS, type SchemeErrorCodeValue } from "@hcoins/coin-scheme/contract";
import { CONSOLE_API } from "@hcoins/domain/api/console";
import type { FastifyInstance } from "fastify";
import type { TestApp } from "../testing/test-app.ts";
import { envelopeProblem, type RouteEntry, registeredRoutes } from "./support.ts";

/**
 * Shared by the fuzz and envelope suites of the operators' console API (/console/api) and the
 * embedded coin scheme's API (/coin-scheme/v1): their routes read from the router, the keys the
 * scheme is given, and what an answer of theirs must be.
 */

export const SCHEME_PREFIX = "/coin-scheme/v1";
const MEMBER_SERVER_KEY = "fuzz-member-server-key-0001";
const TILL_KEY = "fuzz-till-key-000000000001";

/** The scheme's callers: none, a key nobody has, the member server's (every call), a till's (its calls). */
export const SCHEME_KEYS = {
  none: null,
  wrong: "not-a-key-of-anyone-0000",
  memberServer: MEMBER_SERVER_KEY,
  till: TILL_KEY,
} as const;
export type SchemeCaller = keyof typeof SCHEME_KEYS;

/** The environment the suites' app runs in: keys for the scheme, and limits that would hide the calls' own answers. */
export const CONSOLE_SCHEME_ENV = {
  COIN_SCHEME_API_KEYS: `member-server:${MEMBER_SERVER_KEY},pos:${TILL_KEY}:till:HF-CW01`,
  RATE_LIMIT_PER_MINUTE: "1000000",
  OPERATOR_SIGN_IN_CLIENT_MAX_FAILURES: "1000000",
  OPERATOR_SIGN_IN_MAX_FAILURES: "1000000",
  OPERATOR_SIGN_IN_EMAIL_MAX_FAILURES: "1000000",
};

/** The console's and the scheme's routes as the app's router holds them (Fastify's `:param` spelling). */
export function consoleAndSchemeRoutes(app: FastifyInstance): {
  console: RouteEntry[];
  scheme: RouteEntry[];
} {
  const routes = registeredRoutes(app);
  const under = (prefix: string) =>
    routes.filter((route) => route.path.startsWith(`${prefix}/`) && !route.path.endsWith("*"));
  return { console: under(CONSOLE_API), scheme: under(SCHEME_PREFIX) };
}

/** The console calls that answer a file at HTTP 200, not the envelope. */
const CONSOLE_DOWNLOADS = [
  /\/audit\.csv$/,
  /\/figures\.csv$/,
  /\/members\/[^/]+\/export$/,
  /\/images\/[^/]+$/,
];

/**
 * Whatever a console or scheme call answers must be the envelope with the right HTTP status (the
 * scheme's own codes and statuses under /coin-scheme/v1), or a console download's file. Returns a
 * reason or null.
 */
export function answerProblem(url: string, status: number, contentType: string, raw: string): string | null {
  const path = url.split("?")[0] as string;
  if (status >= 500) return `HTTP ${status}`;
  if (status === 200 && path.startsWith(CONSOLE_API) && CONSOLE_DOWNLOADS.some((file) => file.test(path)))
    return null;
  if (!path.startsWith(SCHEME_PREFIX)) return envelopeProblem(url, status, contentType, raw);
  if (!/^application\/json/.test(contentType)) return `content-type ${contentType}`;
  let body: {
    code?: unknown;
    error_code?: unknown;
    error_message?: unknown;
    payload?: { error_code?: unknown; error_message?: unknown; errors?: unknown } | null;
  };
  try {
    body = JSON.parse(raw);
  } catch {
    return "body is not JSON";
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "body is not an object";
  if (status === 200)
    return body.code === 200 && typeof body.payload === "object" ? null : "not {code: 200, payload}";
  if (body.code !== status) return "code differs from the HTTP status";
  const errorCode = body.error_code as SchemeErrorCodeValue;
  if (!Number.isInteger(errorCode)) return "no integer error_code";
  if (SCHEME_ERROR_STATUS[errorCode] !== status) return `error_code ${errorCode} does not map to ${status}`;
  if (typeof body.error_message !== "string" || body.error_message === "") return "no error_message";
  if (body.payload?.error_code !== errorCode || body.payload?.error_message !== body.error_message)
    return "payload does not repeat the error";
  if (errorCode === 4000 && (!Array.isArray(body.payload?.errors) || body.payload.errors.length === 0))
    return "4000 without payload.errors";
  return null;
}

export interface Probe {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

/** Makes the call and answers its status with the problem of its answer, if any. */
export async function probe(t: TestApp, call: Probe) {
  const response = await t.app.inject({
    method: call.method as "GET",
    url: call.url,
    ...(call.headers ? { headers: call.headers } : {}),
    ...(call.payload !== undefined ? { payload: call.payload } : {}),
  });
  const problem = answerProblem(
    call.url,
    response.statusCode,
    String(response.headers["content-type"]),
    response.body,
  );
  return { status: response.statusCode, body: response.body, problem };
}

/** A route's path with each parameter given a value. */
export const filled = (path: string, value: (param: string) => string) =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_all, param: string) => encodeURIComponent(value(param)));
