import { channel } from "node:diagnostics_channel";
import { CONTRACT } from "@hcoins/domain/api/contract";
import { serverPath } from "@hcoins/domain/api/routes";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../errors.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { authHeaderPlugin } from "./auth-header.ts";
import { route } from "./member-route.ts";

/** A route of the members' API as Fastify registered it: method, path and the access it was given. */
interface RegisteredRoute {
  method: string;
  url: string;
  access: unknown;
}

const MEMBER_BASES = /^\/(crm|custom-api)\//;

let t: TestApp;
let registered: RegisteredRoute[];
let documented: { method: string; url: string; queryNames: string[] }[];

/**
 * Builds the real app and records every route it registers, from Fastify's own onRoute hook on the
 * root instance (reached through the `fastify.initialization` diagnostics channel, before any plugin
 * registers a route): the list is the server's, never one written here.
 */
beforeAll(async () => {
  const routes: RegisteredRoute[] = [];
  const initialization = channel("fastify.initialization");
  const listen = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook("onRoute", (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method !== "HEAD" && MEMBER_BASES.test(route.url))
          routes.push({ method, url: route.url, access: route.config?.access });
      }
    });
  };
  initialization.subscribe(listen);
  try {
    t = await createTestApp();
  } finally {
    initialization.unsubscribe(listen);
  }
  registered = routes;

  const docs = await t.app.inject({ method: "GET", url: "/docs/json" });
  const paths = (
    docs.json() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> }
  ).paths;
  documented = Object.entries(paths).flatMap(([url, operations]) =>
    MEMBER_BASES.test(url)
      ? Object.entries(operations).map(([method, operation]) => ({
          method: method.toUpperCase(),
          url: url.replace(/\{(\w+)\}/g, ":$1"),
          queryNames: (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        }))
      : [],
  );
});
afterAll(() => t?.close());

/** The access the contract gives a route's method and path (several entries may share one, as the stores path does). */
const contractAccess = (method: string, url: string) => [
  ...new Set(
    Object.values(CONTRACT)
      .filter((entry) => entry.method === method && serverPath(entry) === url)
      .map((entry) => entry.access),
  ),
];

/** A call whose input is wrong for every schema: a body that is no object, each query value far too long. */
function invalidCall(route: { method: string; url: string }, authorization: string | null) {
  const operation = documented.find((op) => op.method === route.method && op.url === route.url);
  const query = new URLSearchParams(
    (operation?.queryNames ?? []).map((name): [string, string] => [name, "x".repeat(2000)]),
  );
  const url = `${route.url.replace(/:(\w+)/g, "x")}${query.size > 0 ? `?${query}` : ""}`;
  return t.app.inject({
    method: route.method as "GET" | "POST",
    url,
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(route.method === "POST" ? { "content-type": "application/json" } : {}),
    },
    ...(route.method === "POST" ? { payload: "[0]" } : {}),
  });
}

const ANONYMOUS = [
  ["a guest token", "Bearer web:guest"],
  ["no Authorization header", null],
] as const;

describe("the members' API, closed by default and driven by its contract", () => {
  it("documents exactly the routes it registers", () => {
    const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    expect(registered.length).toBeGreaterThanOrEqual(30);
    expect(documented.map(key).sort()).toEqual(registered.map(key).sort());
  });

  it("registers every route with the access of its contract entry", () => {
    const mismatched = registered
      .map((route) => ({ ...route, contract: contractAccess(route.method, route.url) }))
      .filter((route) => route.contract.length !== 1 || route.contract[0] !== route.access);
    expect(mismatched).toEqual([]);
  });

  it("answers every operation not open to guests, called anonymously with invalid input, with 401 and no field errors", async () => {
    const answers: string[] = [];
    // A route the contract does not know is treated as protected: that is what closed by default means.
    const protectedRoutes = registered.filter((route) => {
      const access = contractAccess(route.method, route.url);
      return !(access.length === 1 && access[0] === "guest");
    });
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(12);
    for (const route of protectedRoutes) {
      for (const [label, authorization] of ANONYMOUS) {
        const res = await invalidCall(route, authorization);
        const body = res.json() as { error_code?: number; payload?: { errors?: unknown } };
        if (res.statusCode !== 401 || body.error_code !== 4010 || body.payload?.errors !== undefined)
          answers.push(`${route.method} ${route.url} with ${label}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it("refuses a member-only call before reading its body: malformed JSON from a guest is a 401", async () => {
    const answers: string[] = [];
    for (const route of registered.filter((r) => r.method === "POST")) {
      if (contractAccess(route.method, route.url)[0] !== "member") continue;
      const res = await t.app.inject({
        method: "POST",
        url: route.url,
        headers: { authorization: "Bearer web:guest", "content-type": "application/json" },
        payload: "{",
      });
      if (res.statusCode !== 401) answers.push(`${route.url}: ${res.statusCode} ${res.body}`);
    }
    expect(answers).toEqual([]);
  });

  it("lets a guest token through to every guest operation", async () => {
    const answers: string[] = [];
    const guestRoutes = registered.filter((route) => contractAccess(route.method, route.url)[0] === "guest");
    expect(guestRoutes.length).toBeGreaterThanOrEqual(15);
    for (const route of guestRoutes) {
      const res = await invalidCall(route, "Bearer web:guest");
      if (res.statusCode === 401) answers.push(`${route.method} ${route.url}: ${res.body}`);
    }
    expect(answers).toEqual([]);
  });
});

describe("a route without its access check", () => {
  /** A server with the auth-header plugin over the test app's own members and links. */
  const guardedServer = () => {
    const server = Fastify();
    server.register(async (api) => {
      await api.register(authHeaderPlugin, {
        appIds: ["web"],
        memberFor: (token) => t.app.services.members.memberForAccessToken(token),
        linkTokenMember: (token) => t.app.services.subscriptions.memberFromLinkToken(token),
      });
      api.post("/crm/user/change-password", async () => ok({}));
    });
    return server;
  };

  it("cannot be registered where the access check runs: the server does not start", async () => {
    const server = guardedServer();
    await expect(server.ready()).rejects.toThrow(/POST \/crm\/user\/change-password declares no access/);
    await server.close();
  });

  it("cannot be declared from the contract outside a scope with the access check", async () => {
    const server = Fastify();
    server.register(async (unguarded) => {
      route(unguarded, CONTRACT.changePassword, async () => ok({}));
    });
    await expect(server.ready()).rejects.toThrow(/outside a scope with the auth-header plugin/);
    await server.close();
  });
});
