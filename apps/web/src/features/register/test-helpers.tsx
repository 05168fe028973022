import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import { AlertProvider } from "../../components/alert-provider.tsx";

/**
 * Test scaffolding of the register feature: the screen under test inside a memory
 * router (other paths render a marker with their path and query), and a fetch stub
 * that answers like the server, in the contract's envelopes.
 */
export function Landing() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

export function renderScreen(routes: RouteObject[], initialEntry: string) {
  const router = createMemoryRouter([...routes, { path: "*", Component: Landing }], {
    initialEntries: [initialEntry],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <RouterProvider router={router} />
      </AlertProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export type Reply = { status?: number; body: unknown };
type Handler = (body: Record<string, string>, url: URL) => Reply;

export interface Call {
  method: string;
  path: string;
  body: Record<string, string>;
  json: unknown;
  headers: Record<string, string>;
  url: URL;
}

export const ok = (payload: unknown = {}): Reply => ({ body: { code: 200, payload } });

export const failure = (status: number, errorCode: number, message: string, details = {}): Reply => ({
  status,
  body: {
    code: status,
    error_code: errorCode,
    error_message: message,
    payload: { error_code: errorCode, error_message: message, ...details },
  },
});

/** Member/* answers: HTTP 200 with a domain code. */
export const memberCode = (code: number, payload: unknown = {}, message = ""): Reply => ({
  body: { code, message, payload },
});

/**
 * Stubs fetch with handlers keyed "METHOD /path" (trailing slash ignored). Unhandled
 * calls answer 404 so a test notices a call it did not expect.
 */
export function mockApi(handlers: Record<string, Handler | Reply>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
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
    calls.push({ method, path, body, json, headers, url });
    const handler = handlers[`${method} ${path}`];
    const reply: Reply = handler
      ? typeof handler === "function"
        ? handler(body, url)
        : handler
      : failure(404, 4040, "not found");
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    called: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
