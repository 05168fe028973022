import { memberNumberFromDigits, memberNumberPlausible } from "@hcoins/domain/member-number";
import { afterEach, describe, expect, it } from "vitest";
import { registerMember } from "../../testing/flows.ts";
import { tablesOf } from "../../testing/tables.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { allocateMemberNumber } from "./member-number-allocation.ts";

/*
 * Member numbers are not sequential any more (issue 25): a till key could read any member's H Coins
 * number and balance from a made-up QR code, the next member number being the last one plus one.
 */

const TILL_KEY = "till-key-for-member-number-tests";
let t: TestApp;
afterEach(() => t?.close());

const verify = async (data: string) =>
  (await t.call("POST", "/custom-api/api/Member/VerifyMemberId", { body: { data } })).body.payload.exists;

describe("a new member's number", () => {
  it("is M, ten random digits and a check digit, not the row id; each member's differs", async () => {
    t = await createTestApp();
    const members = [await registerMember(t), await registerMember(t), await registerMember(t)];
    const numbers = members.map((member) => member.user.member_no as string);
    for (const [i, number] of numbers.entries()) {
      expect(number).toMatch(/^M\d{11}$/);
      expect(memberNumberPlausible(number)).toBe(true);
      expect(number).not.toBe(`M${String(members[i]?.user.id).padStart(9, "0")}`);
    }
    expect(new Set(numbers).size).toBe(3);
    // Consecutive registrations are not consecutive numbers.
    const values = numbers.map((number) => Number(number.slice(1, -1)));
    expect(values.some((value, i) => i > 0 && Math.abs(value - (values[i - 1] as number)) === 1)).toBe(false);
  });

  it("answers VerifyMemberId; a made-up one failing its check digit is no member, an old-form number still is", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const number = member.user.member_no as string;
    expect(await verify(number)).toBe(true);
    const wrongCheck = `${number.slice(0, -1)}${(Number(number.at(-1)) + 1) % 10}`;
    expect(await verify(wrongCheck)).toBe(false);
    // A member numbered before the change keeps the old form, and it still reads.
    const old = await registerMember(t);
    await tablesOf(t.app.services)
      .updateTable("members")
      .set({ member_no: "M000000042" })
      .where("id", "=", old.user.id)
      .execute();
    expect(await verify("M000000042")).toBe(true);
  });

  it("an imported member without a number gets one of the new form", async () => {
    t = await createTestApp();
    const member = await t.app.services.members.importMember({
      mobile_phone_prefix: "852",
      mobile_phone: "92345678",
      member_no: null,
      first_name: null,
      last_name: null,
      email: null,
      birthday_month: null,
      register_store_code: null,
      external_customer_id: null,
    });
    expect(member.member_no).toMatch(/^M\d{11}$/);
    expect(memberNumberPlausible(member.member_no as string)).toBe(true);
  });

  it("a till's made-up QR code of the new form with a wrong check digit is refused before any lookup (400)", async () => {
    t = await createTestApp({
      env: { COIN_SCHEME_API_KEYS: `member-server:member-server-key-0000,pos-1:${TILL_KEY}:till:S1` },
    });
    const till = (memberNo: string) =>
      t.app.inject({
        method: "POST",
        url: "/coin-scheme/v1/till/account",
        headers: { "x-api-key": TILL_KEY, "content-type": "application/json" },
        payload: JSON.stringify({ qr_text: `${memberNo},0,07,${Math.floor(Date.now() / 1000)}` }),
      });
    const real = memberNumberFromDigits("4815162342");
    const madeUp = `${real.slice(0, -1)}${(Number(real.at(-1)) + 1) % 10}`;
    // Well formed but nobody's: 404 unknown member; failing the check digit: 400 before the lookup.
    expect((await till(real)).statusCode).toBe(404);
    const refused = await till(madeUp);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toContain("qrInvalid");
  });
});

describe("allocateMemberNumber", () => {
  it("draws again while the number drawn is taken, and gives up after five draws", async () => {
    const draws = ["1111111111", "2222222222", "3333333333"];
    const taken = new Set([memberNumberFromDigits("1111111111"), memberNumberFromDigits("2222222222")]);
    const drawn: string[] = [];
    const number = await allocateMemberNumber(
      async (candidate) => taken.has(candidate),
      () => {
        const next = draws.shift() as string;
        drawn.push(next);
        return next;
      },
    );
    expect(number).toBe(memberNumberFromDigits("3333333333"));
    expect(drawn).toHaveLength(3);
    await expect(
      allocateMemberNumber(
        async () => true,
        () => "5555555555",
      ),
    ).rejects.toThrow(/no free member number after 5 draws/);
  });
});
