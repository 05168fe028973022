import { describe, expect, it } from "vitest";
import { searchKey } from "./member-search.ts";

describe("searchKey", () => {
  it.each([
    ["91234567", "852", "91234567"],
    ["9123 4567", "852", "91234567"],
    ["9123-4567", "852", "91234567"],
    ["９１２３４５６７", "852", "91234567"],
    ["+852 9123-4567", "852", "91234567"],
    ["(853) 6612 3456", "853", "66123456"],
    ["+86 138-1234-5678", "86", "13812345678"],
    ["+86 １３８-１２３４-５６７８", "86", "13812345678"],
  ])("reads %j as +%s %s", (text, prefix, phone) => {
    expect(searchKey(text)).toEqual({ kind: "phone", prefix, phone });
  });

  it("reads an email and a member number", () => {
    expect(searchKey(" Chan@Example.com ")).toEqual({ kind: "email", email: "chan@example.com" });
    expect(searchKey("m000000042")).toEqual({ kind: "number", value: "M000000042" });
  });
});
