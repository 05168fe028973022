import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { CurrentSchemaPostgresDialect } from "./current-schema-introspector.ts";
import { withStatementCache } from "./statement-cache.ts";

export type DialectName = "sqlite" | "postgres";

/** Table name → row type, as Kysely takes it (a `type` alias: an interface has no index signature). */
// biome-ignore lint/suspicious/noExplicitAny: Kysely's own bound for a table map
export type TableMap = Record<string, Record<string, any>>;

/**
 * A connection, or a transaction on it, seen through the tables each owner declares: the
 * member server asks for its tables and the embedded coin scheme for its own, and both run
 * on the one executor underneath. SQLite allows one writer, and Kysely's SQLite driver one
 * connection with a queue: a second driver or connection on the same file would wait on the
 * file lock outside that queue, and a transaction could not span both owners.
 */
export interface TableViews {
  tables<T extends TableMap>(): Kysely<T>;
}

export interface DatabaseHandle extends TableViews {
  dialect: DialectName;
  /** Runs `work` in one transaction; every owner's view taken from `trx` is in it. */
  transaction<R>(work: (trx: TableViews) => Promise<R>): Promise<R>;
  /** Cheap round trip used by /healthz and the 5030 check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// int8 (bigint) columns hold unix milliseconds, well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * PostgreSQL connections per process. The scheme's redemptions may hold at most a few of them at
 * once (COIN_REDEMPTION_CONCURRENCY, below half of this), so that a rush leaves the rest to tills.
 */
export const POSTGRES_POOL_SIZE = 10;
/** How long a query waits for a free connection before it fails (answered 5030). */
const CONNECTION_WAIT_MS = 5000;

export interface DatabaseOptions {
  /** PostgreSQL only: the pool's connections (POSTGRES_POOL_SIZE); tests make it small to provoke starvation fast. */
  poolSize?: number;
}

/** `sqlite:<path>` (`sqlite::memory:` for a throwaway one) or `postgres://…`. */
export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith("sqlite:")) {
    return handle(openSqlite(url.slice("sqlite:".length)), "sqlite");
  }
  return handle(openPostgres(url, options), "postgres");
}

// Tables are declared by each owner through tables<T>(); the connection itself knows none.
type NoTables = Record<never, never>;

function handle(db: Kysely<NoTables>, dialect: DialectName): DatabaseHandle {
  return {
    dialect,
    tables: <T extends TableMap>(): Kysely<T> => db.$extendTables<T>(),
    transaction: (work) =>
      db
        .transaction()
        .execute((trx) => work({ tables: <T extends TableMap>(): Kysely<T> => trx.$extendTables<T>() })),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

function openSqlite(path: string): Kysely<NoTables> {
  const file = path === ":memory:" || path === "" ? ":memory:" : resolve(path);
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  return new Kysely<NoTables>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

function openPostgres(url: string, options: DatabaseOptions): Kysely<NoTables> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? POSTGRES_POOL_SIZE,
    connectionTimeoutMillis: CONNECTION_WAIT_MS,
  });
  // An idle client that loses its connection must not crash the process; the next query reports it.
  pool.on("error", () => {});
  // A client checked out by a query or transaction has no pool listener: losing its connection then
  // would be an uncaught 'error' that ends the process. The query itself still fails (answered 5030).
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  return new Kysely<NoTables>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
}
