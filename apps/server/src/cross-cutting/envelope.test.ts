import { ERROR_MESSAGES } from "@hcoins/domain/codes";
import { describe, expect, it } from "vitest";
import { nextPhone, registerMember } from "../testing/flows.ts";
import type { TestApp } from "../testing/test-app.ts";
import { testApps } from "../testing/test-apps.ts";
import {
  apiRoutes,
  documentedRoutes,
  expectFailure,
  expectSuccess,
  MEMBER_CALLS,
  routeKey,
} from "./support.ts";

const DAY = 86_400_000;

const { shared, fresh: start } = testApps();

const phoneBody = (phone: string) => ({ mobile_phone_prefix: "852", mobile_phone: phone });

/** A raw request, for what `t.call` cannot send (other methods, raw bodies, odd headers). */
async function raw(
  t: TestApp,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  options: { payload?: string; contentType?: string; authorization?: string | null } = {},
) {
  const headers: Record<string, string> = {};
  if (options.authorization !== null) headers.authorization = options.authorization ?? "Bearer web:guest";
  if (options.contentType) headers["content-type"] = options.contentType;
  const response = await t.app.inject({
    method,
    url,
    headers,
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });
  return {
    status: response.statusCode,
    body: response.json(),
    contentType: response.headers["content-type"],
  };
}

describe("the envelope", () => {
  it("wraps a success in {code: 200, payload}", async () => {
    const t = await shared();
    const res = await t.call("POST", "/crm/registration/request-sms-token", { body: phoneBody(nextPhone()) });
    expectSuccess(res);
    expect(res.body).toEqual({
      code: 200,
      payload: { resend_after_seconds: 60, expires_in_seconds: 300 },
    });
  });

  it("wraps a failure in code, error_code, error_message and a payload repeating both", async () => {
    const t = await shared();
    const res = await t.call("POST", "/crm/registration/request-sms-token", {
      body: { mobile_phone_prefix: "852", mobile_phone: "123" },
      lang: "en",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      error_code: 4000,
      error_message: ERROR_MESSAGES[4000].en,
      payload: {
        error_code: 4000,
        error_message: ERROR_MESSAGES[4000].en,
        errors: [{ field: "mobile_phone", rule: "mobileLength8" }],
      },
    });
  });

  it("answers valid input to the custom API's Member calls with HTTP 200 and a domain code", async () => {
    const t = await shared();
    const res = await t.call("POST", "/custom-api/api/Member/CheckPhone", { body: phoneBody(nextPhone()) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 40003, payload: {} });
    expect(typeof res.body.message).toBe("string");
    const invalid = await t.call("POST", "/custom-api/api/Member/CheckEmail", { body: { email: "nope" } });
    expectFailure(invalid, 400, 4000);
    expect(invalid.body.payload.errors).toEqual([{ field: "email", rule: "emailFormat" }]);
  });

  it.each([
    ["an unknown CRM path", "GET", "/crm/no-such-thing"],
    ["an unknown custom API path", "POST", "/custom-api/api/Member/NoSuchCall"],
    ["an unknown deep path", "GET", "/crm/user/profile/extra/segments"],
    ["DELETE on a POST call", "DELETE", "/crm/auth/logout"],
    ["PUT on a GET and POST call", "PUT", "/crm/user/profile"],
    ["PATCH on a POST call", "PATCH", "/crm/registration/request-sms-token"],
    ["GET on a POST-only call", "GET", "/crm/auth/login-with-mobile-password"],
  ] as const)("answers %s with 404 / 4040", async (_name, method, url) => {
    const t = await shared();
    const res = await raw(t, method, url);
    expectFailure(res, 404, 4040);
    expect(res.contentType).toMatch(/^application\/json/);
  });

  it.each([
    ["malformed JSON", "application/json", '{"mobile_phone_prefix": "852",'],
    ["an empty JSON body", "application/json", ""],
    ["a JSON array", "application/json", '["852", "91234567"]'],
    ["a JSON string", "application/json", '"852 91234567"'],
    ["a JSON number", "application/json", "852"],
    ["a prototype-polluting key", "application/json", '{"__proto__": {"mobile_phone": "91234567"}}'],
    ["a text/plain body", "text/plain", "mobile_phone=91234567"],
    ["an XML body", "application/xml", "<mobile_phone>91234567</mobile_phone>"],
    // A body over the size limit is 413 / 4130: abuse-body-size.test.ts.
  ])("answers %s with 400 / 4000, never a 500", async (_name, contentType, payload) => {
    const t = await shared();
    for (const url of [
      "/crm/registration/request-sms-token",
      "/crm/auth/login-with-mobile-password",
      "/custom-api/api/Member/CheckPhone",
    ]) {
      const res = await raw(t, "POST", url, { payload, contentType });
      expectFailure(res, 400, 4000);
      expect(res.body.payload.errors.length, url).toBeGreaterThan(0);
    }
  });

  it("accepts form-encoded bodies like JSON ones, numbers as strings", async () => {
    const t = await shared();
    const res = await t.call("POST", "/crm/registration/request-sms-token", {
      body: phoneBody(nextPhone()),
      form: true,
    });
    expectSuccess(res);
  });

  it("treats a trailing slash as optional on every path", async () => {
    const t = await shared();
    const member = await registerMember(t);
    for (const [method, url, token] of [
      ["POST", "/custom-api/api/Member/CheckPhone", undefined],
      ["GET", "/crm/user/profile", member.token],
      ["GET", "/crm/user/subscription-preferences", member.token],
      ["GET", "/healthz", null],
    ] as const) {
      const body = method === "POST" ? phoneBody(member.phone) : undefined;
      const bare = await t.call(method, url, { token, ...(body ? { body } : {}) });
      const slashed = await t.call(method, `${url}/`, { token, ...(body ? { body } : {}) });
      expect(bare.status, url).toBe(200);
      expect(slashed.status, `${url}/`).toBe(200);
      expect(slashed.body).toEqual(bare.body);
    }
  });
});

describe("Accept-Language", () => {
  it.each([
    ["en", "en"],
    ["en-US,en;q=0.9", "en"],
    ["zh-HK", "tc"],
    ["zh-CN", "sc"],
    ["fr-FR", "tc"],
    [undefined, "tc"],
  ] as const)("%s picks the %s error messages", async (header, language) => {
    const t = await shared();
    const headers = header ? { "accept-language": header } : undefined;
    const unauthenticated = await t.call("GET", "/crm/user/profile", { ...(headers ? { headers } : {}) });
    expectFailure(unauthenticated, 401, 4010);
    expect(unauthenticated.body.error_message).toBe(ERROR_MESSAGES[4010][language]);
    const invalid = await t.call("POST", "/crm/auth/login-with-mobile-password", {
      body: {},
      ...(headers ? { headers } : {}),
    });
    expectFailure(invalid, 400, 4000);
    expect(invalid.body.error_message).toBe(ERROR_MESSAGES[4000][language]);
    expect(invalid.body.payload.error_message).toBe(ERROR_MESSAGES[4000][language]);
  });

  it("gives the three languages three different texts", async () => {
    const t = await shared();
    const texts = new Set<string>();
    for (const lang of ["en", "zh-HK", "zh-CN"]) {
      const res = await t.call("POST", "/crm/auth/reset-password", {
        body: { token: "unknown", new_password: "Secret123x" },
        lang,
      });
      expectFailure(res, 400, 4201);
      texts.add(res.body.error_message);
    }
    expect(texts).toEqual(
      new Set([ERROR_MESSAGES[4201].en, ERROR_MESSAGES[4201].tc, ERROR_MESSAGES[4201].sc]),
    );
  });
});

describe("Authorization", () => {
  const BAD_HEADERS: [string, string | null][] = [
    ["a missing header", null],
    ["an unknown app id", "Bearer ios:guest"],
    ["a header without the bearer scheme", "web:guest"],
    ["a Basic header", "Basic d2ViOmd1ZXN0"],
    ["a header without a token", "Bearer web"],
    ["a header with an empty token", "Bearer web:"],
    ["a header with an empty app id", "Bearer :guest"],
    ["a header with trailing words", "Bearer web:guest extra"],
    ["a lower-case scheme with an unknown app", "bearer nope:guest"],
  ];

  it.each(BAD_HEADERS)(
    "answers %s with 401 / 4010 on guest calls, sending nothing",
    async (_name, header) => {
      const t = await shared();
      const phone = nextPhone();
      for (const url of ["/crm/registration/request-sms-token", "/custom-api/api/Member/CheckPhone"]) {
        const res = await t.call("POST", url, {
          token: null,
          body: phoneBody(phone),
          ...(header ? { headers: { authorization: header } } : {}),
        });
        expectFailure(res, 401, 4010);
      }
      expect(await t.smsCodes("852", phone)).toEqual([]);
    },
  );

  it.each(BAD_HEADERS)("answers %s with 401 / 4010 on member calls", async (_name, header) => {
    const t = await shared();
    for (const call of MEMBER_CALLS) {
      const res = await t.call(call.method, call.url, {
        token: null,
        ...(call.body ? { body: call.body } : {}),
        ...(header ? { headers: { authorization: header } } : {}),
      });
      expectFailure(res, 401, 4010);
    }
  });

  it("answers every member call made as guest with 401 / 4010", async () => {
    const t = await shared();
    for (const call of MEMBER_CALLS) {
      const res = await t.call(call.method, call.url, call.body ? { body: call.body } : {});
      expectFailure(res, 401, 4010);
    }
  });

  it("answers an unknown token with 401 on member and guest calls alike", async () => {
    const t = await shared();
    const unknown = "A".repeat(43);
    for (const call of MEMBER_CALLS) {
      expectFailure(await t.call(call.method, call.url, { token: unknown, body: call.body }), 401, 4010);
    }
    const phone = nextPhone();
    expectFailure(
      await t.call("POST", "/crm/registration/request-sms-token", { token: unknown, body: phoneBody(phone) }),
      401,
      4010,
    );
    expectFailure(
      await t.call("POST", "/custom-api/api/Member/CheckEmail", {
        token: unknown,
        body: { email: "a@b.hk" },
      }),
      401,
      4010,
    );
    expect(await t.smsCodes("852", phone)).toEqual([]);
  });

  it("accepts a token for 30 days and answers 401 once it expired, guest calls included", async () => {
    const t = await start();
    const member = await registerMember(t);
    t.clock.advance(29 * DAY);
    expectSuccess(await t.call("GET", "/crm/user/profile", { token: member.token }));
    t.clock.advance(2 * DAY);
    expectFailure(await t.call("GET", "/crm/user/profile", { token: member.token }), 401, 4010);
    expectFailure(
      await t.call("POST", "/custom-api/api/Member/CheckPhone", {
        token: member.token,
        body: phoneBody(member.phone),
      }),
      401,
      4010,
    );
    expectFailure(
      await t.call("POST", "/crm/registration/request-sms-token", {
        token: member.token,
        body: phoneBody(nextPhone()),
      }),
      401,
      4010,
    );
  });

  it("answers a revoked (logged out) token with 401 on member and guest calls", async () => {
    const t = await shared();
    const member = await registerMember(t);
    expectSuccess(await t.call("GET", "/crm/user/profile", { token: member.token }));
    expectSuccess(await t.call("POST", "/crm/auth/logout", { token: member.token }));
    for (const call of MEMBER_CALLS) {
      expectFailure(await t.call(call.method, call.url, { token: member.token, body: call.body }), 401, 4010);
    }
    expectFailure(
      await t.call("POST", "/custom-api/api/Member/CheckEmail", {
        token: member.token,
        body: { email: "free@example.com" },
      }),
      401,
      4010,
    );
    // The same call as guest works: the 401 came from the revoked token.
    const guest = await t.call("POST", "/custom-api/api/Member/CheckEmail", {
      body: { email: "free@example.com" },
    });
    expect(guest.body.code).toBe(200);
  });

  it("accepts each app id listed in APP_IDS, and only those", async () => {
    const t = await start({ APP_IDS: "web, companion" });
    const member = await registerMember(t);
    for (const appId of ["web", "companion"]) {
      const guest = await t.call("POST", "/crm/registration/request-sms-token", {
        token: null,
        headers: { authorization: `Bearer ${appId}:guest` },
        body: phoneBody(nextPhone()),
      });
      expectSuccess(guest);
      const asMember = await t.call("GET", "/crm/user/profile", {
        token: null,
        headers: { authorization: `Bearer ${appId}:${member.token}` },
      });
      expectSuccess(asMember);
      expect(asMember.body.payload.mobile_phone).toBe(member.phone);
    }
    const other = await t.call("GET", "/crm/user/profile", {
      token: null,
      headers: { authorization: `Bearer ios:${member.token}` },
    });
    expectFailure(other, 401, 4010);
  });

  it("does not ask for Authorization on the health check", async () => {
    const t = await shared();
    const res = await t.call("GET", "/healthz", { token: null });
    expect(res.status).toBe(200);
  });
});

describe("GET /docs/json", () => {
  it("is an OpenAPI document listing every API route registered", async () => {
    const t = await shared();
    const res = await t.call("GET", "/docs/json", { token: null });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.info.title).toEqual(expect.any(String));
    const documented = documentedRoutes(res.body).map(routeKey).sort();
    const registered = apiRoutes(t.app).map(routeKey).sort();
    // The contract's calls implemented so far, so an empty route list cannot pass.
    expect(registered).toEqual(
      expect.arrayContaining([
        "POST /crm/registration/request-sms-token",
        "POST /crm/registration/register-token-status",
        "POST /crm/registration/register-with-mobile",
        "POST /crm/auth/login-with-mobile-password",
        "POST /crm/auth/logout",
        "POST /crm/auth/forgot-password-with-mobile",
        "POST /crm/auth/reset-password-token-status",
        "POST /crm/auth/reset-password",
        "POST /crm/auth/signature-login",
        "GET /crm/user/profile",
        "POST /crm/user/profile",
        "POST /crm/user/change-password",
        "POST /crm/user/set-password",
        "GET /crm/user/subscription-preferences",
        "POST /crm/user/subscription-preferences",
        "POST /custom-api/api/Member/CheckPhone",
        "POST /custom-api/api/Member/CheckEmail",
        "POST /custom-api/api/Member/VerifyMemberId",
      ]),
    );
    expect(documented.filter((key) => / \/(crm|custom-api)\//.test(key))).toEqual(registered);
    for (const [path, operations] of Object.entries(res.body.paths)) {
      for (const operation of Object.values(operations as Record<string, { summary?: string }>)) {
        expect(operation.summary, path).toEqual(expect.any(String));
      }
    }
  });
});
