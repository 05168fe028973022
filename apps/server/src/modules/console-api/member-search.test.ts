import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { registerMember } from "../../testing/flows.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { credit, linkedMember, newReward } from "../member-coins/coins-test-support.ts";
import { consoleCall, signedInOperator } from "./console-test-support.ts";

let t: TestApp;
afterEach(() => t?.close());

const names = (found: { members: { name: string; matched: string }[] }) =>
  found.members.map((member) => `${member.name}:${member.matched}`);

describe("customer service's member search", () => {
  it("finds members by part of a name, email or number, any case, paged and sorted, exact matches first", async () => {
    t = await createTestApp();
    const ann = await registerMember(t, { name: "Ann Chan", email: "ann.chan@example.com" });
    await registerMember(t, { name: "Bob Chan", email: "bob@example.com" });
    await registerMember(t, { name: "Carol Chan", email: "carol@example.com" });
    await registerMember(t, {
      name: "Dan 100%_Lee",
      first_name: "Dan",
      last_name: "Lee",
      email: "dan@example.com",
    });
    const cs = await signedInOperator(t, "customerService");
    const search = async (query: string) => {
      const res = await consoleCall(t, "GET", `/members?${query}`, { cookie: cs.cookie });
      expect(res.status, res.text).toBe(200);
      return res.body.payload;
    };

    expect(names(await search("q=CHAN"))).toEqual(["Ann Chan:text", "Bob Chan:text", "Carol Chan:text"]);
    expect((await search("q=chan&sort=name&dir=desc")).members[0].name).toBe("Carol Chan");
    const second = await search("q=chan&page=2&page_size=2");
    expect(second).toMatchObject({ total: 3, members: [{ name: "Carol Chan" }] });
    // % and _ are the typed text, not wildcards.
    expect(names(await search(`q=${encodeURIComponent("0%_")}`))).toEqual(["Dan 100%_Lee:text"]);
    expect((await search(`q=${encodeURIComponent("n%n")}`)).total).toBe(0);
    expect(names(await search("q=carol%40ex"))).toEqual(["Carol Chan:text"]);
    expect(names(await search(`q=${ann.phone.slice(1)}`))).toEqual(["Ann Chan:text"]);

    // The exact email is listed first and once, whatever the order asked.
    const exact = await search("q=ann.chan%40example.com&sort=name&dir=desc");
    expect(names(exact)).toEqual(["Ann Chan:email"]);
    const byPhone = await search(`q=${ann.phone}`);
    expect(names(byPhone)).toEqual(["Ann Chan:phone"]);
  });

  it("finds the member behind a voucher code and behind a receipt number, from the scheme", async () => {
    t = await createTestApp();
    const member = await linkedMember(t);
    const row = await t.app.services.members.findById(member.user.id as number);
    const client = t.app.services.coinSchemeClient;
    await credit(t, member.hcoins, 500);
    const reward = await newReward(t);
    const { voucher } = await client.redeem({
      hcoinsMemberNo: member.hcoins,
      rewardId: reward.id,
      key: randomUUID(),
    });
    await t.app.services.coinScheme?.setStore("HF-CW01", false);
    await t.app.services.coinScheme?.purchase({
      qrText: `${row?.member_no},0,07,${Math.floor(t.clock.now() / 1000)}`,
      storeCode: "HF-CW01",
      receiptNo: "POS-88-123456",
      netCents: 10_000,
      electronicCents: 0,
      client: "pos-test",
      actorType: "till",
    });
    const cs = await signedInOperator(t, "auditor");
    const search = async (q: string) =>
      (await consoleCall(t, "GET", `/members?q=${encodeURIComponent(q)}`, { cookie: cs.cookie })).body
        .payload;

    const dashed = voucher.code.replace(/(.{4})(?=.)/g, "$1-").toLowerCase();
    expect(await search(dashed)).toMatchObject({ total: 1, members: [{ id: row?.id, matched: "voucher" }] });
    expect(await search("POS-88-123456")).toMatchObject({
      total: 1,
      members: [{ id: row?.id, matched: "receipt" }],
    });
    expect((await search("POS-88-999999")).total).toBe(0);
  });

  it("refuses a text too short to be cheap, and a page too large, with the rule", async () => {
    t = await createTestApp();
    const cs = await signedInOperator(t, "customerService");
    const rules = async (query: string) => {
      const res = await consoleCall(t, "GET", `/members?${query}`, { cookie: cs.cookie });
      expect(res.status).toBe(400);
      return res.body.payload.errors;
    };
    expect(await rules("q=ab")).toEqual([{ field: "q", rule: "searchTooShort" }]);
    expect(await rules("q=abc&page_size=51")).toEqual([{ field: "page_size", rule: "tooLarge" }]);
    expect(await rules("q=abc&sort=mobile_phone")).toEqual([{ field: "sort", rule: "invalid" }]);
  });
});
