import { afterEach, describe, expect, it, vi } from "vitest";
import { fail, mockApi, ok } from "./mock-api.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const post = (url: string, headers: Record<string, string>, body: string) =>
  fetch(url, { method: "POST", headers, body, credentials: "same-origin" });

describe("mockApi", () => {
  it("answers by method and path after the prefix, and keeps each call with its body, headers and credentials", async () => {
    const api = mockApi({ "POST /members/3/unlock": ok({ done: true }) }, { prefix: "/console/api" });
    const response = await post(
      "/console/api/members/3/unlock/",
      { "Content-Type": "application/json", "X-CSRF-Token": "abc" },
      JSON.stringify({ reason: "asked" }),
    );
    expect(await response.json()).toEqual({ code: 200, payload: { done: true } });
    expect(api.called("POST /members/3/unlock")).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({
      json: { reason: "asked" },
      body: {},
      headers: { "content-type": "application/json", "x-csrf-token": "abc" },
      credentials: "same-origin",
    });
  });

  it("reads a form body, and answers a function of the call", async () => {
    const api = mockApi({
      "POST /crm/check": ({ body, url }) => ok({ echo: body.phone, page: url.searchParams.get("p") }),
    });
    const response = await post(
      "/crm/check?p=2",
      { "content-type": "application/x-www-form-urlencoded" },
      "phone=9123",
    );
    expect(await response.json()).toEqual({ code: 200, payload: { echo: "9123", page: "2" } });
    expect(api.calls[0]?.json).toBeUndefined();
  });

  it("answers a list call by call, the last one repeating, and 404 to a call it does not know", async () => {
    mockApi({ "GET /x": [fail(503, 5030, "Busy"), ok("second")] });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch("/x")).status);
    expect(statuses).toEqual([503, 200, 200]);
    const unknown = await fetch("/y");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error_code: 4040 });
  });
});
