import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import { AlertProvider } from "../../components/alert-provider.tsx";
import { queryClient } from "../../lib/query-client.ts";
import { session } from "../../lib/session.ts";
import { USER_KEY, type UserInfo } from "../../lib/user.ts";

/**
 * Test scaffolding of the profile feature: the screen inside a memory router (other
 * paths render a marker with their path and query), the app's query client holding the
 * signed-in member, and a fetch stub answering in the contract's envelopes.
 */
export function Landing() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

export const member = (overrides: Partial<UserInfo> = {}): UserInfo => ({
  id: 42,
  member_no: "M000000042",
  title: 3,
  name: null,
  first_name: "Mei",
  last_name: "Chan",
  email: "mei@example.com",
  mobile_phone: "91234567",
  mobile_phone_prefix: "852",
  gender: null,
  birthday_month: null,
  custom_fields: { age_range: "26 - 35", residential_country_region: "3005", residential_district: "5046" },
  referral_code: null,
  sms_subscription: 1,
  email_subscription: 0,
  do_not_call: 1,
  register_store_code: null,
  external_customer_id: null,
  has_password: false,
  profile_completed: false,
  ...overrides,
});

export function renderScreen(routes: RouteObject[], initialEntry: string, user: UserInfo | null) {
  queryClient.clear();
  if (user) {
    session.setToken("member-token");
    queryClient.setQueryData(USER_KEY, user);
  }
  const router = createMemoryRouter([...routes, { path: "*", Component: Landing }], {
    initialEntries: [initialEntry],
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <RouterProvider router={router} />
      </AlertProvider>
    </QueryClientProvider>,
  );
  return { ...view, router };
}

export type Reply = { status?: number; body: unknown };
type Handler = (body: Record<string, string>, url: URL) => Reply;

export interface Call {
  method: string;
  path: string;
  body: Record<string, string>;
  json: unknown;
  headers: Record<string, string>;
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
 * Stubs fetch with handlers keyed "METHOD /path" (trailing slash ignored); a list of
 * replies answers call by call. Unhandled calls answer 404 so a test notices them.
 */
export function mockApi(handlers: Record<string, Handler | Reply | Reply[]>) {
  const calls: Call[] = [];
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
      calls.push({ method, path, body, json, headers });
      const key = `${method} ${path}`;
      const handler = handlers[key];
      const count = seen.get(key) ?? 0;
      seen.set(key, count + 1);
      const reply: Reply = !handler
        ? failure(404, 4040, "not found")
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
    called: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
