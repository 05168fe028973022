import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import { AlertProvider } from "../components/alert-provider.tsx";
import { queryClient } from "./query-client.ts";

/**
 * Test helpers (tests only): a fake of the server behind `fetch`, answering with the
 * contract's envelopes, and a screen rendered in a memory router with the app's providers.
 */

/** A reply of `mockApi`: HTTP 200 unless `status` says otherwise. */
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

/** The custom API's Member calls: HTTP 200 with a domain code. */
export const memberCode = (code: number, message = ""): Reply => ({
  status: 200,
  body: { code, message, payload: {} },
});

type ReplyHandler = (body: Record<string, string>, url: URL) => Reply;

export interface MockCall {
  method: string;
  path: string;
  url: URL;
  /** The form body (empty for a JSON call). */
  body: Record<string, string>;
  /** The JSON body, when the call sent one. */
  json: Record<string, unknown> | undefined;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

/**
 * The tests' fetch stub: replies keyed "METHOD /path" (trailing slash ignored),
 * a function of the form body and URL, or a list answering call by call (the last one
 * repeats). Unhandled calls answer 404 so a test notices a call it did not expect.
 */
export function mockApi(handlers: Record<string, ReplyHandler | Reply | Reply[]>) {
  const calls: MockCall[] = [];
  const seen = new Map<string, number>();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      const method = (init?.method ?? "GET").toUpperCase();
      const path = url.pathname.replace(/\/$/, "");
      const raw = typeof init?.body === "string" ? init.body : "";
      const headers = Object.fromEntries(
        Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
      );
      const isJson = headers["content-type"] === "application/json";
      const json = isJson && raw ? JSON.parse(raw) : undefined;
      const body = isJson ? {} : Object.fromEntries(new URLSearchParams(raw));
      calls.push({ method, path, url, body, json, headers });
      const key = `${method} ${path}`;
      const handler = handlers[key];
      const count = seen.get(key) ?? 0;
      seen.set(key, count + 1);
      const reply: Reply = !handler
        ? fail(404, 4040, "not found")
        : Array.isArray(handler)
          ? (handler[Math.min(count, handler.length - 1)] as Reply)
          : typeof handler === "function"
            ? handler(body, url)
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

/** Shows where the router ended up, for any path the test did not give a screen. */
function LocationProbe({ testId }: { testId: string }) {
  const location = useLocation();
  return <p data-testid={testId}>{location.pathname + location.search}</p>;
}

export interface RenderOptions {
  /** In StrictMode like the app (the default). */
  strict?: boolean;
  /** The test id of the probe shown for every other path. */
  probeTestId?: string;
  /** The query client (the app's by default); it is cleared first. */
  client?: QueryClient;
  /** Runs after the clear and before the render, e.g. to sign a member in. */
  seed?: (client: QueryClient) => void;
}

/** Renders `routes` (plus a probe for every other path) at `entry`, with the app's providers. */
export function renderApp(
  routes: RouteObject[],
  entry: string,
  { strict = true, probeTestId = "location", client = queryClient, seed }: RenderOptions = {},
) {
  client.clear();
  seed?.(client);
  const router = createMemoryRouter(
    [...routes, { path: "*", element: <LocationProbe testId={probeTestId} /> }],
    { initialEntries: [entry] },
  );
  const providers = (
    <QueryClientProvider client={client}>
      <AlertProvider>
        <RouterProvider router={router} />
      </AlertProvider>
    </QueryClientProvider>
  );
  const view = render(strict ? <StrictMode>{providers}</StrictMode> : providers);
  return { router, queryClient: client, ...view };
}
