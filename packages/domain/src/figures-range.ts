import { isCalendarDate } from "./earn-rules.ts";

/**
 * The days the figures cover: Hong Kong calendar dates, both ends included. One rule for the
 * console's form, the member server and the coin scheme, so that a range one accepts the others do.
 */

/** The longest range one call answers: a year, leap or not, day by day. */
export const FIGURES_MAX_DAYS = 366;
/** The range the figures page opens on, ending today. */
export const FIGURES_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;
const utcMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The date `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return new Date(utcMidnight(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both included (0 or less when `to` comes first). */
export function dayCount(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS) + 1;
}

/** Every date from `from` to `to`, in order. */
export function daysOf(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, dayCount(from, to)) }, (_, i) => addDays(from, i));
}

/** The instant a Hong Kong day begins (UTC+8 all year), unix ms. */
export const dayStartMs = (day: string) => utcMidnight(day) - 8 * 3_600_000;

/** The last FIGURES_DEFAULT_DAYS days up to `to`. */
export const defaultFiguresRange = (to: string) => ({ from: addDays(to, 1 - FIGURES_DEFAULT_DAYS), to });

export type FiguresRangeRule = "date" | "dateOrder" | "rangeTooLong";

/**
 * The range asked for, a missing end filled in (`to` today, `from` FIGURES_DEFAULT_DAYS before
 * `to`), or the field and rule it breaks.
 */
export function figuresRange(
  asked: { from?: string | undefined; to?: string | undefined },
  today: string,
): { from: string; to: string } | { field: "from" | "to"; rule: FiguresRangeRule } {
  if (asked.to !== undefined && !isCalendarDate(asked.to)) return { field: "to", rule: "date" };
  if (asked.from !== undefined && !isCalendarDate(asked.from)) return { field: "from", rule: "date" };
  const to = asked.to ?? today;
  const from = asked.from ?? defaultFiguresRange(to).from;
  if (dayCount(from, to) < 1) return { field: "from", rule: "dateOrder" };
  if (dayCount(from, to) > FIGURES_MAX_DAYS) return { field: "from", rule: "rangeTooLong" };
  return { from, to };
}
