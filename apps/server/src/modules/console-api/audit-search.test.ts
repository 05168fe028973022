import { CONSOLE_API } from "@hcoins/domain/api/console";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { consoleCall, signedInOperator } from "./console-test-support.ts";

let t: TestApp;
afterEach(() => t?.close());

describe("the audit log's filters and CSV", () => {
  it("matches any part of actor, action and target, in any case, % and _ as typed; sorts by time", async () => {
    t = await createTestApp();
    const { audit } = t.app.services;
    await audit.record({
      actor: "operator:Ann.Lee@example.com",
      action: "voucher.cancel",
      target: "voucher:7K2M",
    });
    t.clock.advance(1_000);
    await audit.record({ actor: "operator:bob@example.com", action: "member.disable", target: "member:42" });
    t.clock.advance(1_000);
    await audit.record({ actor: "cli:amy", action: "coins.adjust", target: "member:420" });
    const auditor = await signedInOperator(t, "auditor");
    const actions = async (query: string) => {
      const res = await consoleCall(t, "GET", `/audit?${query}`, { cookie: auditor.cookie });
      expect(res.status, res.text).toBe(200);
      return res.body.payload.entries.map((entry: { action: string }) => entry.action);
    };
    expect(await actions("actor=ann.lee")).toEqual(["voucher.cancel"]);
    expect(await actions("action=VOUCHER")).toEqual(["voucher.cancel"]);
    expect(await actions("target=member%3A42")).toEqual(["coins.adjust", "member.disable"]);
    expect(await actions("target=member%3A42&dir=asc")).toEqual(["member.disable", "coins.adjust"]);
    expect(await actions("actor=%25")).toEqual([]);
    expect(await actions("action=coins_adjust")).toEqual([]);
    const long = await consoleCall(t, "GET", `/audit?action=${"x".repeat(65)}`, { cookie: auditor.cookie });
    expect(long.body.payload.errors).toEqual([{ field: "action", rule: "tooLong" }]);
  });

  it("exports UTF-8 with a byte-order mark first, so Excel shows Chinese", async () => {
    t = await createTestApp();
    await t.app.services.audit.record({
      actor: "cli:amy",
      action: "member.disable",
      after: { reason: "會員要求" },
    });
    const auditor = await signedInOperator(t, "auditor");
    const res = await t.app.inject({
      method: "GET",
      url: `${CONSOLE_API}/audit.csv?action=disable`,
      headers: { cookie: auditor.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect([...res.rawPayload.subarray(0, 5)]).toEqual([0xef, 0xbb, 0xbf, 0x69, 0x64]);
    expect(res.rawPayload.toString("utf8")).toContain("會員要求");
  });
});
