// East Asian wide characters (CJK, Hangul, full-width forms) take two columns, as Biome counts them.
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;

const displayWidth = (text: string): number =>
  [...text].reduce((width, char) => width + (WIDE.test(char) ? 2 : 1), 0);

/**
 * A Markdown table laid out as Biome formats one (`biome check` formats the docs too): each
 * column padded to its widest cell, at least three wide, so that a generated file is already
 * in the form the lint step keeps.
 */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(3, displayWidth(title), ...rows.map((row) => displayWidth(row[column] ?? ""))),
  );
  const pad = (text: string, width: number) => text + " ".repeat(width - displayWidth(text));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((text, column) => pad(text, widths[column] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

/** Text for a table cell: a `|` would end the cell. */
export const cell = (text: string): string => text.replaceAll("|", "\\|");
