import { type ConsoleOperator, type OperatorRole, ROLE_PERMISSIONS } from "@hcoins/domain/api/console";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { setCsrfToken } from "../api/client.ts";
import { routes } from "../app/router.tsx";
import { returnToSignInOnUnauthorized } from "../app/unauthorized.ts";
import { BASENAME } from "./paths.ts";
import { createQueryClient } from "./query-client.ts";

/**
 * Test helpers (tests only): a fake of the console API behind `fetch`, answering with the
 * contract's envelopes, and the console rendered at an address with its real routes.
 */

export type Reply = { status?: number; body: unknown };

export const ok = (payload: unknown = {}): Reply => ({ status: 200, body: { code: 200, payload } });

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
  /** The path after /console/api. */
  path: string;
  url: URL;
  json: Record<string, unknown> | undefined;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
}

type Handler = Reply | Reply[] | ((call: MockCall) => Reply);

/**
 * The fetch stub: replies keyed "METHOD /path" (the path after /console/api), a list answering
 * call by call (the last one repeats) or a function of the call. Unhandled calls answer 404.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: MockCall[] = [];
  const seen = new Map<string, number>();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      const method = (init?.method ?? "GET").toUpperCase();
      const path = url.pathname.replace(/^\/console\/api/, "");
      const headers = Object.fromEntries(
        Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
      );
      const json = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      const call: MockCall = { method, path, url, json, headers, credentials: init?.credentials };
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
    called: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

export const CSRF = "csrf-token-1";

export const operatorOf = (role: OperatorRole, email = `${role}@example.com`): ConsoleOperator => ({
  id: 7,
  email,
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
});

/** The session answer of a signed-in operator. */
export const session = (role: OperatorRole) => ok({ operator: operatorOf(role), csrf_token: CSRF });

/** The console at `entry` (a path under /console), with its real routes, query client and 401 handling. */
export function renderConsole(entry: string) {
  setCsrfToken(null);
  const client = createQueryClient();
  const router = createMemoryRouter(routes(client), {
    basename: BASENAME,
    initialEntries: [`${BASENAME}${entry}`],
  });
  returnToSignInOnUnauthorized(router, client);
  const view = render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { router, client, ...view };
}
