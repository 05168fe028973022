import type { FailureAnswer } from "@hcoins/domain/api/envelope";

/**
 * The fetch client both apps call the contract with: the address of a call, the request with its
 * timeout and same-origin cookies, the answer read as the contract's envelope, and one error,
 * ApiError, for every failure. What differs between the apps is theirs (api/client.ts): the
 * route table, the credentials (the member's token, the operator's CSRF token), the body's
 * encoding, the retry, and what a 401 does.
 *
 * Types only from the domain: the member app's shell imports this module and stays free of zod
 * (first-load budget, CSP).
 */

/** What a failure carries beside its code: `errors` of a 4000, `attempts_remaining`, `retry_after_seconds`. */
export type FailureDetails = Partial<FailureAnswer["payload"]>;

/**
 * A call that failed: a failure envelope (HTTP 4xx/5xx, or a body whose code is 401), no answer
 * at all (`status` 0), an answer that is not the envelope, or a refusal the contract gives in an
 * HTTP 200 answer (the member app's registration checks).
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

type Loose = Record<string, unknown> & { payload?: Record<string, unknown> };
export const isObject = (value: unknown): value is Loose => typeof value === "object" && value !== null;

/** The ApiError of an answer that is not a success. Codes may arrive as numeric strings. */
export function failureOf(status: number, answer: unknown): ApiError {
  if (!isObject(answer)) return new ApiError(status, null, "");
  const details = isObject(answer.payload) ? answer.payload : {};
  const code = Number(answer.error_code ?? details.error_code);
  const text = [answer.error_message, details.error_message, answer.message].find(
    (item): item is string => typeof item === "string" && item !== "",
  );
  return new ApiError(status, Number.isFinite(code) && code > 0 ? code : null, text ?? "", details);
}

/** A route's path with its `:name` parameters filled in, each encoded. */
export function pathWith(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? "")));
}

/** The query string of a call, `?`-prefixed, "" when nothing is set; undefined (and "" when `dropEmpty`) values left out. */
export function searchOf(query: object = {}, { dropEmpty = false } = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || (dropEmpty && value === "")) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** A form body: lists repeat their key, null is sent empty, undefined is left out. */
export function formBody(body: object): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) form.append(key, String(item));
    else form.append(key, value === null ? "" : String(value));
  }
  return form;
}

export interface Request {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
}

export interface SendOptions {
  /** How long each try waits for an answer before it counts as none. */
  timeoutMs: number;
  /** When set, a request that got no answer at all is tried again once, after this wait. */
  retryAfterMs?: number;
  /** An answer already on its way for this request (the member app's early profile), asked for on each try. */
  early?: () => Promise<Response> | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends a request with the same origin's cookies; no answer at all (after the retry, if any) throws ApiError status 0. */
export async function send(url: URL | string, request: Request, options: SendOptions): Promise<Response> {
  const once = () =>
    options.early?.() ??
    fetch(url, {
      method: request.method,
      headers: request.headers,
      // The session's cookie (the console's, the login's device cookie) goes back with the calls.
      // The servers answer no CORS, so every base is this origin: "include" would add nothing.
      credentials: "same-origin",
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  try {
    return await once();
  } catch {
    if (options.retryAfterMs === undefined) throw new ApiError(0, null, "");
  }
  await sleep(options.retryAfterMs);
  try {
    return await once();
  } catch {
    throw new ApiError(0, null, "");
  }
}

/** An answer as the contract's envelope: its status (401 also when the body's code says so) and its JSON, if any. */
export interface Answer {
  status: number;
  ok: boolean;
  body: Loose | undefined;
}

/**
 * Reads an answer's JSON. Codes may arrive as numeric strings (servers of the legacy contract):
 * callers compare numbers. A body whose code is 401 is a 401 whatever the HTTP status.
 */
export async function readAnswer(response: Response): Promise<Answer> {
  const json: unknown = await response.json().catch(() => undefined);
  const body = isObject(json) ? json : undefined;
  if (body && typeof body.code === "string" && body.code.trim() !== "") {
    const code = Number(body.code);
    if (Number.isFinite(code)) body.code = code;
  }
  const status = body?.code === 401 ? 401 : response.status;
  return { status, ok: response.ok && status !== 401, body };
}
