import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInOperator, signedInOperator } from "../modules/console-api/console-test-support.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import {
  CONSOLE_SCHEME_ENV,
  consoleAndSchemeRoutes,
  filled,
  probe,
  SCHEME_KEYS,
  type SchemeCaller,
} from "./console-scheme-calls.ts";
import type { RouteEntry } from "./support.ts";

/**
 * Random and malformed input to every route of the operators' console API and of the coin
 * scheme's API, read from the router (so routes added or rebuilt later are fuzzed too): as
 * anonymous, a signed-in administrator with and without the CSRF token, and the scheme's callers
 * with and without a key. The answer is never a 5xx and always the envelope (or a console file).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

let t: TestApp;
let routes: RouteEntry[];
let fieldNames: string[];
let admin: SignedInOperator;

beforeAll(async () => {
  t = await createTestApp({ env: CONSOLE_SCHEME_ENV });
  const found = consoleAndSchemeRoutes(t.app);
  // Signing out would end the administrator's session for every later run.
  routes = [...found.console, ...found.scheme].filter((route) => !route.path.endsWith("/session/sign-out"));
  admin = await signedInOperator(t, "administrator");
  // Every property name the documented bodies have, so random objects hit real fields.
  const names = new Set<string>();
  JSON.stringify(t.app.swagger(), (key, value) => {
    if (key === "properties" && value && typeof value === "object") {
      for (const name of Object.keys(value)) names.add(name);
    }
    return value;
  });
  fieldNames = [...names];
});
afterAll(() => t?.close());

type Caller = "anonymous" | "session" | "sessionWithoutCsrf" | SchemeCaller;

const headersOf = (caller: Caller, contentType: string | undefined): Record<string, string> => {
  const headers: Record<string, string> = contentType === undefined ? {} : { "content-type": contentType };
  if (caller === "session" || caller === "sessionWithoutCsrf") headers.cookie = admin.cookie;
  if (caller === "session") headers["x-csrf-token"] = admin.csrf;
  const key = caller in SCHEME_KEYS ? SCHEME_KEYS[caller as SchemeCaller] : null;
  if (key) headers["x-api-key"] = key;
  return headers;
};

const fieldValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom("", " ", "0", "-1", "1e400", "NaN", "null", "\u0000", "💥", "<script>", "' OR 1=1 --"),
    fc.constantFrom("HF-CW01", "2026-12-25", "up", "down", "administrator", "welcome", "24-months", "a@b.hk"),
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  );

const key = () =>
  fc.oneof(
    // Read when generating: the names come from the app built in beforeAll.
    fc.nat().map((index) => fieldNames[index % fieldNames.length] as string),
    fc.constantFrom("__proto__", "constructor", "prototype", ""),
    fc.string({ maxLength: 20 }),
  );

type Body = { payload: string | Buffer; contentType: string | undefined };

const bodies: fc.Arbitrary<Body> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => ({
    payload: JSON.stringify(value) ?? "null",
    contentType: "application/json",
  })),
  fc.array(fc.tuple(key(), fieldValue()), { maxLength: 12 }).map((entries) => ({
    payload: JSON.stringify(Object.fromEntries(entries)),
    contentType: "application/json",
  })),
  fc
    .record({ value: fc.dictionary(key(), fieldValue(), { maxKeys: 6 }), cut: fc.nat() })
    .map(({ value, cut }) => {
      const text = JSON.stringify(value);
      return { payload: text.slice(0, cut % Math.max(1, text.length)), contentType: "application/json" };
    }),
  fc
    .record({
      contentType: fc.constantFrom(
        undefined,
        "",
        "text/plain",
        "application/xml",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=xyz",
        "application/json; charset=utf-16",
      ),
      payload: fc.oneof(
        fc.string({ maxLength: 100 }),
        fc.uint8Array({ maxLength: 100 }).map((bytes) => Buffer.from(bytes)),
      ),
    })
    .map(({ contentType, payload }) => ({ payload, contentType })),
  fc
    .record({ depth: fc.integer({ min: 10, max: 3_000 }), length: fc.integer({ min: 1_000, max: 60_000 }) })
    .chain(({ depth, length }) =>
      fc.constantFrom<Body>(
        { payload: `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`, contentType: "application/json" },
        {
          payload: JSON.stringify({ reason: "x".repeat(length), name: "字".repeat(length) }),
          contentType: "application/json",
        },
      ),
    ),
);

const pathValue = fc.oneof(
  fc.constantFrom("1", "0", "-1", "99999999999999999999", "1e400", "NaN", "%00", "x".repeat(300), "HF-CW01"),
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.integer().map(String),
);

const queryPart = fc
  .array(fc.tuple(key(), fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String))), { maxLength: 5 })
  .map((entries) => (entries.length === 0 ? "" : `?${new URLSearchParams(entries)}`));

const callers: Caller[] = [
  "anonymous",
  "session",
  "sessionWithoutCsrf",
  "none",
  "wrong",
  "memberServer",
  "till",
];

describe("random input to every console and scheme route", () => {
  it("reads every console and scheme route from the router", () => {
    expect(routes.length).toBeGreaterThanOrEqual(100);
    expect(fieldNames.length).toBeGreaterThan(50);
  });

  it("answers the envelope, never a 5xx", async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        bodies,
        fc.array(pathValue, { minLength: 3, maxLength: 3 }),
        queryPart,
        fc.constantFrom(...callers),
        async (route, body, values, query, caller) => {
          let index = 0;
          const url = `${filled(route.path, () => values[index++ % values.length] as string)}${query}`;
          const sendsBody = route.method !== "GET" && route.method !== "DELETE";
          const answer = await probe(t, {
            method: route.method,
            url,
            headers: headersOf(caller, sendsBody ? body.contentType : undefined),
            ...(sendsBody ? { payload: body.payload } : {}),
          });
          seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
          if (answer.problem)
            throw new Error(
              `${caller} ${route.method} ${url}: ${answer.problem}: ${answer.body.slice(0, 300)}`,
            );
        },
      ),
      { numRuns: RUNS * 8 },
    );
    // The callers with a session or a key got past the door: not everything was a 401.
    expect([...seen.keys()].some((status) => status !== 401)).toBe(true);
  });
});
