import { describe, expect, it } from "vitest";
import { addDays, dayCount, dayStartMs, daysOf, figuresRange } from "./figures-range.ts";

describe("the figures' range of days", () => {
  it("counts calendar days across months, leap days and years", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(dayCount("2026-01-01", "2026-01-01")).toBe(1);
    expect(dayCount("2026-01-01", "2026-12-31")).toBe(365);
    expect(daysOf("2026-02-27", "2026-03-01")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
    expect(daysOf("2026-03-02", "2026-03-01")).toEqual([]);
  });

  it("starts a day at Hong Kong's midnight", () => {
    expect(new Date(dayStartMs("2026-11-27")).toISOString()).toBe("2026-11-26T16:00:00.000Z");
  });

  it("fills in what is missing: the last 30 days up to today, or 30 days up to `to`", () => {
    expect(figuresRange({}, "2026-11-27")).toEqual({ from: "2026-10-29", to: "2026-11-27" });
    expect(figuresRange({ to: "2026-01-10" }, "2026-11-27")).toEqual({
      from: "2025-12-12",
      to: "2026-01-10",
    });
    expect(figuresRange({ from: "2026-11-01" }, "2026-11-27")).toEqual({
      from: "2026-11-01",
      to: "2026-11-27",
    });
  });

  it("names the field and the rule a range breaks", () => {
    expect(figuresRange({ from: "2026-02-30" }, "2026-11-27")).toEqual({ field: "from", rule: "date" });
    expect(figuresRange({ to: "27/11/2026" }, "2026-11-27")).toEqual({ field: "to", rule: "date" });
    expect(figuresRange({ from: "2026-11-28", to: "2026-11-27" }, "2026-11-27")).toEqual({
      field: "from",
      rule: "dateOrder",
    });
    expect(figuresRange({ from: "2024-12-31", to: "2026-01-01" }, "2026-11-27")).toEqual({
      field: "from",
      rule: "rangeTooLong",
    });
    expect(figuresRange({ from: "2024-01-01", to: "2024-12-31" }, "2026-11-27")).toEqual({
      from: "2024-01-01",
      to: "2024-12-31",
    });
  });
});
