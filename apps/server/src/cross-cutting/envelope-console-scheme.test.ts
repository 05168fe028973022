import { CONSOLE_API } from "@hcoins/domain/api/console";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type RegisteredConsoleRoute,
  registeredConsoleRoutes,
  type SignedInOperator,
  signedInOperator,
} from "../modules/console-api/console-test-support.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import {
  CONSOLE_SCHEME_ENV,
  consoleAndSchemeRoutes,
  filled,
  probe,
  SCHEME_KEYS,
  SCHEME_PREFIX,
  type SchemeCaller,
} from "./console-scheme-calls.ts";
import type { RouteEntry } from "./support.ts";

/**
 * The envelope on the operators' console API and the coin scheme's API, route by route as the
 * router holds them: bad bodies from every kind of caller answer `{code, error_code,
 * error_message, payload}` with the code's HTTP status, never a 500; a caller without a session or
 * a key is refused (401 / 4010) before its input is read.
 */

const BAD_BODIES: [string, string | undefined, string][] = [
  ["malformed JSON", "application/json", '{"reason": "x",'],
  ["an empty JSON body", "application/json", ""],
  ["a JSON array", "application/json", '["reason", 1]'],
  ["a JSON string", "application/json", '"reason"'],
  ["a prototype-polluting key", "application/json", '{"__proto__": {"role": "administrator"}}'],
  ["a text/plain body", "text/plain", "reason=x"],
  ["a body without a content type", undefined, "{}"],
];

let t: TestApp;
let consoleRoutes: RouteEntry[];
let schemeRoutes: RouteEntry[];
let access: Map<string, RegisteredConsoleRoute["access"]>;

beforeAll(async () => {
  t = await createTestApp({ env: CONSOLE_SCHEME_ENV });
  ({ console: consoleRoutes, scheme: schemeRoutes } = consoleAndSchemeRoutes(t.app));
  access = new Map(
    (await registeredConsoleRoutes(t)).map((route) => [
      `${route.method} ${CONSOLE_API}${route.path}`,
      route.access,
    ]),
  );
  // Signing out ends the session the later calls use: it goes last.
  consoleRoutes.sort((a, b) => Number(a.path.endsWith("/sign-out")) - Number(b.path.endsWith("/sign-out")));
});
afterAll(() => t?.close());

/** What a call sends: GET and DELETE no body, the others the bad one. */
const withBody = (
  method: string,
  contentType: string | undefined,
  payload: string,
): { payload?: string; contentType?: string } =>
  method === "GET" || method === "DELETE" ? {} : { payload, ...(contentType ? { contentType } : {}) };

describe("the routes", () => {
  it("are read from the router: every console call and every scheme call", () => {
    expect(consoleRoutes.length).toBeGreaterThanOrEqual(63);
    expect(schemeRoutes.length).toBeGreaterThanOrEqual(38);
    // Every console route the router holds declares its access.
    for (const route of consoleRoutes)
      expect(access.get(`${route.method} ${route.path}`), route.path).toBeDefined();
  });
});

describe("the console API", () => {
  it.each(BAD_BODIES)(
    "answers %s to every call, anonymous or signed in, with the envelope",
    async (_name, type, payload) => {
      const admin: SignedInOperator = await signedInOperator(
        t,
        "administrator",
        `admin-${Math.random().toString(36).slice(2, 10)}@example.com`,
      );
      for (const route of consoleRoutes) {
        const url = filled(route.path, () => "1");
        const body = withBody(route.method, type, payload);
        const headers = (extra: Record<string, string>) => ({
          ...(body.contentType ? { "content-type": body.contentType } : {}),
          ...extra,
        });
        const open = access.get(`${route.method} ${route.path}`) === "open";
        for (const [who, extra] of [
          ["anonymous", {}],
          ["signed in without the CSRF token", { cookie: admin.cookie }],
          ["signed in", { cookie: admin.cookie, "x-csrf-token": admin.csrf }],
        ] as const) {
          const answer = await probe(t, {
            method: route.method,
            url,
            headers: headers(extra),
            ...(body.payload !== undefined ? { payload: body.payload } : {}),
          });
          const context = `${who} ${route.method} ${url}: ${answer.status} ${answer.body.slice(0, 200)}`;
          expect(answer.problem, context).toBeNull();
          if (who === "anonymous" && !open) expect(answer.status, context).toBe(401);
          if (who === "signed in without the CSRF token" && !open && route.method === "POST")
            expect(answer.status, context).toBe(403);
        }
      }
    },
  );

  it("answers an unknown call 404 / 4040", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      const answer = await probe(t, { method, url: `${CONSOLE_API}/no-such-call` });
      expect(answer.problem).toBeNull();
      expect(answer.status).toBe(404);
    }
  });
});

describe("the coin scheme's API", () => {
  it.each(BAD_BODIES)(
    "answers %s to every call, with and without a key, with the envelope",
    async (_name, type, payload) => {
      for (const route of schemeRoutes) {
        const url = filled(route.path, () => "1");
        const body = withBody(route.method, type, payload);
        for (const caller of Object.keys(SCHEME_KEYS) as SchemeCaller[]) {
          const key = SCHEME_KEYS[caller];
          const answer = await probe(t, {
            method: route.method,
            url,
            headers: {
              ...(body.contentType ? { "content-type": body.contentType } : {}),
              ...(key ? { "x-api-key": key } : {}),
            },
            ...(body.payload !== undefined ? { payload: body.payload } : {}),
          });
          const context = `${caller} ${route.method} ${url}: ${answer.status} ${answer.body.slice(0, 200)}`;
          expect(answer.problem, context).toBeNull();
          if (caller === "none" || caller === "wrong") expect(answer.status, context).toBe(401);
        }
      }
    },
  );

  it("answers an unknown call 404 / 4040, with or without a key", async () => {
    for (const key of [null, SCHEME_KEYS.memberServer]) {
      const answer = await probe(t, {
        method: "GET",
        url: `${SCHEME_PREFIX}/no-such-call`,
        ...(key ? { headers: { "x-api-key": key } } : {}),
      });
      expect(answer.problem, answer.body).toBeNull();
      expect([401, 404]).toContain(answer.status);
    }
  });
});
