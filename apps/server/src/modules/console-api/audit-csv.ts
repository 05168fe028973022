import type { AuditEntry } from "@hcoins/domain/api/console";

const COLUMNS = ["id", "at", "actor", "action", "target", "before", "after", "address"] as const;

/** RFC 4180 quoting; a leading = + - @ is prefixed with ' so a spreadsheet never runs it as a formula. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "object" ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = [COLUMNS.join(",")];
  for (const entry of entries) lines.push(COLUMNS.map((column) => cell(entry[column])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
