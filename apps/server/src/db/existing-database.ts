import { statSync } from "node:fs";
import { resolve } from "node:path";
import { postgresSchema } from "@hcoins/server-kit/database-url";
import { ConfigError } from "@hcoins/server-kit/env";
import SQLite from "better-sqlite3";
import pg from "pg";
import { FIRST_MEMBER_MIGRATION } from "./migrate.ts";

/*
 * The operator commands act on the server's database and nothing else. Opening a DATABASE_URL
 * creates and migrates whatever it names (right for the server's first start), so a mistyped or
 * unset variable would have the command act on a new, empty database while the live one stays as
 * it was. The command line checks first, creating nothing: the database must exist and hold the
 * member server's migrations, unless the operator asked for a new one (--create-database).
 */

/** What --create-database may create when it is missing. */
export interface CreateOptions {
  create: boolean;
}

const missing = (what: string) =>
  new ConfigError([
    `DATABASE_URL names no member server database: ${what}. Nothing was done. Set DATABASE_URL to the server's database, or add --create-database to create a new one there.`,
  ]);

/**
 * Resolves when DATABASE_URL names a database that holds the member server's tables, or (with
 * `create`) once a PostgreSQL database or schema it names exists (the migrations then make the
 * tables; a SQLite file is made when it is opened). Otherwise a ConfigError saying what is missing.
 */
export async function requireMemberDatabase(url: string, options: CreateOptions): Promise<void> {
  if (url.startsWith("sqlite:")) requireSqlite(url.slice("sqlite:".length), options);
  else await requirePostgres(url, options);
}

function requireSqlite(path: string, { create }: CreateOptions): void {
  if (path === "" || path === ":memory:") {
    throw new ConfigError([
      "DATABASE_URL is sqlite::memory:, a database that ends with the command: name the server's database file",
    ]);
  }
  const file = resolve(path);
  if (!statSync(file, { throwIfNoEntry: false })) {
    if (create) return;
    throw missing(`there is no file ${file}`);
  }
  let migrated: boolean;
  try {
    const db = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      const table = db
        .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
        .get();
      migrated =
        table !== undefined &&
        db.prepare("select 1 from kysely_migration where name = ?").get(FIRST_MEMBER_MIGRATION) !== undefined;
    } finally {
      db.close();
    }
  } catch (error) {
    throw new ConfigError([`DATABASE_URL: ${file} is not a SQLite database (${(error as Error).message})`]);
  }
  if (!migrated && !create) throw missing(`${file} holds no member server tables`);
}

async function requirePostgres(url: string, options: CreateOptions): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  const database = client.database ?? "";
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    if ((error as { code?: string }).code !== "3D000") {
      throw new ConfigError([`DATABASE_URL: cannot connect (${(error as Error).message})`]);
    }
    if (!options.create) throw missing(`PostgreSQL has no database "${database}"`);
    await createPostgresDatabase(url, database);
    return requirePostgres(url, options);
  }
  try {
    const { rows } = await client.query<{ schema: string | null }>("select current_schema() as schema");
    const schema = rows[0]?.schema ?? null;
    if (schema === null) {
      const named = postgresSchema(url);
      if (!options.create || named === null) {
        throw missing(`database "${database}" has no schema "${named ?? "public"}"`);
      }
      await client.query(`create schema if not exists ${client.escapeIdentifier(named)}`);
      return;
    }
    const table = await client.query(
      "select 1 from pg_tables where schemaname = $1 and tablename = 'kysely_migration'",
      [schema],
    );
    const migrated =
      table.rowCount !== 0 &&
      (
        await client.query(
          `select 1 from ${client.escapeIdentifier(schema)}.kysely_migration where name = $1`,
          [FIRST_MEMBER_MIGRATION],
        )
      ).rowCount !== 0;
    if (!migrated && !options.create) {
      throw missing(`schema "${schema}" of database "${database}" holds no member server tables`);
    }
  } finally {
    await client.end();
  }
}

/** CREATE DATABASE, from the server's maintenance database `postgres` (the role needs CREATEDB). */
async function createPostgresDatabase(url: string, database: string): Promise<void> {
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  maintenance.searchParams.delete("options");
  const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query(`create database ${client.escapeIdentifier(database)}`);
  } catch (error) {
    // Another command creating it at the same moment is as good.
    if ((error as { code?: string }).code !== "42P04") {
      throw new ConfigError([
        `DATABASE_URL: could not create database "${database}" (${(error as Error).message})`,
      ]);
    }
  } finally {
    await client.end().catch(() => {});
  }
}
