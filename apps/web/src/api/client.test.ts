import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "../lib/i18n.ts";
import { session } from "../lib/session.ts";
import { ApiError, call, REQUEST_TIMEOUT_MS, RETRY_DELAY_MS, setUnauthorizedHandler } from "./client.ts";
import { mediaUrl } from "./media.ts";

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

/** The failure a call threw. */
async function failureOf(pending: Promise<unknown>): Promise<ApiError> {
  const error = await pending.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("call", () => {
  it("calls a route by its name, at the base and path of the contract's route table", async () => {
    const api = mockApi({
      "GET /crm/store/7": ok({ id: 7 }),
      "POST /custom-api/api/Member/CheckPhone": { body: { code: 40003, message: "", payload: {} } },
    });
    expect(await call("store", { params: { id: "7" } })).toEqual({ code: 200, payload: { id: 7 } });
    const answer = await call("checkPhone", {
      body: { mobile_phone_prefix: "852", mobile_phone: "91234567" },
    });
    expect(answer.code).toBe(40003);
    expect(api.calls.map((item) => `${item.method} ${item.path}`)).toEqual([
      "GET /crm/store/7",
      "POST /custom-api/api/Member/CheckPhone",
    ]);
  });

  it("sends the member's token, or guest without one or when asked, and the language", async () => {
    const api = mockApi({ "GET /crm/user/profile": ok() });
    await call("profile");
    session.setToken("t0k3n");
    await changeLanguage("sc");
    await call("profile");
    await call("profile", { asGuest: true });
    expect(api.calls.map((item) => item.headers.authorization)).toEqual([
      "Bearer web:guest",
      "Bearer web:t0k3n",
      "Bearer web:guest",
    ]);
    expect(api.calls[1]?.headers["accept-language"]).toBe("zh-CN");
  });

  it("posts a form by default and JSON when asked; the query goes in the address", async () => {
    const api = mockApi({
      "POST /crm/user/subscription-preferences": ok(),
      "GET /crm/store": ok(),
      "POST /custom-api/custom/cuapp/customer/hcoin-create": ok(),
    });
    await call("saveSubscriptionPreferences", {
      body: { unsubscribe_reasons: [1, 3], email_subscription: null, do_not_call: undefined },
    });
    await call("createCoinAccount", { json: true, body: { id: 7 } });
    await call("stores", { query: { region: "3001", page: 2, district: undefined } });
    const [form, json] = vi.mocked(fetch).mock.calls.map((item) => item[1] as RequestInit);
    expect(new Headers(form?.headers).get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(form?.body).toBe("unsubscribe_reasons=1&unsubscribe_reasons=3&email_subscription=");
    expect(new Headers(json?.headers).get("content-type")).toBe("application/json");
    expect(json?.body).toBe('{"id":7}');
    expect(api.calls[2]?.url.search).toBe("?region=3001&page=2");
  });

  it("sends the same origin's cookies (the login's device cookie)", async () => {
    mockApi({ "GET /crm/store": ok() });
    await call("stores", {});
    const [init] = vi.mocked(fetch).mock.calls.map((item) => item[1] as RequestInit);
    expect(init?.credentials).toBe("same-origin");
  });

  it("throws a failure envelope as an ApiError with its status, code, text and details, without trying again", async () => {
    const api = mockApi({
      "POST /crm/auth/login-with-mobile-password": fail(400, 5000, "Wrong", { attempts_remaining: 4 }),
      "GET /crm/user/profile": fail(503, 5030, "Down"),
    });
    const body = { mobile_phone_prefix: "852", mobile_phone: "91234567", password: "x" };
    const login = await failureOf(call("login", { body }));
    expect(login).toMatchObject({ status: 400, code: 5000, message: "Wrong" });
    expect(login.details.attempts_remaining).toBe(4);
    const down = await failureOf(call("profile"));
    expect(down).toMatchObject({ status: 503, code: 5030 });
    expect(api.calls).toHaveLength(2);
  });

  it("reads codes given as numeric strings, and the code and text in the payload when not at the top", async () => {
    mockApi({
      "GET /crm/user/profile": {
        status: 400,
        body: { code: 400, payload: { error_code: "4201", error_message: "Expired" } },
      },
    });
    expect(await failureOf(call("profile"))).toMatchObject({ status: 400, code: 4201, message: "Expired" });
  });

  it("throws an answer that is not JSON as an ApiError without a code, even at HTTP 200", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>proxy</html>", { status: 200 })),
    );
    expect(await failureOf(call("profile"))).toMatchObject({ status: 200, code: null, message: "" });
  });

  it("tries a request that got no answer once more after 2 s, then throws a failure of status 0", async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    vi.stubGlobal("fetch", fetchMock);
    const pending = failureOf(call("profile"));
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ status: 0, code: null });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // The second try succeeding is the answer.
    fetchMock.mockReset();
    fetchMock
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(new Response(JSON.stringify({ code: 200, payload: { id: 1 } })));
    const retried = call("profile");
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(await retried).toEqual({ code: 200, payload: { id: 1 } });
  });

  it("gives each try 200 000 ms", async () => {
    const timeout = vi.spyOn(AbortSignal, "timeout");
    mockApi({ "GET /crm/user/profile": ok() });
    await call("profile");
    expect(timeout).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(200_000);
    timeout.mockRestore();
  });

  it("a 401 (status or body code) to the member's token ends the session", async () => {
    mockApi({
      "GET /crm/user/profile": fail(401, 4010, "Expired"),
      "POST /custom-api/api/Member/CheckEmail": { status: 200, body: { code: 401, payload: {} } },
    });
    session.setToken("old");
    expect(await failureOf(call("profile"))).toMatchObject({ status: 401, code: 4010 });
    expect(session.getToken()).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(1);
    session.setToken("old");
    expect(await failureOf(call("checkEmail", { body: { email: "a@b.co" } }))).toMatchObject({ status: 401 });
    expect(session.getToken()).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(2);
  });

  it("a 401 to a visitor's request (an expired unsubscribe link) leaves the session alone", async () => {
    mockApi({ "GET /crm/user/subscription-preferences": fail(401, 4010, "Expired") });
    session.setToken("member");
    const pending = call("subscriptionPreferences", { asGuest: true, query: { token: "stale" } });
    expect(await failureOf(pending)).toMatchObject({ status: 401 });
    expect(session.getToken()).toBe("member");
    expect(unauthorized).not.toHaveBeenCalled();
  });
});

describe("mediaUrl", () => {
  it("addresses media with the app id in the query (an <img> sends no header)", () => {
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
    await call("profile");
    await call("profile", { query: { include_custom_field: "1" }, asGuest: true });
    expect(api.calls).toHaveLength(2);
    const first = await call("profile", { query: { include_custom_field: "1" } });
    expect(first.payload).toEqual({ id: 1 });
    expect(api.calls).toHaveLength(2);
    const second = await call("profile", { query: { include_custom_field: "1" } });
    expect(second.payload).toEqual({ id: 2 });
    expect(api.calls).toHaveLength(3);
  });
});
