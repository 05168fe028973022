import { resolve } from "node:path";

/*
 * What a DATABASE_URL names, said for an operator: the SQLite file (resolved against the
 * current folder, as the server resolves it) or the PostgreSQL URL with its password masked.
 */

const MASK = "***";

/** The schema the tables are in, when a PostgreSQL URL sets one with `options=-c search_path=…`. */
export function postgresSchema(url: string): string | null {
  const options = new URL(url).searchParams.get("options") ?? "";
  return /search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(options)?.[1] ?? null;
}

/** The URL without its password (in the user part or a `password` parameter). */
export function maskDatabaseUrl(url: string): string {
  if (url.startsWith("sqlite:")) return url;
  const masked = new URL(url);
  if (masked.password) masked.password = MASK;
  if (masked.searchParams.has("password")) masked.searchParams.set("password", MASK);
  return masked.toString();
}

/** One line naming the database: kind, file or masked URL, and the schema. */
export function describeDatabaseUrl(url: string): string {
  if (url.startsWith("sqlite:")) {
    const path = url.slice("sqlite:".length);
    return path === "" || path === ":memory:"
      ? "SQLite in memory (sqlite::memory:)"
      : `SQLite file ${resolve(path)}`;
  }
  const schema = postgresSchema(url);
  return `PostgreSQL ${maskDatabaseUrl(url)}${schema ? `, schema ${schema}` : ""}`;
}
