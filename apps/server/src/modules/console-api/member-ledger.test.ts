import { programmeDate } from "@hcoins/domain/earn-rules";
import { afterEach, describe, expect, it } from "vitest";
import { registerMember } from "../../testing/flows.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { credit, linkedMember } from "../member-coins/coins-test-support.ts";
import { consoleCall, signedInOperator } from "./console-test-support.ts";

let t: TestApp;
afterEach(() => t?.close());

const DAY = 86_400_000;

/** A purchase at a till of the seeded store HF-CW01 or the unnamed store XX-01, now. */
async function buy(memberNo: string, storeCode: string, receiptNo: string, netCents: number) {
  const scheme = t.app.services.coinScheme;
  await scheme?.setStore(storeCode, false);
  await scheme?.purchase({
    qrText: `${memberNo},0,07,${Math.floor(t.clock.now() / 1000)}`,
    storeCode,
    receiptNo,
    netCents,
    electronicCents: 0,
    client: "pos-test",
    actorType: "till",
  });
}

describe("a member's whole ledger in the console", () => {
  it("pages it with store and receipt, filters by kind, days, store and part of the receipt, sorts by time", async () => {
    t = await createTestApp();
    const member = await linkedMember(t);
    const memberNo = (await t.app.services.members.findById(member.user.id as number))?.member_no as string;
    const oldDay = programmeDate(t.clock.now());
    await buy(memberNo, "HF-CW01", "R-2025-0042", 12_340);
    t.clock.advance(120 * DAY);
    await buy(memberNo, "XX-01", "R-2025-0777", 5_000);
    await credit(t, member.hcoins, 30);
    const cs = await signedInOperator(t, "auditor");
    const get = (query: string) =>
      consoleCall(t, "GET", `/members/${member.user.id}/ledger${query}`, { cookie: cs.cookie });

    const all = await get("");
    expect(all.status, all.text).toBe(200);
    expect(all.body.payload.total).toBe(3);
    expect(all.body.payload.entries.map((entry: { kind: string }) => entry.kind)).toEqual([
      "adjustment",
      "purchase",
      "purchase",
    ]);

    const dispute = await get("?receipt_no=0042");
    expect(dispute.body.payload.total).toBe(1);
    expect(dispute.body.payload.entries[0]).toMatchObject({
      kind: "purchase",
      store_code: "HF-CW01",
      store_name: { en: expect.any(String), tc: expect.any(String) },
      receipt_no: "R-2025-0042",
      net_amount: "123.40",
      actor: "pos-test",
    });
    // Why the member got these coins: the statement's lines, adding up to them.
    const [disputed] = dispute.body.payload.entries as { coins: number; lines: { coins: number }[] }[];
    expect(disputed?.lines[0]).toEqual({ kind: "base", coins: 123, campaign_id: null, name: null });
    expect(disputed?.lines.reduce((total, line) => total + line.coins, 0)).toBe(disputed?.coins);
    expect((await get("?receipt_no=r-2025-07")).body.payload.entries[0]).toMatchObject({
      store_code: "XX-01",
      store_name: null,
    });
    expect((await get("?kind=adjustment")).body.payload.entries[0]).toMatchObject({
      net_amount: null,
      lines: [],
      actor: "tester",
      coins: 30,
    });
    expect((await get("?store_code=HF-CW01")).body.payload.total).toBe(1);
    expect((await get(`?from=${oldDay}&to=${oldDay}`)).body.payload.entries[0].receipt_no).toBe(
      "R-2025-0042",
    );
    expect((await get(`?to=${oldDay}`)).body.payload.total).toBe(1);

    const oldest = await get("?dir=asc&page_size=1&page=2");
    expect(oldest.body.payload).toMatchObject({ total: 3, balance: all.body.payload.balance });
    expect(oldest.body.payload.entries.map((entry: { receipt_no: string }) => entry.receipt_no)).toEqual([
      "R-2025-0777",
    ]);
  });

  it("says what is wrong with the filters, and when the member has no account", async () => {
    t = await createTestApp();
    const member = await linkedMember(t);
    const cs = await signedInOperator(t, "customerService");
    const rules = async (path: string) => {
      const res = await consoleCall(t, "GET", path, { cookie: cs.cookie });
      expect(res.status, res.text).toBe(400);
      return res.body.payload.errors;
    };
    const base = `/members/${member.user.id}/ledger`;
    expect(await rules(`${base}?from=2025-03-02&to=2025-03-01`)).toEqual([
      { field: "to", rule: "dateOrder" },
    ]);
    expect(await rules(`${base}?from=2025-02-30`)).toEqual([{ field: "from", rule: "date" }]);
    expect(await rules(`${base}?kind=gift`)).toEqual([{ field: "kind", rule: "invalid" }]);
    expect(await rules(`${base}?page_size=101`)).toEqual([{ field: "page_size", rule: "tooLarge" }]);

    const unlinked = await registerMember(t);
    const none = await consoleCall(t, "GET", `/members/${unlinked.user.id}/ledger`, { cookie: cs.cookie });
    expect(none.body.error_code).toBe(4235);
    expect((await consoleCall(t, "GET", "/members/999999/ledger", { cookie: cs.cookie })).status).toBe(404);
  });
});
