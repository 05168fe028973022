import { type EarnResult, earnCoins, programmeDate } from "./earn-rules.ts";

/*
 * The H Coins ledger's own rules beyond earning (earn-rules.ts): what a partial refund
 * reverses, and when coins expire. Pure, in integer cents and unix milliseconds.
 */

/** What a purchase was: its amounts and the programme rules that applied to it. */
export interface EarnedPurchase {
  netCents: number;
  electronicCents: number;
  electronicExtra: boolean;
  birthdayMultiplier: number;
  holidayMultiplier: number;
}

export type RefundRule =
  | "alreadyRefunded"
  | "refundZero"
  | "refundExceedsRemaining"
  | "electronicExceedsRemaining"
  | "electronicExceedsNet";

export interface RefundShare {
  netCents: number;
  electronicCents: number;
  /** The coins to reverse, as positive numbers: base and each bonus. */
  reversed: EarnResult;
}

/**
 * What a refund of a receipt returns and reverses. `refunded` is what earlier refunds of it
 * returned. Without amounts the refund returns what remains. Without an electronic amount it
 * returns the least electronic payment that keeps what remains paid electronically within
 * what remains in all (a receipt paid wholly by card refunds by card).
 *
 * The coins reversed are what the receipt earns on what remains before the refund minus what it
 * earns on what remains after it, with the multipliers of the day it earned: the refunds of a
 * receipt, however split, add up to exactly what it earned, and none reverses a coin twice.
 */
export function refundShare(
  purchase: EarnedPurchase,
  refunded: { netCents: number; electronicCents: number },
  requested: { netCents?: number | undefined; electronicCents?: number | undefined },
): RefundShare | { rule: RefundRule; field: "net_amount" | "electronic_amount"; remaining: number } {
  const remainingNet = purchase.netCents - refunded.netCents;
  const remainingElectronic = purchase.electronicCents - refunded.electronicCents;
  if (remainingNet <= 0 && remainingElectronic <= 0)
    return { rule: "alreadyRefunded", field: "net_amount", remaining: 0 };
  const netCents = requested.netCents ?? remainingNet;
  if (netCents > remainingNet)
    return { rule: "refundExceedsRemaining", field: "net_amount", remaining: remainingNet };
  const leastElectronic = Math.max(0, remainingElectronic - (remainingNet - netCents));
  const electronicCents =
    requested.electronicCents ?? (requested.netCents === undefined ? remainingElectronic : leastElectronic);
  if (electronicCents > remainingElectronic)
    return { rule: "electronicExceedsRemaining", field: "electronic_amount", remaining: remainingElectronic };
  if (electronicCents > netCents || electronicCents < leastElectronic)
    return { rule: "electronicExceedsNet", field: "electronic_amount", remaining: remainingElectronic };
  if (netCents === 0) return { rule: "refundZero", field: "net_amount", remaining: remainingNet };

  const before = earnCoins({ ...purchase, netCents: remainingNet, electronicCents: remainingElectronic });
  const after = earnCoins({
    ...purchase,
    netCents: remainingNet - netCents,
    electronicCents: remainingElectronic - electronicCents,
  });
  return {
    netCents,
    electronicCents,
    reversed: {
      netCoins: before.netCoins - after.netCoins,
      electronicCoins: before.electronicCoins - after.electronicCoins,
      baseCoins: before.baseCoins - after.baseCoins,
      birthdayBonus: before.birthdayBonus - after.birthdayBonus,
      holidayBonus: before.holidayBonus - after.holidayBonus,
      coins: before.coins - after.coins,
    },
  };
}

/**
 * When coins expire: never (the default), at the end of the year after the year they were
 * earned (Hong Kong time; coins of 2025 expire when 2027 begins), or N months after the day
 * they were earned (at the end of that day).
 */
export type ExpiryPolicy = { kind: "none" } | { kind: "year-end" } | { kind: "months"; months: number };

export const MAX_EXPIRY_MONTHS = 120;

/** "none", "year-end" or "<N>-months" (1 to 120). */
export function parseExpiryPolicy(text: string): ExpiryPolicy | null {
  const value = text.trim().toLowerCase();
  if (value === "none") return { kind: "none" };
  if (value === "year-end") return { kind: "year-end" };
  const match = /^(\d{1,3})-months?$/.exec(value);
  const months = Number(match?.[1]);
  return match && months >= 1 && months <= MAX_EXPIRY_MONTHS ? { kind: "months", months } : null;
}

export function formatExpiryPolicy(policy: ExpiryPolicy): string {
  return policy.kind === "months" ? `${policy.months}-months` : policy.kind;
}

// Hong Kong keeps UTC+8 all year (no daylight saving since 1979): its midnight is 16:00 UTC.
const HONG_KONG_OFFSET_MS = 8 * 60 * 60 * 1000;
const hongKongMidnight = (year: number, monthIndex: number, day: number) =>
  Date.UTC(year, monthIndex, day) - HONG_KONG_OFFSET_MS;

/** The instant coins earned at `earnedAt` expire under `policy`, or null for never. */
export function expiryOf(policy: ExpiryPolicy, earnedAt: number): number | null {
  if (policy.kind === "none") return null;
  const [year, month, day] = programmeDate(earnedAt).split("-").map(Number) as [number, number, number];
  if (policy.kind === "year-end") return hongKongMidnight(year + 2, 0, 1);
  // The same day N months on (the month's last day when it is shorter), to its end.
  const target = new Date(Date.UTC(year, month - 1 + policy.months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return hongKongMidnight(target.getUTCFullYear(), target.getUTCMonth(), Math.min(day, lastDay) + 1);
}

/** The instant the Hong Kong day of `at` began (the velocity limits count a member's purchases from it). */
export function programmeDayStart(at: number): number {
  const [year, month, day] = programmeDate(at).split("-").map(Number) as [number, number, number];
  return hongKongMidnight(year, month - 1, day);
}

/** The next instant after `at` at which the Hong Kong clock shows hh:mm. */
export function nextProgrammeTime(at: number, hour: number, minute: number): number {
  const dayStart = programmeDayStart(at);
  const today = dayStart + (hour * 60 + minute) * 60_000;
  return today > at ? today : today + 24 * 60 * 60_000;
}
