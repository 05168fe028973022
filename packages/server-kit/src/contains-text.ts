import { type RawBuilder, sql } from "kysely";

/**
 * A case-insensitive "contains" match that reads alike on SQLite and PostgreSQL: `lower()` on
 * both sides (SQLite's LIKE folds ASCII only, PostgreSQL's not at all), and the typed text's
 * `%`, `_` and `\` escaped, so that an operator's `50%` is the text and not a wildcard.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;
}

export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
