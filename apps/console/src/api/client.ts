import { CONSOLE_API } from "@hcoins/domain/api/console";
import { failureOf, pathWith, readAnswer, searchOf, send } from "@hcoins/web-kit/fetch-client";
import type { z } from "zod";

/**
 * The console's one HTTP client: the session travels in its httpOnly cookie (same-origin
 * credentials), every POST carries the session's CSRF token, and a call resolves with the
 * answer's payload at HTTP 200 and throws ApiError otherwise (api/error-message.ts says what it
 * means to the operator). The request, the envelope and ApiError are the fetch client both apps
 * share (packages/web-kit); the console's addresses, CSRF token and 401 handling are its own.
 */

// The console's code takes the client's error from here, its api layer.
export { ApiError, type FailureDetails } from "@hcoins/web-kit/fetch-client";

export const REQUEST_TIMEOUT_MS = 30_000;

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

/** The address of a call with its parameters and query, empty filters left out (also the CSV download's link). */
export function callUrl(call: Pick<ConsoleCall, "path">, { params, query }: CallInput = {}): string {
  return `${CONSOLE_API}${pathWith(call.path, params)}${searchOf(query, { dropEmpty: true })}`;
}

/** Sends a call; no retry (an operator sees the failure and decides), 30 s for an answer. */
async function request(
  route: ConsoleCall,
  input: CallInput,
  headers: Record<string, string>,
): Promise<Response> {
  let body: string | undefined;
  if (route.method === "POST") {
    headers["content-type"] = "application/json";
    if (csrfToken) headers["x-csrf-token"] = csrfToken;
    body = JSON.stringify(input.body ?? {});
  }
  return send(
    callUrl(route, input),
    { method: route.method, headers, ...(body !== undefined ? { body } : {}) },
    { timeoutMs: REQUEST_TIMEOUT_MS },
  );
}

/** A 401 ends the session: the CSRF token goes with it, and the app goes back to sign-in. */
function unauthorized() {
  setCsrfToken(null);
  onUnauthorized();
}

export async function call<C extends ConsoleCall>(route: C, input: CallInput = {}): Promise<PayloadOf<C>> {
  const answer = await readAnswer(await request(route, input, { accept: "application/json" }));
  if (answer.status === 401) unauthorized();
  if (answer.ok && answer.body?.code === 200) return answer.body.payload as PayloadOf<C>;
  throw failureOf(answer.status, answer.body);
}

/** A POST whose answer is a file (no envelope), e.g. a member's data export; fails as call does. */
export async function download(route: ConsoleCall, input: CallInput = {}): Promise<Blob> {
  const response = await request({ ...route, method: "POST" }, input, {});
  if (response.ok) return response.blob();
  const answer = await readAnswer(response);
  if (answer.status === 401) unauthorized();
  throw failureOf(answer.status, answer.body);
}
