import { ErrorCode } from "@hcoins/domain/codes";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { expectFailure } from "./support.ts";

/*
 * The API reference (/docs, /docs/json) maps every call an attacker could try: off in production
 * unless API_DOCS=on, on elsewhere unless API_DOCS=off (the committed-document test reads it with
 * the development defaults, openapi/served-document.test.ts).
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PRODUCTION = { NODE_ENV: "production", COIN_SCHEME_API_KEYS: "pos-1:aaaaaaaaaaaaaaaa:till:S1" };

async function docsStatuses(env: Record<string, string>) {
  t = await createTestApp({ env });
  const app = t;
  const statuses = [];
  for (const url of ["/docs", "/docs/json", "/docs/static/index.html"]) {
    const res = await app.call("GET", url, { token: null });
    if (res.status === 404) expectFailure(res, 404, ErrorCode.notFound);
    statuses.push(res.status);
  }
  return statuses;
}

describe("the API reference", () => {
  it("is not served in production", async () => {
    expect(await docsStatuses(PRODUCTION)).toEqual([404, 404, 404]);
  });

  it("is served in production with API_DOCS=on", async () => {
    const [page, json] = await docsStatuses({ ...PRODUCTION, API_DOCS: "on" });
    expect(page === 200 || page === 302).toBe(true);
    expect(json).toBe(200);
  });

  it("is served outside production, unless API_DOCS=off", async () => {
    expect((await docsStatuses({}))[1]).toBe(200);
    await t?.close();
    t = undefined;
    expect(await docsStatuses({ API_DOCS: "off" })).toEqual([404, 404, 404]);
  });

  it("API_DOCS takes on or off only", () => {
    expect(() => loadConfig({ API_DOCS: "yes" })).toThrow(/API_DOCS/);
  });
});
