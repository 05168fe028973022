import { config } from "./config.ts";
import { currentAcceptLanguage } from "./i18n.ts";
import { session } from "./session.ts";

/**
 * The one HTTP client. Error answers are handed back as the result (not thrown):
 * callers read `code`, `error_code`, `error_message` and `payload` as the spec says.
 */
export interface ApiResult<T = Record<string, unknown>> {
  code: number;
  payload: T;
  error_code?: number;
  error_message?: string;
  message?: string;
}

export const REQUEST_TIMEOUT_MS = 200_000;
export const RETRY_DELAY_MS = 2_000;

type Base = "crm" | "custom";

export interface RequestOptions {
  body?: Record<string, unknown>;
  query?: Record<string, string | number | undefined>;
  /** POST as JSON instead of a form (link-hcoin-2 and hcoin-create). */
  json?: boolean;
  /** Send `guest` even with a session (the spec's "no token" calls). */
  asGuest?: boolean;
}

let onUnauthorized: () => void = () => {};

/** The app decides what a 401 does (clear user info, go to /login); lib code cannot import the router. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function formBody(body: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) form.append(key, String(item));
    else form.append(key, value === null ? "" : String(value));
  }
  return form;
}

export async function request<T = Record<string, unknown>>(
  method: "GET" | "POST",
  base: Base,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const url = new URL(
    `${base === "crm" ? config.crmBase : config.customBase}${path}`,
    window.location.origin,
  );
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const token = options.asGuest ? null : session.getToken();
  const headers: Record<string, string> = {
    authorization: `Bearer ${config.appId}:${token ?? "guest"}`,
    "accept-language": currentAcceptLanguage(),
  };
  let body: string | undefined;
  if (method === "POST") {
    if (options.json) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.body ?? {});
    } else {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = formBody(options.body ?? {}).toString();
    }
  }

  // Only a request that got no answer at all is tried again, once, after 2 s.
  let response: Response;
  try {
    response = await send(url, method, headers, body);
  } catch {
    await sleep(RETRY_DELAY_MS);
    try {
      response = await send(url, method, headers, body);
    } catch {
      return { code: 0, payload: {} as T, error_message: "" };
    }
  }

  let result: ApiResult<T>;
  try {
    result = (await response.json()) as ApiResult<T>;
  } catch {
    result = { code: response.status, payload: {} as T };
  }
  // A 401 speaks of the credentials sent: it ends the session only when the session's token went
  // with the request (an expired unsubscribe link, sent as a visitor, leaves a logged-in member be).
  if (token !== null && (response.status === 401 || Number(result.code) === 401)) {
    session.clearToken();
    onUnauthorized();
  }
  return result;
}

interface EarlyResponse {
  url: string;
  authorization: string;
  response: Promise<Response>;
}

/**
 * An answer index.html's inline script asked for before the app's code arrived (a returning
 * member's profile), when it is the same call with the same credentials: taken once.
 */
function takeEarlyResponse(url: URL, authorization: string | undefined): Promise<Response> | undefined {
  const early = (window as { __earlyResponses?: EarlyResponse[] }).__earlyResponses;
  const index = early?.findIndex(
    (item) => item.url === `${url.pathname}${url.search}` && item.authorization === authorization,
  );
  if (!early || index === undefined || index < 0) return undefined;
  return early.splice(index, 1)[0]?.response;
}

function send(url: URL, method: string, headers: Record<string, string>, body: string | undefined) {
  const early = method === "GET" ? takeEarlyResponse(url, headers.authorization) : undefined;
  if (early) return early;
  return fetch(url, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/** Codes arrive as numbers or numeric strings; compare them as numbers. */
export const codeOf = (result: { code?: unknown }) => Number(result.code);

/** Image address of a media token: no Authorization header, app id in the query. */
export const mediaUrl = (token: string) =>
  `${config.crmBase}/media/${encodeURIComponent(token)}?app_id=${encodeURIComponent(config.appId)}`;
