import type SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/**
 * better-sqlite3 compiles SQL on every prepare(), and Kysely prepares once per query: a
 * tenth of a CheckPhone's time went there (bench/RESULTS.md). The app's queries come from a
 * fixed set of builders, so their texts repeat; the compiled statements are kept by text,
 * the least recently used dropped beyond `limit`. SQLite recompiles a kept statement itself
 * when the schema changes under it.
 */
export function withStatementCache(sqlite: SQLite.Database, limit = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else statement = sqlite.prepare(text);
      statements.set(text, statement);
      if (statements.size > limit) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}
