import { consoleMembers, consoleSession } from "@hcoins/domain/api/console";
import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../lib/test-app.tsx";
import { ApiError, call, callUrl, setCsrfToken, setUnauthorizedHandler } from "./client.ts";

afterEach(() => {
  setCsrfToken(null);
  setUnauthorizedHandler(() => {});
  vi.unstubAllGlobals();
});

describe("the console's client", () => {
  it("sends the session's CSRF token on a POST only, with the cookie (same origin)", async () => {
    const api = mockApi({ "GET /members": ok({ members: [] }), "POST /members/3/unlock": ok({}) });
    setCsrfToken("abc");
    await call(consoleMembers.search, { query: { q: "9123 4567" } });
    await call(consoleMembers.unlock, { params: { id: 3 }, body: { reason: "asked" } });
    const [get, post] = api.calls;
    expect(get?.url.search).toBe("?q=9123+4567");
    expect(get?.headers["x-csrf-token"]).toBeUndefined();
    expect(post?.headers["x-csrf-token"]).toBe("abc");
    expect(post?.headers["content-type"]).toBe("application/json");
    expect(post?.json).toEqual({ reason: "asked" });
    expect(api.calls.every((each) => each.credentials === "same-origin")).toBe(true);
  });

  it("throws the envelope's failure with its details", async () => {
    mockApi({ "POST /session/sign-in": fail(401, 4241, "Sign-in failed", { attempts_remaining: 1 }) });
    const error = await call(consoleSession.signIn, { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 4241, details: { attempts_remaining: 1 } });
  });

  it("tells the app of a 401 and forgets the CSRF token", async () => {
    const api = mockApi({ "GET /members/1": fail(401, 4010, "Sign in"), "POST /session/sign-out": ok({}) });
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    setCsrfToken("abc");
    await expect(call(consoleMembers.detail, { params: { id: 1 } })).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    await call(consoleSession.signOut);
    expect(api.called("POST /session/sign-out")[0]?.headers["x-csrf-token"]).toBeUndefined();
  });

  it("an answer that is not the envelope, or none at all, is an ApiError without a code", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>bad gateway</html>", { status: 502 })),
    );
    await expect(call(consoleSession.current)).rejects.toMatchObject({ status: 502, code: null });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    await expect(call(consoleSession.current)).rejects.toMatchObject({ status: 0, code: null });
  });

  it("builds addresses under /console/api, leaving out empty filters", () => {
    expect(
      callUrl({ path: "/audit.csv" }, { query: { actor: "", action: "member.unlock", to: undefined } }),
    ).toBe("/console/api/audit.csv?action=member.unlock");
  });
});
