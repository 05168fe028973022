import { describe, expect, it } from "vitest";
import { parseBulkAdjustmentCsv } from "./bulk-adjustment-csv.ts";
import { memberNumberFromDigits } from "./member-number.ts";

describe("a bulk adjustment's list", () => {
  it("reads the lines as spreadsheets save or copy them, numbering them as the operator's file does", () => {
    const good = memberNumberFromDigits("4815162342");
    const text = `\uFEFF會員編號,H Coins\r\n${good},200\r\n\r\n"m000000123";-50\nM000000124\t+7,\n`;
    expect(parseBulkAdjustmentCsv(text)).toEqual({
      lines: [
        { line: 2, member_no: good, coins: 200 },
        { line: 4, member_no: "M000000123", coins: -50 },
        { line: 5, member_no: "M000000124", coins: 7 },
      ],
      errors: [],
    });
  });

  it("names each unreadable line and why; a first line with bad coins is a line, not a header; a member named twice is refused on the later line", () => {
    const good = memberNumberFromDigits("4815162342");
    const badCheckDigit = `${good.slice(0, -1)}${(Number(good.at(-1)) + 1) % 10}`;
    const text = [
      "M000000123,abc",
      "M000000124,0",
      "M000000125,1,2",
      `${badCheckDigit},5`,
      "M000000126,1.5",
      "M000000123,9",
      "m000000127,5",
      "M000000127,6",
      "M000000128",
    ].join("\n");
    expect(parseBulkAdjustmentCsv(text).errors).toEqual([
      { line: 1, member_no: "M000000123", rule: "coinsMalformed" },
      { line: 2, member_no: "M000000124", rule: "coinsZero" },
      { line: 3, member_no: "M000000125", rule: "lineMalformed" },
      { line: 4, member_no: badCheckDigit, rule: "memberNumberMalformed" },
      { line: 5, member_no: "M000000126", rule: "coinsMalformed" },
      { line: 6, member_no: "M000000123", rule: "memberDuplicate" },
      { line: 8, member_no: "M000000127", rule: "memberDuplicate" },
      { line: 9, member_no: "M000000128", rule: "lineMalformed" },
    ]);
    // Line 6 names line 1's member again: refused although line 1 is refused too.
    expect(parseBulkAdjustmentCsv(text).lines.map((line) => line.line)).toEqual([7]);
  });
});
