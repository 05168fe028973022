import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import { AlertProvider } from "../../components/alert-provider.tsx";
import { queryClient } from "../../lib/query-client.ts";

/**
 * Test scaffolding of the subscription feature: the screen in a memory router (other
 * paths render a marker with their path and query) and a fetch stub answering in the
 * contract's envelopes, recording every call.
 */
function Landing() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

export function renderScreen(routes: RouteObject[], initialEntry: string) {
  queryClient.clear();
  const router = createMemoryRouter([...routes, { path: "*", Component: Landing }], {
    initialEntries: [initialEntry],
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <RouterProvider router={router} />
      </AlertProvider>
    </QueryClientProvider>,
  );
}

export type Reply = { status?: number; body: unknown };

export interface Call {
  method: string;
  path: string;
  url: URL;
  json: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}

export const ok = (payload: unknown = {}): Reply => ({ body: { code: 200, payload } });

export const failure = (status: number, errorCode: number, message: string): Reply => ({
  status,
  body: {
    code: status,
    error_code: errorCode,
    error_message: message,
    payload: { error_code: errorCode, error_message: message },
  },
});

/** Stubs fetch with replies keyed "METHOD /path"; anything else answers 404. */
export function mockApi(handlers: Record<string, Reply>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      const method = (init?.method ?? "GET").toUpperCase();
      const path = url.pathname.replace(/\/$/, "");
      const headers = Object.fromEntries(
        Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
      );
      const raw = typeof init?.body === "string" ? init.body : "";
      const json = headers["content-type"] === "application/json" && raw ? JSON.parse(raw) : undefined;
      calls.push({ method, path, url, json, headers });
      const reply = handlers[`${method} ${path}`] ?? failure(404, 4040, "not found");
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return { calls, called: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key) };
}
