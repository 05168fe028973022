import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  codeOf,
  mediaUrl,
  REQUEST_TIMEOUT_MS,
  RETRY_DELAY_MS,
  request,
  setUnauthorizedHandler,
} from "./api-client.ts";
import { changeLanguage } from "./i18n.ts";
import { session } from "./session.ts";
import { fail, mockApi, ok } from "./test-app.tsx";

const unauthorized = vi.fn();
beforeEach(() => {
  unauthorized.mockClear();
  setUnauthorizedHandler(unauthorized);
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await changeLanguage("en");
});

describe("request", () => {
  it("sends the member's token, or guest without one or when asked, and the language", async () => {
    const api = mockApi({ "GET /crm/user/profile": ok(), "POST /crm/auth/logout": ok() });
    await request("GET", "crm", "/user/profile");
    session.setToken("t0k3n");
    await changeLanguage("sc");
    await request("GET", "crm", "/user/profile");
    await request("GET", "crm", "/user/profile", { asGuest: true });
    expect(api.calls.map((call) => call.headers.authorization)).toEqual([
      "Bearer web:guest",
      "Bearer web:t0k3n",
      "Bearer web:guest",
    ]);
    const headers = new Headers(((vi.mocked(fetch).mock.calls[1]?.[1] ?? {}) as RequestInit).headers);
    expect(headers.get("accept-language")).toBe("zh-CN");
  });

  it("posts a form by default and JSON when asked; the query goes in the address", async () => {
    const api = mockApi({ "POST /custom-api/api/hcoin-create": ok(), "POST /crm/auth/logout": ok() });
    await request("POST", "crm", "/auth/logout", { body: { reasons: [1, 3], email: null, skip: undefined } });
    await request("POST", "custom", "/api/hcoin-create", { json: true, body: { id: 7 }, query: { a: "b" } });
    const [form, json] = vi.mocked(fetch).mock.calls.map((call) => call[1] as RequestInit);
    expect(new Headers(form?.headers).get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(form?.body).toBe("reasons=1&reasons=3&email=");
    expect(new Headers(json?.headers).get("content-type")).toBe("application/json");
    expect(json?.body).toBe('{"id":7}');
    expect(api.calls[1]?.url.searchParams.get("a")).toBe("b");
  });

  it("hands an error answer back as the result, without trying again", async () => {
    const api = mockApi({
      "POST /crm/auth/login-with-mobile-password": fail(400, 5000, "Wrong", { left: 4 }),
    });
    const result = await request("POST", "crm", "/auth/login-with-mobile-password", { body: {} });
    expect(result).toMatchObject({
      code: 400,
      error_code: 5000,
      error_message: "Wrong",
      payload: { left: 4 },
    });
    expect(api.calls).toHaveLength(1);
    const serverError = mockApi({ "GET /crm/user/profile": fail(500, 5030, "Down") });
    expect(codeOf(await request("GET", "crm", "/user/profile"))).toBe(500);
    expect(serverError.calls).toHaveLength(1);
  });

  it("tries a request that got no answer once more after 2 s, then gives up with code 0", async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    vi.stubGlobal("fetch", fetchMock);
    const pending = request("GET", "crm", "/user/profile");
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // The second try succeeding is the answer.
    fetchMock.mockReset();
    fetchMock
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(new Response(JSON.stringify({ code: 200, payload: { ok: 1 } })));
    const retried = request("GET", "crm", "/user/profile");
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(await retried).toEqual({ code: 200, payload: { ok: 1 } });
  });

  it("gives each try 200 000 ms", async () => {
    const timeout = vi.spyOn(AbortSignal, "timeout");
    mockApi({ "GET /crm/user/profile": ok() });
    await request("GET", "crm", "/user/profile");
    expect(timeout).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(200_000);
    timeout.mockRestore();
  });

  it("a 401 (status or body code) to the member's token ends the session", async () => {
    mockApi({
      "GET /crm/user/profile": fail(401, 4010, "Expired"),
      "GET /custom-api/api/x": { status: 200, body: { code: 401, payload: {} } },
    });
    session.setToken("old");
    await request("GET", "crm", "/user/profile");
    expect(session.getToken()).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(1);
    session.setToken("old");
    await request("GET", "custom", "/api/x");
    expect(session.getToken()).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(2);
  });

  it("a 401 to a visitor's request (an expired unsubscribe link) leaves the session alone", async () => {
    mockApi({ "GET /crm/user/subscription-preferences": fail(401, 4010, "Expired") });
    session.setToken("member");
    const result = await request("GET", "crm", "/user/subscription-preferences", {
      asGuest: true,
      query: { token: "stale" },
    });
    expect(codeOf(result)).toBe(401);
    expect(session.getToken()).toBe("member");
    expect(unauthorized).not.toHaveBeenCalled();
  });
});

describe("codeOf and mediaUrl", () => {
  it("compares codes as numbers and addresses media with the app id, no header", () => {
    expect(codeOf({ code: "40006" })).toBe(40006);
    expect(mediaUrl("a/b")).toBe("/crm/media/a%2Fb?app_id=web");
  });
});

describe("an answer index.html asked for early", () => {
  afterEach(() => {
    delete (window as { __earlyResponses?: unknown }).__earlyResponses;
  });

  it("is taken once, for the same call with the same token, instead of asking again", async () => {
    const api = mockApi({ "GET /crm/user/profile": ok({ id: 2 }) });
    session.setToken("t0k3n");
    const early = { code: 200, payload: { id: 1 } };
    Object.assign(window, {
      __earlyResponses: [
        {
          url: "/crm/user/profile?include_custom_field=1",
          authorization: "Bearer web:t0k3n",
          response: Promise.resolve(new Response(JSON.stringify(early))),
        },
      ],
    });
    // Another query, then the same call as a visitor: neither matches.
    await request("GET", "crm", "/user/profile");
    await request("GET", "crm", "/user/profile", { query: { include_custom_field: 1 }, asGuest: true });
    expect(api.calls).toHaveLength(2);
    const first = await request("GET", "crm", "/user/profile", { query: { include_custom_field: 1 } });
    expect(first.payload).toEqual({ id: 1 });
    expect(api.calls).toHaveLength(2);
    const second = await request("GET", "crm", "/user/profile", { query: { include_custom_field: 1 } });
    expect(second.payload).toEqual({ id: 2 });
    expect(api.calls).toHaveLength(3);
  });
});
