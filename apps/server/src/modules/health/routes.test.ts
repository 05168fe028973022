import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

describe("GET /healthz", () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("answers 200 without an Authorization header", async () => {
    t = await createTestApp();
    const res = await t.call("GET", "/healthz", { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, payload: { status: "ok" } });
  });
});
