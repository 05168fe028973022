import { vi } from "vitest";

/**
 * The tests' fake of the server behind `fetch` (tests only), answering with the contract's
 * envelopes: replies keyed "METHOD /path", a function of the call, or a list answering call by
 * call (the last one repeats). Unhandled calls answer 404 so a test notices a call it did not expect.
 */

/** A reply: HTTP 200 unless `status` says otherwise. */
export type Reply = { status?: number; body: unknown };

/** Success envelope. */
export const ok = (payload: unknown = {}): Reply => ({ status: 200, body: { code: 200, payload } });

/** Failure envelope, `error_code` at the top and in `payload`. */
export const fail = (
  status: number,
  errorCode: number,
  errorMessage: string,
  details: Record<string, unknown> = {},
): Reply => ({
  status,
  body: {
    code: status,
    error_code: errorCode,
    error_message: errorMessage,
    payload: { error_code: errorCode, error_message: errorMessage, ...details },
  },
});

export interface MockCall {
  method: string;
  /** The path (after the API's prefix, without a trailing slash). */
  path: string;
  url: URL;
  /** The form body (empty for a JSON call). */
  body: Record<string, string>;
  /** The JSON body, when the call sent one. */
  json: Record<string, unknown> | undefined;
  /** Header names in lower case. */
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
}

export type Handler = Reply | Reply[] | ((call: MockCall) => Reply);

export interface MockApiOptions {
  /** The API's base path, left out of the paths the handlers are keyed by (the console's /console/api). */
  prefix?: string;
}

/** Stubs `fetch` with `handlers`; the calls it saw are kept in order. */
export function mockApi(handlers: Record<string, Handler>, { prefix = "" }: MockApiOptions = {}) {
  const calls: MockCall[] = [];
  const seen = new Map<string, number>();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      const method = (init?.method ?? "GET").toUpperCase();
      const path = (
        url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname
      ).replace(/\/$/, "");
      const raw = typeof init?.body === "string" ? init.body : "";
      const headers = Object.fromEntries(
        Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
      );
      const isJson = headers["content-type"] === "application/json";
      const call: MockCall = {
        method,
        path,
        url,
        body: isJson ? {} : Object.fromEntries(new URLSearchParams(raw)),
        json: isJson && raw ? JSON.parse(raw) : undefined,
        headers,
        credentials: init?.credentials,
      };
      calls.push(call);
      const key = `${method} ${path}`;
      const handler = handlers[key];
      const count = seen.get(key) ?? 0;
      seen.set(key, count + 1);
      const reply: Reply = !handler
        ? fail(404, 4040, "not found")
        : Array.isArray(handler)
          ? (handler[Math.min(count, handler.length - 1)] as Reply)
          : typeof handler === "function"
            ? handler(call)
            : handler;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return {
    calls,
    /** The calls to one "METHOD /path". */
    called: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
