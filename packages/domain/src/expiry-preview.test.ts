import { describe, expect, it } from "vitest";
import { expiryPreviewAt, expiryPreviewLastDate } from "./expiry-preview.ts";

// 2026-11-28 10:00 Hong Kong.
const NOW = Date.parse("2026-11-28T02:00:00Z");

describe("the expiry dry run's date", () => {
  it("runs at 00:10 Hong Kong the day after the date asked (everything due by its end)", () => {
    expect(expiryPreviewAt("2026-12-31", NOW)).toEqual({ at: Date.parse("2026-12-31T16:10:00Z") });
    expect(expiryPreviewAt("2026-11-28", NOW)).toEqual({ at: Date.parse("2026-11-28T16:10:00Z") });
  });

  it("refuses a date before today, past three years, or not a real date", () => {
    expect(expiryPreviewAt("2026-11-27", NOW)).toEqual({ rule: "expiryDatePast" });
    expect(expiryPreviewLastDate(NOW)).toBe("2029-11-28");
    expect(expiryPreviewAt("2029-11-28", NOW)).toHaveProperty("at");
    expect(expiryPreviewAt("2029-11-29", NOW)).toEqual({ rule: "expiryDateTooFar" });
    expect(expiryPreviewAt("2027-02-29", NOW)).toEqual({ rule: "date" });
    expect(expiryPreviewAt("31/12/2026", NOW)).toEqual({ rule: "date" });
  });
});
