import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { CliError } from "./command.ts";
import { blockNumber, unblockNumber } from "./numbers.ts";

describe("block and unblock", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t?.close());

  const checkPhone = async (prefix: string, phone: string) =>
    (
      await t.call("POST", "/custom-api/api/Member/CheckPhone", {
        body: { mobile_phone_prefix: prefix, mobile_phone: phone },
      })
    ).body.code;

  it("block makes CheckPhone answer 40002; unblock lifts it", async () => {
    const blocked = await blockNumber(t.app.services, ["852", "91234567", "--reason", "chargebacks"]);
    expect(blocked).toBe("Blocked +852 91234567 (reason: chargebacks). CheckPhone now answers 40002 for it.");
    expect(await checkPhone("852", "91234567")).toBe(40002);
    expect(await checkPhone("852", "91234568")).toBe(40003);

    expect(await unblockNumber(t.app.services, ["852", "91234567"])).toContain("Unblocked +852 91234567");
    expect(await checkPhone("852", "91234567")).toBe(40003);
  });

  it("says when nothing changed", async () => {
    await blockNumber(t.app.services, ["86", "13812345678"]);
    expect(await blockNumber(t.app.services, ["+86", "13812345678"])).toBe(
      "+86 13812345678 was already blocked; nothing changed.",
    );
    expect(await unblockNumber(t.app.services, ["853", "61234567"])).toBe(
      "+853 61234567 was not blocked; nothing changed.",
    );
  });

  it("notes that a blocked member can still log in", async () => {
    await t.app.services.members.importMember({
      mobile_phone_prefix: "852",
      mobile_phone: "91234567",
      member_no: "APP9",
      first_name: null,
      last_name: null,
      email: null,
      birthday_month: null,
      register_store_code: null,
      external_customer_id: null,
    });
    expect(await blockNumber(t.app.services, ["852", "91234567"])).toContain(
      'Note: member APP9 (+852 91234567) holds this number; blocking does not stop their login (use "disable"',
    );
  });

  it("refuses a bad prefix, number, option or argument count, naming it, and blocks nothing", async () => {
    const cases: [string[], RegExp][] = [
      [["852", "9123"], /mobile "9123" must be 8 digits for prefix 852/],
      [["86", "23812345678"], /mobile "23812345678" must be an 11-digit mainland number/],
      [["44", "91234567"], /prefix "44" is not one of 852, 853, 86/],
      [["852"], /missing <mobile>/],
      [["852", "91234567", "extra"], /unexpected argument "extra"/],
      [["852", "91234567", "--why", "x"], /Unknown option '--why'/],
      [["852", "91234567", "--reason", "x".repeat(201)], /--reason is 201 characters long/],
    ];
    for (const [args, message] of cases) {
      const error = await blockNumber(t.app.services, args).catch((e: unknown) => e);
      expect(error, args.join(" ")).toBeInstanceOf(CliError);
      expect((error as Error).message).toMatch(message);
    }
    expect(await t.app.services.members.isBlocked("852", "91234567")).toBe(false);
    expect(await t.app.services.members.isBlocked("852", "9123")).toBe(false);
  });
});
