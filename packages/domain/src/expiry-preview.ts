import { isCalendarDate, programmeDate } from "./earn-rules.ts";

/** How far ahead the expiry dry run looks: enough for a year-end policy's two-year terms. */
export const EXPIRY_PREVIEW_MAX_YEARS = 3;

const HONG_KONG_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The last Hong Kong day the dry run may ask about, from `now`: the same date three years on. */
export function expiryPreviewLastDate(now: number): string {
  const [year, month, day] = programmeDate(now).split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year + EXPIRY_PREVIEW_MAX_YEARS, month - 1, day));
  return last.toISOString().slice(0, 10);
}

/**
 * The instant of the expiry run that takes everything due by the end of Hong Kong day `date`
 * (00:10 the next day, as EXPIRY_CRON), or the rule the date breaks: `date` not a real date,
 * `expiryDatePast` before today, `expiryDateTooFar` past EXPIRY_PREVIEW_MAX_YEARS.
 */
export function expiryPreviewAt(
  date: string,
  now: number,
): { at: number } | { rule: "date" | "expiryDatePast" | "expiryDateTooFar" } {
  if (!isCalendarDate(date)) return { rule: "date" };
  // YYYY-MM-DD texts compare as their dates.
  if (date < programmeDate(now)) return { rule: "expiryDatePast" };
  if (date > expiryPreviewLastDate(now)) return { rule: "expiryDateTooFar" };
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return { at: Date.UTC(year, month - 1, day + 1, 0, 10) - HONG_KONG_OFFSET_MS };
}
