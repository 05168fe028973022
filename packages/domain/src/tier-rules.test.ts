import { describe, expect, it } from "vitest";
import {
  isMonthDay,
  nextTier,
  requalify,
  reviewDateAfter,
  reviewSpans,
  tierForSpend,
  windowEnd,
  windowStart,
} from "./tier-rules.ts";

// Hong Kong midnight of a date, as an instant.
const hk = (date: string, time = "00:00") => Date.parse(`${date}T${time}:00+08:00`);

// Listed out of order on purpose: the rules sort by threshold.
const ladder = [
  { code: "gold", qualifyingCents: 2_000_000 },
  { code: "green", qualifyingCents: 0 },
  { code: "silver", qualifyingCents: 500_000 },
];

describe("tierForSpend and nextTier", () => {
  it("places HK$4,999.99 in green with HK$0.01 to silver, HK$5,000 in silver, HK$20,000 at the top", () => {
    expect(tierForSpend(ladder, 499_999)?.code).toBe("green");
    expect(nextTier(ladder, 499_999)).toEqual({ tier: ladder[2], spendNeededCents: 1 });
    expect(tierForSpend(ladder, 500_000)?.code).toBe("silver");
    expect(nextTier(ladder, 500_000)?.tier.code).toBe("gold");
    expect(tierForSpend(ladder, 2_500_000)?.code).toBe("gold");
    expect(nextTier(ladder, 2_500_000)).toBeNull();
  });

  it("answers no tier below the lowest threshold, and a negative spend (refunds) as none", () => {
    const noBase = ladder.filter((tier) => tier.code !== "green");
    expect(tierForSpend(noBase, 100)).toBeNull();
    expect(tierForSpend(noBase, -500)).toBeNull();
    expect(nextTier(noBase, -500)).toEqual({ tier: noBase[1], spendNeededCents: 500_500 });
  });
});

describe("windows", () => {
  it("rolls 12 months back to the same Hong Kong day, and starts a calendar year on 1 January", () => {
    expect(windowStart("rolling_12_months", hk("2026-11-28", "10:00"))).toBe(hk("2025-11-28"));
    expect(windowStart("rolling_12_months", hk("2028-02-29", "10:00"))).toBe(hk("2027-02-28"));
    expect(windowStart("calendar_year", hk("2026-11-28", "10:00"))).toBe(hk("2026-01-01"));
    // 23:30 UTC on 31 December is already 1 January in Hong Kong.
    expect(windowStart("calendar_year", Date.parse("2026-12-31T23:30:00Z"))).toBe(hk("2027-01-01"));
  });

  it("ends a calendar year's window at its last instant; a rolling window never ends", () => {
    expect(windowEnd("calendar_year", hk("2026-03-01"))).toBe(hk("2027-01-01") - 1);
    expect(windowEnd("rolling_12_months", hk("2026-03-01"))).toBeNull();
  });

  it("reviews a calendar year on the year just ended and on the year so far", () => {
    const at = hk("2027-01-01", "00:30");
    expect(reviewSpans("calendar_year", at)).toEqual([
      { from: hk("2026-01-01"), to: hk("2027-01-01") },
      { from: hk("2027-01-01"), to: at + 1 },
    ]);
    expect(reviewSpans("rolling_12_months", at)).toEqual([{ from: hk("2026-01-01"), to: at + 1 }]);
  });
});

describe("reviewDateAfter", () => {
  it("sets an anniversary review on the same Hong Kong day a year on", () => {
    expect(reviewDateAfter({ rule: "anniversary" }, hk("2026-03-15", "14:00"))).toBe(hk("2027-03-15"));
    expect(reviewDateAfter({ rule: "anniversary" }, hk("2028-02-29", "14:00"))).toBe(hk("2029-02-28"));
  });

  it("sets a fixed-date review on the next such day, never the day it is reached", () => {
    const review = { rule: "fixed_date" as const, date: "07-01" };
    expect(reviewDateAfter(review, hk("2026-03-15", "14:00"))).toBe(hk("2026-07-01"));
    expect(reviewDateAfter(review, hk("2026-07-01"))).toBe(hk("2027-07-01"));
    expect(reviewDateAfter(review, hk("2026-08-01"))).toBe(hk("2027-07-01"));
  });

  it("takes a month and day every year has", () => {
    expect(["01-01", "12-31", "02-28"].every(isMonthDay)).toBe(true);
    expect(["02-29", "13-01", "1-1", "04-31", ""].some(isMonthDay)).toBe(false);
  });
});

describe("requalify", () => {
  const review = { rule: "anniversary" as const };
  const silverUntil = { code: "silver", reviewAt: hk("2027-03-15") };
  const at = hk("2026-11-28", "09:00");

  it("upgrades as soon as the spend qualifies, and sets the review a year from today", () => {
    const decision = requalify({
      ladder,
      standing: silverUntil,
      spendCents: 2_000_000,
      reviewSpendCents: 2_000_000,
      review,
      at,
    });
    expect(decision).toEqual({ change: "upgrade", tier: ladder[0], reviewAt: hk("2027-11-28") });
  });

  it("does not downgrade before the review date, however far the spend falls", () => {
    const decision = requalify({
      ladder,
      standing: silverUntil,
      spendCents: 0,
      reviewSpendCents: 0,
      review,
      at,
    });
    expect(decision).toEqual({ change: null, tier: ladder[2], reviewAt: hk("2027-03-15") });
  });

  it("at the review, goes down to what the spend qualifies for and no lower", () => {
    const onReview = hk("2027-03-15", "01:00");
    const goldUntil = { code: "gold", reviewAt: hk("2027-03-15") };
    const decision = requalify({
      ladder,
      standing: goldUntil,
      spendCents: 600_000,
      reviewSpendCents: 600_000,
      review,
      at: onReview,
    });
    expect(decision).toEqual({ change: "downgrade", tier: ladder[2], reviewAt: hk("2028-03-15") });
  });

  it("at the review, keeps a tier the review spend still qualifies for", () => {
    const onReview = hk("2027-03-15", "01:00");
    const decision = requalify({
      ladder,
      standing: silverUntil,
      spendCents: 100,
      reviewSpendCents: 700_000,
      review,
      at: onReview,
    });
    expect(decision).toEqual({ change: "kept", tier: ladder[2], reviewAt: hk("2028-03-15") });
  });

  it("a review a job missed for over a year sets the next one ahead of today", () => {
    const late = hk("2028-04-01");
    const decision = requalify({
      ladder,
      standing: silverUntil,
      spendCents: 0,
      reviewSpendCents: 0,
      review,
      at: late,
    });
    expect(decision).toEqual({ change: "downgrade", tier: ladder[1], reviewAt: hk("2029-03-15") });
  });

  it("a member below every threshold with no tier stays without one", () => {
    const noBase = ladder.filter((tier) => tier.code !== "green");
    const none = { code: null, reviewAt: null };
    expect(
      requalify({ ladder: noBase, standing: none, spendCents: 10, reviewSpendCents: 10, review, at }),
    ).toEqual({
      change: null,
      tier: null,
      reviewAt: null,
    });
  });
});
