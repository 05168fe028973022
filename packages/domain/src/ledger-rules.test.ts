import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { earnCoins } from "./earn-rules.ts";
import {
  type EarnedPurchase,
  expiryOf,
  nextProgrammeTime,
  parseExpiryPolicy,
  programmeDayStart,
  refundShare,
} from "./ledger-rules.ts";

const purchase: EarnedPurchase = {
  netCents: 10_000,
  electronicCents: 0,
  electronicExtra: false,
  birthdayMultiplier: 100,
  holidayMultiplier: 100,
};
const none = { netCents: 0, electronicCents: 0 };

describe("refundShare", () => {
  it("refunds HKD 40 of 100 as 40 coins, refuses 70 more, and returns the rest by default", () => {
    const first = refundShare(purchase, none, { netCents: 4_000 });
    expect(first).toMatchObject({ netCents: 4_000, electronicCents: 0, reversed: { coins: 40 } });
    expect(refundShare(purchase, { netCents: 4_000, electronicCents: 0 }, { netCents: 7_000 })).toEqual({
      rule: "refundExceedsRemaining",
      field: "net_amount",
      remaining: 6_000,
    });
    expect(refundShare(purchase, { netCents: 4_000, electronicCents: 0 }, {})).toMatchObject({
      netCents: 6_000,
      reversed: { coins: 60 },
    });
    expect(refundShare(purchase, { netCents: 10_000, electronicCents: 0 }, {})).toMatchObject({
      rule: "alreadyRefunded",
    });
    expect(refundShare(purchase, none, { netCents: 0 })).toMatchObject({ rule: "refundZero" });
  });

  it("keeps the electronic part within what remains", () => {
    const card = { ...purchase, electronicCents: 10_000, electronicExtra: true };
    expect(refundShare(card, none, { netCents: 4_000 })).toMatchObject({
      electronicCents: 4_000,
      reversed: { coins: 80 },
    });
    expect(refundShare(card, none, { netCents: 4_000, electronicCents: 1_000 })).toMatchObject({
      rule: "electronicExceedsNet",
    });
    const half = { ...card, electronicCents: 5_000 };
    // Of 100 paid, 50 by card: a refund of 40 may be cash, one of 60 needs at least 10 by card.
    expect(refundShare(half, none, { netCents: 4_000 })).toMatchObject({ electronicCents: 0 });
    expect(refundShare(half, none, { netCents: 6_000 })).toMatchObject({ electronicCents: 1_000 });
    expect(refundShare(half, none, { netCents: 1_000, electronicCents: 6_000 })).toMatchObject({
      rule: "electronicExceedsRemaining",
    });
  });

  it("reverses exactly what the receipt earned, however it is split (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        fc.integer({ min: 100, max: 1000 }),
        fc.integer({ min: 100, max: 1000 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 }),
        (net, electronicShare, electronicExtra, birthday, holiday, cuts) => {
          const bought: EarnedPurchase = {
            netCents: net,
            electronicCents: Math.floor(net * electronicShare),
            electronicExtra,
            birthdayMultiplier: birthday,
            holidayMultiplier: holiday,
          };
          const refunded = { netCents: 0, electronicCents: 0 };
          let reversed = 0;
          for (const cut of [...cuts, undefined]) {
            const left = bought.netCents - refunded.netCents;
            if (left === 0) break;
            const amount = cut === undefined ? undefined : Math.max(1, Math.floor(left * cut));
            const share = refundShare(bought, refunded, { netCents: amount });
            if ("rule" in share) throw new Error(share.rule);
            expect(share.reversed.coins).toBeGreaterThanOrEqual(0);
            reversed += share.reversed.coins;
            refunded.netCents += share.netCents;
            refunded.electronicCents += share.electronicCents;
          }
          expect(refunded).toEqual({ netCents: bought.netCents, electronicCents: bought.electronicCents });
          expect(reversed).toBe(earnCoins(bought).coins);
        },
      ),
    );
  });
});

describe("expiry", () => {
  const hk = (text: string) => Date.parse(`${text}+08:00`);

  it("reads the policies and refuses others", () => {
    expect(parseExpiryPolicy(" None ")).toEqual({ kind: "none" });
    expect(parseExpiryPolicy("year-end")).toEqual({ kind: "year-end" });
    expect(parseExpiryPolicy("24-months")).toEqual({ kind: "months", months: 24 });
    expect(parseExpiryPolicy("1-month")).toEqual({ kind: "months", months: 1 });
    for (const text of ["", "never", "0-months", "121-months", "12 months"]) {
      expect(parseExpiryPolicy(text)).toBeNull();
    }
  });

  it("expires at the end of the year after earning, Hong Kong time", () => {
    expect(expiryOf({ kind: "none" }, hk("2025-07-15T12:00:00"))).toBeNull();
    expect(expiryOf({ kind: "year-end" }, hk("2025-01-01T00:00:00"))).toBe(hk("2027-01-01T00:00:00"));
    // 31 Dec 2025 23:30 in Hong Kong is still 2025 there (15:30 UTC).
    expect(expiryOf({ kind: "year-end" }, hk("2025-12-31T23:30:00"))).toBe(hk("2027-01-01T00:00:00"));
    expect(expiryOf({ kind: "year-end" }, hk("2026-01-01T00:30:00"))).toBe(hk("2028-01-01T00:00:00"));
  });

  it("expires N months on, at the end of that day, the month's last day when shorter", () => {
    expect(expiryOf({ kind: "months", months: 12 }, hk("2025-07-15T12:00:00"))).toBe(
      hk("2026-07-16T00:00:00"),
    );
    expect(expiryOf({ kind: "months", months: 1 }, hk("2025-01-31T09:00:00"))).toBe(
      hk("2025-03-01T00:00:00"),
    );
    expect(expiryOf({ kind: "months", months: 13 }, hk("2023-01-31T09:00:00"))).toBe(
      hk("2024-03-01T00:00:00"),
    );
  });

  it("knows the Hong Kong day and the next run time", () => {
    expect(programmeDayStart(hk("2025-07-15T23:59:00"))).toBe(hk("2025-07-15T00:00:00"));
    expect(nextProgrammeTime(hk("2025-07-15T00:05:00"), 0, 10)).toBe(hk("2025-07-15T00:10:00"));
    expect(nextProgrammeTime(hk("2025-07-15T00:10:00"), 0, 10)).toBe(hk("2025-07-16T00:10:00"));
  });
});
