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

/**
 * A PostgreSQL database that `fill` migrates once, for copyOfTemplate() to copy per
 * test: copying a migrated database takes ~0.1 s where migrating a fresh schema took ~1 s on
 * this machine, and the server-postgres suites build hundreds of apps. Answers its name and a drop.
 */
export async function createTemplateDatabase(fill: (url: string) => Promise<void>) {
  const name = `test_template_${randomBytes(6).toString("hex")}`;
  const admin = await adminClient();
  await admin.query(`create database ${name}`);
  await admin.end();
  await fill(databaseUrl(name));
  return {
    name,
    async drop() {
      const client = await adminClient();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A fresh database copied from a template createTemplateDatabase() filled; dropCopy() removes it. */
export async function copyOfTemplate(template: string): Promise<{ url: string; database: string }> {
  const database = `test_${randomBytes(6).toString("hex")}`;
  const admin = await adminClient();
  try {
    // A copy waits for the template to have no other session; the template's filling app closes
    // its pool before the suites start, so this only retries a closing connection's last moment.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${database} template ${template}`);
        break;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        // real sleep: a retry's backoff, not a wait: no event says when a closing session has gone.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
  return { url: databaseUrl(database), database };
}

/** Drops a database copyOfTemplate() made, with any session its test left open. */
export async function dropCopy(database: string | undefined) {
  if (!database) return;
  const admin = await adminClient();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
}

/** DATABASE_URL with another database name; a test's commits need not wait for the disk. */
function databaseUrl(database: string): string {
  const url = new URL(requiredPostgresUrl());
  url.pathname = `/${database}`;
  url.searchParams.set("options", "-c synchronous_commit=off");
  return url.toString();
}

async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: requiredPostgresUrl() });
  await client.connect();
  return client;
}

function requiredPostgresUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url))
    throw new Error("a template database needs a PostgreSQL DATABASE_URL");
  return url;
}
