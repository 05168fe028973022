import type SQLite from "better-sqlite3";

/**
 * Runs a compiled read at once and gives its rows, or undefined when it must wait its turn
 * because a transaction holds the connection.
 */
export type DirectRead = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;

// Keyed by the table view (any Kysely instance): what tables it shows does not matter here.
const readers = new WeakMap<object, DirectRead>();

/** The direct read behind a table view (database.ts registers the views it hands out on SQLite). */
export const directReadOf = (view: object): DirectRead | undefined => readers.get(view);

export function withDirectRead<V extends object>(view: V, read: DirectRead | undefined): V {
  if (read) readers.set(view, read);
  return view;
}

/**
 * Reads on SQLite without Kysely's turn-taking: better-sqlite3 is synchronous, so a statement
 * run while no transaction is open cannot interleave with anything, and Kysely's queue for its
 * one connection (several promises per query, and every waiting query woken at each release)
 * is only needed while a transaction holds it. Rows come as arrays and are built into objects
 * of one fixed shape per statement: better-sqlite3 builds each row key by key, with every
 * column name looked up again. For the prepared queries of every request (preparedQuery):
 * their texts are few and fixed, so the statements are kept without a limit.
 */
export function sqliteDirectRead(sqlite: SQLite.Database): DirectRead {
  const statements = new Map<string, { statement: SQLite.Statement; row: (values: unknown[]) => unknown }>();
  return (text, parameters) => {
    if (sqlite.inTransaction) return undefined;
    let entry = statements.get(text);
    if (!entry) {
      const statement = sqlite.prepare(text).raw(true);
      entry = { statement, row: rowBuilder(statement.columns().map((column) => column.name)) };
      statements.set(text, entry);
    }
    return (entry.statement.all(...parameters) as unknown[][]).map(entry.row);
  };
}

/** `(values) => ({ first: values[0], second: values[1], … })`, written once for the statement's columns. */
function rowBuilder(columns: string[]): (values: unknown[]) => unknown {
  const fields = columns.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  return new Function("values", `return { ${fields.join(", ")} };`) as (values: unknown[]) => unknown;
}
