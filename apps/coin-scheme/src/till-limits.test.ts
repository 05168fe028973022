import { afterEach, describe, expect, it } from "vitest";
import { admin, linkedMember, qr, scheme, schemeApp } from "./testing/scheme-calls.ts";
import type { TestScheme } from "./testing/test-scheme.ts";

/*
 * What one till key may ask in a minute (issue 25), at the standalone scheme: its calls, and
 * account lookups by QR codes of no member. Refused with 429 / 4299 in the scheme's envelope.
 */

let t: TestScheme;
afterEach(() => t?.close());

const lookUp = (memberRef: string) => scheme(t, "POST", "/till/account", { qr_text: qr(t, memberRef, "01") });

describe("a till key's calls per minute", () => {
  it("refuses the call over COIN_LIMIT_TILL_REQUESTS_PER_MINUTE with 4299 and Retry-After, till the next minute", async () => {
    t = await schemeApp({ COIN_LIMIT_TILL_REQUESTS_PER_MINUTE: "3" });
    await linkedMember(t, "L1", 1);
    for (let call = 1; call <= 3; call++) expect((await lookUp("L1")).status).toBe(200);
    const over = await t.app.inject({
      method: "POST",
      url: "/coin-scheme/v1/till/account",
      headers: {
        "x-api-key": "test-till-key-0000000001",
        "content-type": "application/json",
        "accept-language": "en",
      },
      payload: JSON.stringify({ qr_text: qr(t, "L1", "01") }),
    });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: 429,
      error_code: 4299,
      error_message: "Too many calls from this key: please wait and try again.",
      payload: { limit: "tillRequestsPerMinute", max: 3 },
    });
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    // The member server's key is no till: not counted.
    for (let call = 1; call <= 4; call++) expect((await admin(t, "GET", "/stores")).status).toBe(200);
    t.clock.advance(60_000);
    expect((await lookUp("L1")).status).toBe(200);
  });
});

describe("a till key's failed lookups per minute", () => {
  it("refuses lookups after COIN_LIMIT_TILL_FAILED_LOOKUPS_PER_MINUTE of no member, stale codes included", async () => {
    t = await schemeApp({ COIN_LIMIT_TILL_FAILED_LOOKUPS_PER_MINUTE: "3" });
    await linkedMember(t, "L2", 1);
    expect((await lookUp("NOBODY-1")).body.error_code).toBe(6003);
    const stale = await scheme(t, "POST", "/purchases", {
      qr_text: qr(t, "L2", "01", -3600),
      store_code: "S1",
      receipt_no: "FL-1",
      net_amount: "10",
    });
    expect(stale.body.error_code).toBe(6001);
    expect((await lookUp("NOBODY-2")).body.error_code).toBe(6003);
    const refused = await lookUp("L2");
    expect(refused.status).toBe(429);
    expect(refused.body.payload).toMatchObject({ error_code: 4299, limit: "tillFailedLookupsPerMinute" });
    t.clock.advance(60_000);
    expect((await lookUp("L2")).status).toBe(200);
  });
});
