import { Writable } from "node:stream";
import { ERROR_HTTP_STATUS, type ErrorCodeValue } from "@hcoins/domain/codes";
import type { RouteEntry } from "@hcoins/server-kit/route-list";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

export type { RouteEntry };

/** Shared by the cross-cutting suites: envelope checks and the app's route list. */

export const usePostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");
export const useRedis = /^rediss?:\/\//.test(process.env.REDIS_URL ?? "");

// biome-ignore lint/suspicious/noExplicitAny: envelopes are read freely
type Body = any;

/** The contract's failure envelope, with the HTTP status the error code maps to. */
export function expectFailure(res: { status: number; body: Body }, status: number, errorCode: number) {
  const context = JSON.stringify(res.body);
  expect(res.status, context).toBe(status);
  expect(res.body, context).toMatchObject({
    code: status,
    error_code: errorCode,
    payload: { error_code: errorCode },
  });
  expect(typeof res.body.error_message).toBe("string");
  expect(res.body.error_message.length).toBeGreaterThan(0);
  expect(res.body.payload.error_message).toBe(res.body.error_message);
}

/** The contract's success envelope: HTTP 200, `{code: 200, payload}`. */
export function expectSuccess(res: { status: number; body: Body }) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code).toBe(200);
  expect(res.body).toHaveProperty("payload");
  expect(typeof res.body.payload).toBe("object");
  expect(res.body.payload).not.toBeNull();
}

/**
 * Whatever a call answers must be one of the contract's shapes: a failure envelope whose
 * error code maps to the HTTP status, a success envelope (the custom API's Member calls
 * carry a domain code), or signature-login's `{Status}` answer. Returns a reason or null.
 */
export function envelopeProblem(
  url: string,
  status: number,
  contentType: string,
  raw: string,
): string | null {
  if (status >= 500) return `HTTP ${status}`;
  if (!/^application\/json/.test(contentType)) return `content-type ${contentType}`;
  let body: Body;
  try {
    body = JSON.parse(raw);
  } catch {
    return "body is not JSON";
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "body is not an object";
  if (status === 200) {
    if (url.startsWith("/crm/auth/signature-login")) {
      return body.Status === "Success" || body.Status === "Fail" ? null : "no Status";
    }
    if (typeof body.code !== "number") return "no numeric code";
    if (typeof body.payload !== "object" || body.payload === null) return "no payload";
    // The custom API answers valid input with a domain code (40003, 40010, the coin calls' codes…).
    if (!url.startsWith("/custom-api/") && body.code !== 200) return "code is not 200";
    return null;
  }
  const errorCode = body.error_code as ErrorCodeValue;
  if (body.code !== status) return "code differs from the HTTP status";
  if (!Number.isInteger(errorCode)) return "no integer error_code";
  if (ERROR_HTTP_STATUS[errorCode] !== status) return `error_code ${errorCode} does not map to ${status}`;
  if (typeof body.error_message !== "string" || body.error_message === "") return "no error_message";
  if (body.payload?.error_code !== errorCode || body.payload?.error_message !== body.error_message) {
    return "payload does not repeat the error";
  }
  if (errorCode === 4000) {
    const errors = body.payload.errors;
    if (!Array.isArray(errors) || errors.length === 0) return "4000 without payload.errors";
    for (const error of errors) {
      if (typeof error?.field !== "string" || typeof error?.rule !== "string")
        return "malformed payload.errors";
    }
  }
  return null;
}

/** Every route the app registered (server-kit's route-list.ts keeps them as onRoute sees them). */
export function registeredRoutes(app: FastifyInstance): RouteEntry[] {
  return [...app.routeList()];
}

/** The API routes (the two bases), in OpenAPI's spelling of path parameters. */
export function apiRoutes(app: FastifyInstance): RouteEntry[] {
  return registeredRoutes(app)
    .filter((route) => /^\/(crm|custom-api)(\/|$)/.test(route.path))
    .map((route) => ({ method: route.method, path: route.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}") }));
}

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document
export function documentedRoutes(doc: any): RouteEntry[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, operations]) =>
    Object.keys(operations as object)
      .filter((key) => ["get", "post", "put", "patch", "delete"].includes(key))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
}

export const routeKey = (route: RouteEntry) => `${route.method} ${route.path}`;

/** Member calls of the contract with a body that passes validation, for the 401 checks. */
export const MEMBER_CALLS: { method: "GET" | "POST"; url: string; body?: Record<string, unknown> }[] = [
  { method: "GET", url: "/crm/user/profile?include_custom_field=1" },
  { method: "POST", url: "/crm/user/profile", body: { first_name: "Tai Man" } },
  {
    method: "POST",
    url: "/crm/user/change-password",
    body: { old_password: "Secret123x", new_password: "Other456y" },
  },
  { method: "POST", url: "/crm/user/set-password", body: { new_password: "Other456y" } },
  { method: "POST", url: "/crm/auth/logout", body: {} },
  { method: "GET", url: "/crm/user/subscription-preferences" },
  { method: "POST", url: "/crm/user/subscription-preferences", body: { email_subscription: 1 } },
];

/** A Writable that keeps every log line, for createTestApp's `logStream`. */
export function logCollector() {
  const lines: string[] = [];
  let pending = "";
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      pending += chunk.toString();
      const parts = pending.split("\n");
      pending = parts.pop() ?? "";
      lines.push(...parts.filter((line) => line.trim() !== ""));
      done();
    },
  });
  return { lines, stream };
}
