import { CONSOLE_API } from "@hcoins/domain/api/console";
import type { FailureAnswer } from "@hcoins/domain/api/envelope";
import type { z } from "zod";

/**
 * The console's one HTTP client over fetch: the session travels in its httpOnly cookie
 * (same-origin credentials), every POST carries the session's CSRF token, and a call resolves
 * with the answer's payload at HTTP 200 and throws ApiError otherwise (api/error-message.ts
 * says what it means to the operator).
 */

export const REQUEST_TIMEOUT_MS = 30_000;

/** What a failure carries beside its code: `errors` of a 4000, `attempts_remaining`, `retry_after_seconds`. */
export type FailureDetails = Partial<FailureAnswer["payload"]>;

export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when no answer came. */
    readonly status: number,
    /** The failure's `error_code`; null when it had none. */
    readonly code: number | null,
    message: string,
    readonly details: FailureDetails = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** A call of the contract (packages/domain/src/api/console.ts): its method, path and answer schema. */
export interface ConsoleCall {
  method: "GET" | "POST";
  path: string;
  answer?: z.ZodType;
}

/** The payload a call answers with. */
export type PayloadOf<C extends ConsoleCall> =
  C["answer"] extends z.ZodType<{ payload: infer P }> ? P : never;

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: object;
}

// The session's CSRF token lives in memory only: the session answers give it, a reload asks again.
let csrfToken: string | null = null;
export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};

let onUnauthorized: () => void = () => {};
/** The app decides what a 401 does (back to sign-in); this module cannot import the router. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/** The address of a call with its parameters and query (also the CSV download's link). */
export function callUrl(
  call: Pick<ConsoleCall, "path">,
  { params = {}, query = {} }: CallInput = {},
): string {
  const path = call.path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(String(params[key] ?? "")),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return `${CONSOLE_API}${path}${text ? `?${text}` : ""}`;
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === "object" && value !== null;

function failure(status: number, answer: unknown): ApiError {
  if (!isObject(answer)) return new ApiError(status, null, "");
  const details = (isObject(answer.payload) ? answer.payload : {}) as FailureDetails;
  const code = Number(answer.error_code ?? details.error_code);
  const text = typeof answer.error_message === "string" ? answer.error_message : "";
  return new ApiError(status, Number.isFinite(code) && code > 0 ? code : null, text, details);
}

export async function call<C extends ConsoleCall>(route: C, input: CallInput = {}): Promise<PayloadOf<C>> {
  const headers: Record<string, string> = { accept: "application/json" };
  let body: string | undefined;
  if (route.method === "POST") {
    headers["content-type"] = "application/json";
    if (csrfToken) headers["x-csrf-token"] = csrfToken;
    body = JSON.stringify(input.body ?? {});
  }
  let response: Response;
  try {
    response = await fetch(callUrl(route, input), {
      method: route.method,
      headers,
      credentials: "same-origin",
      ...(body !== undefined ? { body } : {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, null, "");
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (response.status === 401) {
    setCsrfToken(null);
    onUnauthorized();
  }
  if (response.ok && isObject(answer) && answer.code === 200) return answer.payload as PayloadOf<C>;
  throw failure(response.status, answer);
}

/** A POST whose answer is a file (no envelope), e.g. a member's data export; fails as call does. */
export async function download(route: ConsoleCall, input: CallInput = {}): Promise<Blob> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (csrfToken) headers["x-csrf-token"] = csrfToken;
  let response: Response;
  try {
    response = await fetch(callUrl(route, input), {
      method: "POST",
      headers,
      credentials: "same-origin",
      body: JSON.stringify(input.body ?? {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, null, "");
  }
  if (response.ok) return response.blob();
  if (response.status === 401) {
    setCsrfToken(null);
    onUnauthorized();
  }
  throw failure(response.status, await response.json().catch(() => undefined));
}
