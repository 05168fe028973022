import type { AnswerOf, BodyOf, QueryOf } from "@hcoins/domain/api/contract";
import type { FailureAnswer } from "@hcoins/domain/api/envelope";
import { ROUTES, type RouteName } from "@hcoins/domain/api/routes";
import type { UseMutationOptions } from "@tanstack/react-query";
import { config } from "../lib/config.ts";
import { currentAcceptLanguage } from "../lib/i18n.ts";
import { type Phone, session } from "../lib/session.ts";

/**
 * The one HTTP client: every call by its name in the contract's route table (ROUTES), typed
 * by the contract (AnswerOf, BodyOf, QueryOf). Only types come from the schemas: this module
 * is part of the app shell, which must stay free of zod (first-load budget, CSP).
 *
 * A call resolves with the answer at HTTP 200, envelope included, and throws ApiError for
 * everything else; api/error-message.ts says what an ApiError means to the member.
 */

export const REQUEST_TIMEOUT_MS = 200_000;
export const RETRY_DELAY_MS = 2_000;

/** What a failure carries beside its code: `errors` of a 4000, `attempts_remaining`, `retry_after_seconds`. */
export type FailureDetails = Partial<FailureAnswer["payload"]>;

/**
 * A call that failed: a failure envelope (HTTP 4xx/5xx, or a body whose code is 401), no answer
 * at all (`status` 0, after the one retry), an answer that is not JSON, or a refusal the
 * contract gives in an HTTP 200 answer (api/registration.ts's checks).
 */
export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when no answer came. */
    readonly status: number,
    /** The failure's `error_code`; null when it had none (no answer, garbage). */
    readonly code: number | null,
    /** The server's text, "" when it gave none. */
    message: string,
    readonly details: FailureDetails = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** What a screen may add to an api mutation hook: its callbacks (lib/query-client.ts has the default onError). */
export type MutationOptions<Data, Variables> = Omit<UseMutationOptions<Data, Error, Variables>, "mutationFn">;

type Route<Name extends RouteName> = (typeof ROUTES)[Name];

/** The `:name` parameters of a route's path. */
type PathParams<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

type ParamsInput<Name extends RouteName> = [PathParams<Route<Name>["path"]>] extends [never]
  ? { params?: never }
  : { params: Record<PathParams<Route<Name>["path"]>, string> };

export type CallInput<Name extends RouteName> = {
  body?: BodyOf<Name>;
  query?: QueryOf<Name>;
  /** Send `guest` even with a session: the call acts for whoever is at the screen, not for an old session. */
  asGuest?: boolean;
  /** POST JSON instead of a form (the coin calls, and lists that must stay lists). */
  json?: boolean;
} & ParamsInput<Name>;

/** The mobile number as the API names it. */
export const wirePhone = (phone: Phone) => ({
  mobile_phone_prefix: phone.phonePre,
  mobile_phone: phone.phone,
});

let onUnauthorized: () => void = () => {};

/** The app decides what a 401 does (clear user info, go to /login); this module cannot import the router. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function formBody(body: object): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) form.append(key, String(item));
    else form.append(key, value === null ? "" : String(value));
  }
  return form;
}

type Loose = Record<string, unknown> & { payload?: Record<string, unknown> };
const isObject = (value: unknown): value is Loose => typeof value === "object" && value !== null;

/** The ApiError of an answer that is not a success. Codes may arrive as numeric strings. */
function failure(status: number, answer: unknown): ApiError {
  if (!isObject(answer)) return new ApiError(status, null, "");
  const details = isObject(answer.payload) ? answer.payload : {};
  const code = Number(answer.error_code ?? details.error_code);
  const text = [answer.error_message, details.error_message, answer.message].find(
    (item): item is string => typeof item === "string" && item !== "",
  );
  return new ApiError(status, Number.isFinite(code) && code > 0 ? code : null, text ?? "", details);
}

export async function call<Name extends RouteName>(
  name: Name,
  input = {} as CallInput<Name>,
): Promise<AnswerOf<Name>> {
  const route: Route<RouteName> = ROUTES[name];
  const params: Record<string, string> = input.params ?? {};
  const path = route.path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ""));
  const url = new URL(
    `${route.base === "crm" ? config.crmBase : config.customBase}${path}`,
    window.location.origin,
  );
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const token = input.asGuest ? null : session.getToken();
  const headers: Record<string, string> = {
    authorization: `Bearer ${config.appId}:${token ?? "guest"}`,
    "accept-language": currentAcceptLanguage(),
  };
  let body: string | undefined;
  if (route.method === "POST") {
    headers["content-type"] = input.json ? "application/json" : "application/x-www-form-urlencoded";
    body = input.json ? JSON.stringify(input.body ?? {}) : formBody(input.body ?? {}).toString();
  }

  // Only a request that got no answer at all is tried again, once, after 2 s.
  let response: Response;
  try {
    response = await send(url, route.method, headers, body);
  } catch {
    await sleep(RETRY_DELAY_MS);
    try {
      response = await send(url, route.method, headers, body);
    } catch {
      throw new ApiError(0, null, "");
    }
  }

  const answer: unknown = await response.json().catch(() => undefined);
  // Codes may arrive as numeric strings (servers of the legacy contract): flows compare numbers.
  if (isObject(answer) && typeof answer.code === "string" && answer.code.trim() !== "") {
    const code = Number(answer.code);
    if (Number.isFinite(code)) answer.code = code;
  }
  const status = isObject(answer) && answer.code === 401 ? 401 : response.status;
  // A 401 speaks of the credentials sent: it ends the session only when the session's token went
  // with the request (an expired unsubscribe link, sent as a visitor, leaves a logged-in member be).
  if (token !== null && status === 401) {
    session.clearToken();
    onUnauthorized();
  }
  // Every answer of the contract has its `code` (the signed login its `Status`); one without is
  // not an answer to act on, and its message, if any, is what the member is shown.
  if (response.ok && status !== 401 && isObject(answer) && ("code" in answer || "Status" in answer)) {
    return answer as AnswerOf<Name>;
  }
  throw failure(status, answer);
}

/** An early answer (lib/config.ts) to the same call with the same credentials: taken once. */
function takeEarlyResponse(url: URL, authorization: string | undefined): Promise<Response> | undefined {
  const early = window.__earlyResponses ?? [];
  const index = early.findIndex(
    (item) => item.url === `${url.pathname}${url.search}` && item.authorization === authorization,
  );
  return index < 0 ? undefined : early.splice(index, 1)[0]?.response;
}

function send(url: URL, method: string, headers: Record<string, string>, body: string | undefined) {
  const early = method === "GET" ? takeEarlyResponse(url, headers.authorization) : undefined;
  if (early) return early;
  return fetch(url, {
    method,
    headers,
    // The login's device cookie (HttpOnly, Path of the auth calls) goes back with the auth calls.
    // The server answers no CORS, so the CRM base is this origin: an explicit "include" would add nothing.
    credentials: "same-origin",
    ...(body !== undefined ? { body } : {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}
