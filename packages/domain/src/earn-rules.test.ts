import { describe, expect, it } from "vitest";
import {
  checkQrTime,
  earnCoins,
  formatCents,
  formatMultiplier,
  isCalendarDate,
  MAX_AMOUNT_CENTS,
  multiplierHundredths,
  parseAmountCents,
  programmeDate,
  programmeMonth,
  purchaseAmountsRule,
} from "./earn-rules.ts";

describe("parseAmountCents", () => {
  it.each([
    ["123.45", 12_345],
    ["123.4", 12_340],
    ["123", 12_300],
    [" 8.05 ", 805],
    ["0", 0],
    ["0.99", 99],
    [123.45, 12_345],
    [0.29, 29],
    [100, 10_000],
    [0, 0],
    ["1000000", MAX_AMOUNT_CENTS],
    ["1000000.00", MAX_AMOUNT_CENTS],
  ])("%j is %i cents", (value, cents) => {
    expect(parseAmountCents(value)).toEqual({ cents });
  });

  it.each([
    ["-1", "amountNegative"],
    ["-0.01", "amountNegative"],
    [-5, "amountNegative"],
    ["1000000.01", "amountTooLarge"],
    ["99999999999", "amountTooLarge"],
    [1e21, "amountTooLarge"],
    [1_000_000.01, "amountTooLarge"],
    ["12.345", "amountFormat"],
    [12.345, "amountFormat"],
    ["1,000", "amountFormat"],
    ["abc", "amountFormat"],
    ["", "amountFormat"],
    [".5", "amountFormat"],
    ["1e3", "amountFormat"],
    [Number.NaN, "amountFormat"],
    [Number.POSITIVE_INFINITY, "amountFormat"],
    [null, "amountFormat"],
    [true, "amountFormat"],
  ])("%j breaks %s", (value, rule) => {
    expect(parseAmountCents(value)).toEqual({ rule });
  });
});

describe("formatCents", () => {
  it.each([
    [12_345, "123.45"],
    [5, "0.05"],
    [0, "0.00"],
    [-12_340, "-123.40"],
  ])("%i → %s", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe("purchaseAmountsRule", () => {
  it.each([
    [10_000, 0, null],
    [10_000, 10_000, null],
    [0, 0, null],
    [10_000, 10_001, { field: "electronic_amount", rule: "electronicExceedsNet" }],
    [-1, 0, { field: "net_amount", rule: "amountNegative" }],
    [100, -1, { field: "electronic_amount", rule: "amountNegative" }],
    [MAX_AMOUNT_CENTS + 1, 0, { field: "net_amount", rule: "amountTooLarge" }],
    [1.5, 0, { field: "net_amount", rule: "amountFormat" }],
  ])("net %d, electronic %d → %j", (net, electronic, expected) => {
    expect(purchaseAmountsRule(net, electronic)).toEqual(expected);
  });
});

describe("multiplierHundredths", () => {
  it.each([
    [2, 200],
    ["2", 200],
    ["1.5", 150],
    [1.25, 125],
    ["1", 100],
    ["10", 1000],
  ])("%j → %i", (value, hundredths) => {
    expect(multiplierHundredths(value)).toBe(hundredths);
  });

  it.each([["0.5"], ["0"], ["10.01"], ["11"], ["1.255"], ["-2"], ["x"], [""], [null]])(
    "%j is refused",
    (value) => {
      expect(multiplierHundredths(value)).toBeNull();
    },
  );

  it("formats back", () => {
    expect([200, 150, 125, 100].map(formatMultiplier)).toEqual(["2", "1.5", "1.25", "1"]);
  });
});

describe("earnCoins", () => {
  const plain = { electronicExtra: false, birthdayMultiplier: 100, holidayMultiplier: 100 };
  it.each([
    // [case, input, expected {base, birthday, holiday, coins}]
    ["whole dollars", { ...plain, netCents: 10_000, electronicCents: 0 }, [100, 0, 0, 100]],
    ["cents are dropped", { ...plain, netCents: 12_399, electronicCents: 0 }, [123, 0, 0, 123]],
    ["under one dollar", { ...plain, netCents: 99, electronicCents: 99 }, [0, 0, 0, 0]],
    [
      "electronic ignored without the electronic extra (outside partner stores)",
      { ...plain, netCents: 10_000, electronicCents: 10_000 },
      [100, 0, 0, 100],
    ],
    [
      "electronic adds with the electronic extra (at a partner store)",
      { ...plain, electronicExtra: true, netCents: 10_000, electronicCents: 6_000 },
      [160, 0, 0, 160],
    ],
    [
      "net and electronic cents are floored separately",
      { ...plain, electronicExtra: true, netCents: 10_050, electronicCents: 5_075 },
      [150, 0, 0, 150],
    ],
    [
      "birthday ×2",
      { ...plain, netCents: 10_000, electronicCents: 0, birthdayMultiplier: 200 },
      [100, 100, 0, 200],
    ],
    [
      "holiday ×3",
      { ...plain, netCents: 10_000, electronicCents: 0, holidayMultiplier: 300 },
      [100, 0, 200, 300],
    ],
    [
      "both bonuses add on the base, not compound",
      { ...plain, netCents: 10_000, electronicCents: 0, birthdayMultiplier: 200, holidayMultiplier: 300 },
      [100, 100, 200, 400],
    ],
    [
      "fractional multiplier floors the bonus",
      { ...plain, netCents: 10_100, electronicCents: 0, holidayMultiplier: 150 },
      [101, 0, 50, 151],
    ],
    [
      "docs/coin-scheme.md example: partner store, birthday ×2, holiday ×3",
      {
        electronicExtra: true,
        netCents: 12_345,
        electronicCents: 8_099,
        birthdayMultiplier: 200,
        holidayMultiplier: 300,
      },
      [203, 203, 406, 812],
    ],
    ["zero spend", { ...plain, netCents: 0, electronicCents: 0, birthdayMultiplier: 200 }, [0, 0, 0, 0]],
  ])("%s", (_name, input, [baseCoins, birthdayBonus, holidayBonus, coins]) => {
    expect(earnCoins(input)).toMatchObject({ baseCoins, birthdayBonus, holidayBonus, coins });
  });
});

describe("checkQrTime", () => {
  const now = 1_732_960_800_000;
  const seconds = now / 1000;
  it.each([
    [seconds, "fresh"],
    [seconds - 180, "fresh"],
    [seconds - 181, "stale"],
    [seconds - 86_400, "stale"],
    [seconds + 60, "fresh"],
    [seconds + 61, "future"],
  ])("QR time %i → %s", (qrSeconds, expected) => {
    expect(checkQrTime(qrSeconds, now)).toBe(expected);
  });
});

describe("programme calendar (Hong Kong time)", () => {
  it("turns the date at 16:00 UTC, midnight in Hong Kong", () => {
    expect(programmeDate(Date.UTC(2025, 0, 31, 15, 59))).toBe("2025-01-31");
    expect(programmeDate(Date.UTC(2025, 0, 31, 16, 0))).toBe("2025-02-01");
    expect(programmeMonth(Date.UTC(2025, 0, 31, 16, 0))).toBe(2);
    expect(programmeMonth(Date.UTC(2025, 11, 31, 16, 0))).toBe(1);
  });

  it.each([
    ["2025-12-25", true],
    ["2024-02-29", true],
    ["2025-02-29", false],
    ["2025-13-01", false],
    ["25-12-25", false],
    ["2025-12-25T00:00", false],
  ])("isCalendarDate(%s) = %s", (text, expected) => {
    expect(isCalendarDate(text)).toBe(expected);
  });
});
