import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

/**
 * The security headers: the SPA's pages carry a Content-Security-Policy without inline or
 * eval'd script, and every answer (pages, assets, API successes and failures) nosniff, frame
 * protection and a Referrer-Policy. HSTS goes out only on answers that went over HTTPS.
 */

let dist: string;
let plain: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), "web-dist-"));
  await mkdir(join(dist, "assets"));
  await writeFile(
    join(dist, "index.html"),
    '<!doctype html><html><head><!--app-config--><script type="module" src="/assets/app-1a2b.js"></script></head><body></body></html>',
  );
  await writeFile(join(dist, "assets", "app-1a2b.js"), "console.log(1);");
  plain = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  proxied = await createTestApp({ env: { WEB_DIST_DIR: dist, TRUST_PROXY: "true" } });
});

afterAll(async () => {
  await plain?.close();
  await proxied?.close();
  await rm(dist, { recursive: true, force: true });
});

const PAGES = [
  "/",
  "/login",
  "/login?redirect=%2F%2Fevil.example",
  "/register/step3?data=x",
  "/pages/merchant/%3Cscript%3E",
  "/index.html",
  "/no/such/screen",
];

const API = [
  { method: "GET" as const, url: "/healthz" },
  { method: "GET" as const, url: "/crm/cms/banner?cms_location_code=welcome" },
  { method: "GET" as const, url: "/crm/user/profile" }, // 401
  { method: "POST" as const, url: "/crm/auth/login-with-mobile-password" }, // 400
  { method: "GET" as const, url: "/crm/no-such-call" }, // 404
  { method: "GET" as const, url: "/assets/app-1a2b.js" },
];

/** The CSP's directives by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

function expectCommonHeaders(headers: Record<string, unknown>, what: string) {
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["x-frame-options"], what).toMatch(/^(DENY|SAMEORIGIN)$/);
  expect(headers["referrer-policy"], what).toBeTruthy();
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

describe("the SPA's pages", () => {
  it.each(PAGES)(
    "%s: a CSP with no inline or eval'd script, nosniff, no framing, a Referrer-Policy",
    async (url) => {
      const res = await plain.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expectCommonHeaders(res.headers, url);
      const csp = directives(String(res.headers["content-security-policy"]));
      const scripts = csp.get("script-src") ?? csp.get("default-src") ?? [];
      expect(scripts).toContain("'self'");
      for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:"])
        expect(scripts, unsafe).not.toContain(unsafe);
      expect(csp.get("default-src")).toEqual(["'self'"]);
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'self'"]);
      expect(csp.get("form-action")).toEqual(["'self'"]);
      // No plugin content (<object>, <embed>) from anywhere, the app's origin included.
      expect(csp.get("object-src")).toEqual(["'none'"]);
      // The one inline script (the configuration) is allowed by its hash alone.
      expect(scripts.filter((source) => source.startsWith("'sha256-"))).toHaveLength(1);
    },
  );
});

describe("the API and the assets", () => {
  it.each(API)("$method $url: nosniff, no framing, a Referrer-Policy", async ({ method, url }) => {
    const res = await plain.app.inject({ method, url, headers: { authorization: "Bearer web:guest" } });
    expect(res.statusCode).toBeLessThan(500);
    expectCommonHeaders(res.headers, url);
  });
});

describe("caching", () => {
  // Answers about a member (profile, balance, codes) must not stay in a shared or browser cache.
  const CALLS = [
    { method: "GET" as const, url: "/crm/cms/banner?cms_location_code=welcome" },
    { method: "GET" as const, url: "/crm/user/profile" }, // 401
    { method: "POST" as const, url: "/crm/auth/login-with-mobile-password" }, // 400
    { method: "GET" as const, url: "/crm/no-such-call" }, // 404
    {
      method: "POST" as const,
      url: "/custom-api/api/Member/CheckEmail",
      payload: { email: "a@example.com" },
    },
    { method: "GET" as const, url: "/console/api/session" },
    { method: "GET" as const, url: "/console/api/no-such-call" },
    // The embedded scheme's answers (balances, vouchers) too; 401 without a key.
    { method: "GET" as const, url: "/coin-scheme/v1/accounts/H0000001" },
  ];

  it.each(CALLS)("$method $url: Cache-Control: no-store", async ({ method, url, ...rest }) => {
    const res = await plain.app.inject({
      method,
      url,
      headers: { authorization: "Bearer web:guest" },
      ...("payload" in rest ? { payload: rest.payload } : {}),
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.headers["cache-control"], url).toBe("no-store");
  });

  it("built files and pages keep their own caching", async () => {
    const asset = await plain.app.inject({ url: "/assets/app-1a2b.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await plain.app.inject({ url: "/login" })).headers["cache-control"]).toBe("no-cache");
  });
});

describe("HSTS", () => {
  const HSTS = /^max-age=\d{8,}; includeSubDomains$/;

  it.each([...PAGES.slice(0, 2), ...API.map((call) => call.url)])(
    "%s: sent behind a trusted proxy that says https, not over plain HTTP",
    async (url) => {
      const https = await proxied.app.inject({
        method: "GET",
        url,
        headers: { "x-forwarded-proto": "https" },
      });
      expect(https.headers["strict-transport-security"]).toMatch(HSTS);
      const http = await proxied.app.inject({ method: "GET", url, headers: { "x-forwarded-proto": "http" } });
      expect(http.headers["strict-transport-security"]).toBeUndefined();
      expect(
        (await proxied.app.inject({ method: "GET", url })).headers["strict-transport-security"],
      ).toBeUndefined();
    },
  );

  it("is not sent for an X-Forwarded-Proto the server does not trust (TRUST_PROXY off)", async () => {
    for (const url of [...PAGES, ...API.map((call) => call.url)]) {
      const res = await plain.app.inject({ method: "GET", url, headers: { "x-forwarded-proto": "https" } });
      expect(res.headers["strict-transport-security"], url).toBeUndefined();
    }
  });
});
