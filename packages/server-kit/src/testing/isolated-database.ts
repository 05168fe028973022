import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A database of a test's own: in-memory SQLite, or a fresh schema of the PostgreSQL in
 * DATABASE_URL (the server-postgres suites set it), the connection's search_path set to it.
 */
export interface IsolatedDatabase {
  url: string;
  /** The PostgreSQL schema, for dropIsolatedDatabase(); undefined on SQLite. */
  schema: string | undefined;
}

export async function isolatedDatabase(): Promise<IsolatedDatabase> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    return { url: "sqlite::memory:", schema: undefined };
  }
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const url = new URL(databaseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return { url: url.toString(), schema };
}

/** Drops the schema isolatedDatabase() created. */
export async function dropIsolatedDatabase(schema: string | undefined) {
  if (!schema || !process.env.DATABASE_URL) return;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}
