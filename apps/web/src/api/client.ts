import type { AnswerOf, BodyOf, QueryOf, RouteName } from "@hcoins/domain/api/contract";
import { ROUTES, type RouteOf } from "@hcoins/domain/api/route-table";
import { failureOf, formBody, pathWith, readAnswer, searchOf, send } from "@hcoins/web-kit/fetch-client";
import type { UseMutationOptions } from "@tanstack/react-query";
import { config } from "../lib/config.ts";
import { deviceId } from "../lib/device-id.ts";
import { currentAcceptLanguage } from "../lib/i18n.ts";
import { type Phone, session } from "../lib/session.ts";

/**
 * The one HTTP client: every call by its name in the contract's route table (ROUTES), typed
 * by the contract (AnswerOf, BodyOf, QueryOf). Only types come from the schemas: this module
 * is part of the app shell, which must stay free of zod (first-load budget, CSP), and the build
 * ships the route table as plain data (route-table-plugin.ts).
 *
 * A call resolves with the answer at HTTP 200, envelope included, and throws ApiError for
 * everything else; api/error-message.ts says what an ApiError means to the member. The request,
 * the envelope and ApiError are the fetch client both apps share (packages/web-kit); the route
 * table, the member's token, the form bodies, the retry and the early answer are this app's.
 */

// The app's code takes the client's error from here, its api layer.
export { ApiError, type FailureDetails } from "@hcoins/web-kit/fetch-client";

export const REQUEST_TIMEOUT_MS = 200_000;
export const RETRY_DELAY_MS = 2_000;

/** What a screen may add to an api mutation hook: its callbacks (lib/query-client.ts has the default onError). */
export type MutationOptions<Data, Variables> = Omit<UseMutationOptions<Data, Error, Variables>, "mutationFn">;

type Route<Name extends RouteName> = RouteOf<Name>;

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
  /** Send this browser's own random id (X-Device-Id): a referral's device check (lib/device-id.ts). */
  withDeviceId?: boolean;
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

export async function call<Name extends RouteName>(
  name: Name,
  input = {} as CallInput<Name>,
): Promise<AnswerOf<Name>> {
  const route: Route<RouteName> = ROUTES[name];
  const base = route.base === "crm" ? config.crmBase : config.customBase;
  // Every query schema of the contract is an object; TypeScript cannot see it through the generic name.
  const query = input.query as Record<string, unknown> | undefined;
  const url = new URL(
    `${base}${pathWith(route.path, input.params)}${searchOf(query)}`,
    window.location.origin,
  );
  const token = input.asGuest ? null : session.getToken();
  const headers: Record<string, string> = {
    authorization: `Bearer ${config.appId}:${token ?? "guest"}`,
    "accept-language": currentAcceptLanguage(),
  };
  if (input.withDeviceId) headers["x-device-id"] = deviceId();
  let body: string | undefined;
  if (route.method === "POST") {
    headers["content-type"] = input.json ? "application/json" : "application/x-www-form-urlencoded";
    body = input.json ? JSON.stringify(input.body ?? {}) : formBody(input.body ?? {}).toString();
  }

  // Only a request that got no answer at all is tried again, once, after 2 s.
  const response = await send(
    url,
    { method: route.method, headers, ...(body !== undefined ? { body } : {}) },
    {
      timeoutMs: REQUEST_TIMEOUT_MS,
      retryAfterMs: RETRY_DELAY_MS,
      ...(route.method === "GET" ? { early: () => takeEarlyResponse(url, headers.authorization) } : {}),
    },
  );
  const answer = await readAnswer(response);
  // A 401 speaks of the credentials sent: it ends the session only when the session's token went
  // with the request (an expired unsubscribe link, sent as a visitor, leaves a logged-in member be).
  if (token !== null && answer.status === 401) {
    session.clearToken();
    onUnauthorized();
  }
  // Every answer of the contract has its `code` (the signed login its `Status`); one without is
  // not an answer to act on, and its message, if any, is what the member is shown.
  if (answer.ok && answer.body && ("code" in answer.body || "Status" in answer.body)) {
    return answer.body as AnswerOf<Name>;
  }
  throw failureOf(answer.status, answer.body);
}

/** An early answer (lib/config.ts) to the same call with the same credentials: taken once. */
function takeEarlyResponse(url: URL, authorization: string | undefined): Promise<Response> | undefined {
  const early = window.__earlyResponses ?? [];
  const index = early.findIndex(
    (item) => item.url === `${url.pathname}${url.search}` && item.authorization === authorization,
  );
  return index < 0 ? undefined : early.splice(index, 1)[0]?.response;
}
