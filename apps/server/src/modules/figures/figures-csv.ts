import type { ConsoleFigures } from "@hcoins/domain/api/console-figures";

/** Excel reads a CSV as UTF-8 (Chinese names intact) only when it starts with the byte-order mark. */
const BOM = "\uFEFF";

const COLUMNS = [
  "day",
  "registrations",
  "logins",
  "sms_sent",
  "sms_failed",
  "earned",
  "refunded",
  "adjusted",
  "redeemed",
  "cancelled",
  "expired",
  "outstanding",
] as const;

/** RFC 4180 quoting; a leading = + - @ is prefixed with ' so a spreadsheet never runs it as a formula. */
function cell(value: string | number | undefined): string {
  if (value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The figures page's days as CSV: one row per Hong Kong day, then a `total` row (its outstanding
 * is the liability now). The coin columns are empty when the coin scheme did not answer.
 */
export function figuresCsv(figures: ConsoleFigures): string {
  const coinDays = new Map(figures.coins?.days.map((day) => [day.day, day]));
  const lines: string[] = [COLUMNS.join(",")];
  for (const day of figures.days) {
    const coins = coinDays.get(day.day);
    lines.push(
      COLUMNS.map((column) =>
        cell(column in day ? day[column as keyof typeof day] : coins?.[column as keyof typeof coins]),
      ).join(","),
    );
  }
  const totals: Record<string, string | number | undefined> = {
    day: "total",
    ...figures.totals,
    ...figures.coins?.totals,
    outstanding: figures.coins?.outstanding,
  };
  lines.push(COLUMNS.map((column) => cell(totals[column])).join(","));
  return `${BOM}${lines.join("\r\n")}\r\n`;
}
