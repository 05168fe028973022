import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { consoleCall, signedInOperator } from "../console-api/console-test-support.ts";
import { linkedMember } from "../member-coins/coins-test-support.ts";

let t: TestApp;
afterEach(() => t?.close());

const setHongKongTime = (iso: string) => t.clock.advance(Date.parse(`${iso}+08:00`) - t.clock.now());

describe("the figures as CSV", () => {
  it("start with the UTF-8 byte-order mark and hold each day's counts and coins, then the totals", async () => {
    t = await createTestApp();
    setHongKongTime("2026-11-27T10:00:00");
    const member = await linkedMember(t, 40);
    await t.app.services.coinSchemeClient.adjust({
      hcoinsMemberNo: member.hcoins,
      coins: -15,
      reason: "Correction",
      operator: "test",
      allowNegative: false,
    });
    const auditor = await signedInOperator(t, "auditor");
    const answer = await t.app.inject({
      method: "GET",
      url: "/console/api/figures.csv?from=2026-11-26&to=2026-11-27",
      headers: { cookie: auditor.cookie },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.headers["content-disposition"]).toBe(
      'attachment; filename="figures-2026-11-26-2026-11-27.csv"',
    );
    const bytes = answer.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8").split("\r\n")).toEqual([
      "day,registrations,logins,sms_sent,sms_failed,earned,refunded,adjusted,redeemed,cancelled,expired,outstanding",
      "2026-11-26,0,0,0,0,0,0,0,0,0,0,0",
      "2026-11-27,1,0,1,0,0,0,25,0,0,0,25",
      "total,1,0,1,0,0,0,25,0,0,0,25",
      "",
    ]);
  });

  it("refuses a range the page refuses, in the envelope", async () => {
    t = await createTestApp();
    const auditor = await signedInOperator(t, "auditor");
    const answer = await consoleCall(t, "GET", "/figures.csv?from=2026-11-27&to=2026-11-01", {
      cookie: auditor.cookie,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.payload.errors).toEqual([{ field: "from", rule: "dateOrder" }]);
  });
});
