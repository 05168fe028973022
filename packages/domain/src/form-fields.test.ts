import { describe, expect, it } from "vitest";
import { charCount, formCode, formInteger, isBlank } from "./form-fields.ts";

describe("form value helpers", () => {
  it.each([
    [undefined, true],
    [null, true],
    ["", true],
    ["  ", true],
    [0, false],
    ["0", false],
    [false, false],
  ])("isBlank(%j) = %s", (value, blank) => {
    expect(isBlank(value)).toBe(blank);
  });

  it.each([
    ["7", 7],
    [" 07 ", 7],
    ["-1", -1],
    [3, 3],
    ["", undefined],
    [null, undefined],
    ["1.5", "1.5"],
    ["1e3", "1e3"],
    ["0x10", "0x10"],
    [true, true],
  ])("formInteger(%j) = %j", (value, result) => {
    expect(formInteger(value)).toEqual(result);
  });

  it.each([
    ["3001", "3001"],
    [" 3001 ", "3001"],
    [3001, "3001"],
    ["", undefined],
    [null, undefined],
    [-1, -1],
    [1.5, 1.5],
  ])("formCode(%j) = %j", (value, result) => {
    expect(formCode(value)).toEqual(result);
  });

  it.each([
    ["abc", 3],
    ["陳大文", 3],
    ["😀😀", 2],
    ["", 0],
  ])("charCount(%j) = %i", (text, count) => {
    expect(charCount(text)).toBe(count);
  });
});
