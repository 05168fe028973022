import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { CurrentSchemaPostgresDialect } from "./current-schema-introspector.ts";
import type { Database } from "./schema.ts";
import { withStatementCache } from "./statement-cache.ts";

export type DialectName = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Cheap round trip used by /healthz and the 5030 check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// int8 (bigint) columns hold unix milliseconds, well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openDatabase(url: string): DatabaseHandle {
  if (url.startsWith("sqlite:")) return openSqlite(url.slice("sqlite:".length));
  return openPostgres(url);
}

function openSqlite(path: string): DatabaseHandle {
  const file = path === ":memory:" || path === "" ? ":memory:" : resolve(path);
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: "sqlite",
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its connection must not crash the process; the next query reports it.
  pool.on("error", () => {});
  // A client checked out by a query or transaction has no pool listener: losing its connection then
  // would be an uncaught 'error' that ends the process. The query itself still fails (answered 5030).
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return (
    e?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    e?.code === "23505"
  );
}

/** True when the database itself, or the Redis holding the shared counters, is unreachable (answered as 5030). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  return (
    [
      "ECONNREFUSED",
      "ECONNRESET",
      "ETIMEDOUT",
      "57P01",
      "57P03",
      "08006",
      "08001",
      "SQLITE_BUSY",
      "SQLITE_CANTOPEN",
    ].includes(e.code ?? "") ||
    /connection terminated|timeout exceeded when trying to connect|database connection is not open|driver has already been destroyed/i.test(
      e.message ?? "",
    ) ||
    // pg, on a client whose connection broke mid-transaction (the rollback then fails with this, not the cause).
    /is not queryable/i.test(e.message ?? "") ||
    // ioredis, offline (enableOfflineQueue is off) or giving up on a command.
    /stream isn't writeable|connection is closed|reached the max retries per request/i.test(e.message ?? "")
  );
}
