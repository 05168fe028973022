import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, failureOf, formBody, pathWith, readAnswer, searchOf, send } from "./fetch-client.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const GET = { method: "GET", headers: {} } as const;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe("addresses", () => {
  it("fills a path's parameters, encoded", () => {
    expect(pathWith("/pages/:location/:slug", { location: "a/b", slug: 7 })).toBe("/pages/a%2Fb/7");
  });

  it("writes the query without undefined values, and without empty ones when asked", () => {
    expect(searchOf({ q: "9123 4567", page: 2, none: undefined, empty: "" })).toBe(
      "?q=9123+4567&page=2&empty=",
    );
    expect(searchOf({ empty: "", action: "x" }, { dropEmpty: true })).toBe("?action=x");
    expect(searchOf({})).toBe("");
  });

  it("writes a form with repeated keys for lists, null as empty, undefined left out", () => {
    expect(formBody({ a: [1, 2], b: null, c: undefined, d: true }).toString()).toBe("a=1&a=2&b=&d=true");
  });
});

describe("send", () => {
  it("sends with the same origin's cookies, the headers and body, and a timeout per try", async () => {
    const timeout = vi.spyOn(AbortSignal, "timeout");
    const fetchMock = vi.fn(async () => json({ code: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await send("/x", { method: "POST", headers: { "x-csrf-token": "t" }, body: "{}" }, { timeoutMs: 1234 });
    expect(fetchMock).toHaveBeenCalledWith(
      "/x",
      expect.objectContaining({
        method: "POST",
        headers: { "x-csrf-token": "t" },
        body: "{}",
        credentials: "same-origin",
      }),
    );
    expect(timeout).toHaveBeenCalledWith(1234);
    timeout.mockRestore();
  });

  it("without a retry, no answer is an ApiError of status 0 at once", async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError("offline"));
    vi.stubGlobal("fetch", fetchMock);
    await expect(send("/x", GET, { timeoutMs: 10 })).rejects.toMatchObject({ status: 0, code: null });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("with a retry, tries once more after the wait, and the second answer is the answer", async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("offline"))
      .mockResolvedValueOnce(json({ code: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const pending = send("/x", GET, { timeoutMs: 10, retryAfterMs: 500 });
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);
    fetchMock.mockReset().mockRejectedValue(new TypeError("offline"));
    const failing = send("/x", GET, { timeoutMs: 10, retryAfterMs: 500 }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    expect(await failing).toMatchObject({ status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("takes an answer already on its way instead of asking", async () => {
    const fetchMock = vi.fn(async () => json({ code: 200, payload: "asked" }));
    vi.stubGlobal("fetch", fetchMock);
    const response = await send("/x", GET, {
      timeoutMs: 10,
      early: () => Promise.resolve(json({ payload: "early" })),
    });
    expect(await response.json()).toEqual({ payload: "early" });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("answers", () => {
  it("reads the envelope, with codes given as numeric strings read as numbers", async () => {
    expect(await readAnswer(json({ code: "200", payload: {} }))).toEqual({
      status: 200,
      ok: true,
      body: { code: 200, payload: {} },
    });
  });

  it("takes a body whose code is 401 for a 401 whatever the HTTP status", async () => {
    expect(await readAnswer(json({ code: 401 }))).toMatchObject({ status: 401, ok: false });
  });

  it("an answer that is not JSON has no body", async () => {
    expect(await readAnswer(new Response("<html>bad gateway</html>", { status: 502 }))).toEqual({
      status: 502,
      ok: false,
      body: undefined,
    });
  });

  it("a failure carries its status, code, text and details, from the top or the payload", () => {
    const top = failureOf(400, {
      code: 400,
      error_code: 4000,
      error_message: "Invalid",
      payload: { error_code: 4000, error_message: "Invalid", errors: [{ field: "email", rule: "email" }] },
    });
    expect(top).toBeInstanceOf(ApiError);
    expect(top).toMatchObject({ status: 400, code: 4000, message: "Invalid" });
    expect(top.details.errors).toEqual([{ field: "email", rule: "email" }]);
    expect(
      failureOf(400, { code: 400, payload: { error_code: "4201", error_message: "Expired" } }),
    ).toMatchObject({
      code: 4201,
      message: "Expired",
    });
    expect(failureOf(200, { code: 40010, message: "Taken" })).toMatchObject({ code: null, message: "Taken" });
    expect(failureOf(502, undefined)).toMatchObject({ status: 502, code: null, message: "" });
  });
});
