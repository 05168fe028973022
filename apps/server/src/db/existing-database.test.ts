import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCoinSchemeConfig, migrateCoinScheme } from "@hcoins/coin-scheme/embedded";
import { openDatabase } from "@hcoins/server-kit/database";
import { ConfigError } from "@hcoins/server-kit/env";
import pg from "pg";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { usePostgres } from "../cross-cutting/support.ts";
import { openServices } from "../services.ts";
import { requireMemberDatabase } from "./existing-database.ts";
import { migrateMemberDatabase } from "./migrate.ts";

// The command line's wiring (the database line, exit 78, --create-database) is shown by cli/admin.test.ts.

/** The problem of the ConfigError the check throws, or "ok". */
async function verdict(url: string, create = false): Promise<string> {
  try {
    await requireMemberDatabase(url, { create });
    return "ok";
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems.join("\n");
  }
}

describe.skipIf(usePostgres)("requireMemberDatabase, SQLite", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "existing-db-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("refuses a missing file, creating nothing; with create it leaves the file to the opening", async () => {
    const file = join(dir, "nested", "members.db");
    expect(await verdict(`sqlite:${file}`)).toBe(
      `DATABASE_URL names no member server database: there is no file ${file}. Nothing was done. Set DATABASE_URL to the server's database, or add --create-database to create a new one there.`,
    );
    expect(await verdict(`sqlite:${file}`, true)).toBe("ok");
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses a file without the member server's tables: empty, the standalone scheme's, or not a database", async () => {
    const empty = join(dir, "empty.db");
    await writeFile(empty, "");
    expect(await verdict(`sqlite:${empty}`)).toContain(`${empty} holds no member server tables`);
    expect(await verdict(`sqlite:${empty}`, true)).toBe("ok");

    const scheme = join(dir, "coin-scheme.db");
    const handle = openDatabase(`sqlite:${scheme}`);
    await migrateCoinScheme(handle, loadCoinSchemeConfig({ NODE_ENV: "test" }).settings);
    await handle.close();
    expect(await verdict(`sqlite:${scheme}`)).toContain(`${scheme} holds no member server tables`);

    const text = join(dir, "notes.txt");
    await writeFile(text, "not a database, but long enough to have a header of its own".repeat(4));
    expect(await verdict(`sqlite:${text}`)).toMatch(/^DATABASE_URL: .*notes\.txt is not a SQLite database/);

    expect(await verdict("sqlite::memory:")).toContain("a database that ends with the command");
  });

  it("accepts the server's database", async () => {
    const file = join(dir, "members.db");
    const handle = openDatabase(`sqlite:${file}`);
    await migrateMemberDatabase(handle);
    await handle.close();
    expect(await verdict(`sqlite:${file}`)).toBe("ok");
  });
});

describe.runIf(usePostgres)("requireMemberDatabase, PostgreSQL", () => {
  const base = process.env.DATABASE_URL as string;
  const admin = new pg.Client({ connectionString: base });
  const schemas: string[] = [];
  const databases: string[] = [];
  const name = (prefix: string) => `${prefix}_${randomBytes(6).toString("hex")}`;
  const inSchema = (schema: string, database?: string) => {
    const url = new URL(base);
    if (database) url.pathname = `/${database}`;
    url.searchParams.set("options", `-c search_path=${schema}`);
    return url.toString();
  };
  const schemaExists = async (schema: string) =>
    (await admin.query("select 1 from pg_namespace where nspname = $1", [schema])).rowCount === 1;

  beforeAll(() => admin.connect());
  afterAll(async () => {
    for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
    for (const database of databases) await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it("refuses a schema that is missing or holds no member server tables; create makes the schema", async () => {
    const missing = name("nothere");
    schemas.push(missing);
    const database = new URL(base).pathname.slice(1);
    expect(await verdict(inSchema(missing))).toContain(`database "${database}" has no schema "${missing}"`);
    expect(await schemaExists(missing)).toBe(false);
    expect(await verdict(inSchema(missing), true)).toBe("ok");
    expect(await schemaExists(missing)).toBe(true);
    // Made, but still without tables: refused until migrated.
    expect(await verdict(inSchema(missing))).toContain(
      `schema "${missing}" of database "${database}" holds no member server tables`,
    );
    const handle = openDatabase(inSchema(missing));
    await migrateMemberDatabase(handle);
    await handle.close();
    expect(await verdict(inSchema(missing))).toBe("ok");
  });

  it("refuses a database that does not exist; create makes it, and the services open on it migrated", async () => {
    const database = name("nodb");
    databases.push(database);
    const url = inSchema("members", database);
    expect(await verdict(url)).toContain(`PostgreSQL has no database "${database}"`);
    const config = loadConfig({ DATABASE_URL: url, JOBS_ENABLED: "false", SEED_CONTENT: "false" });
    const { services, close } = await openServices(config, pino({ level: "silent" }), {
      createDatabase: true,
    });
    try {
      expect(await services.members.findByPhone("852", "91234567")).toBeUndefined();
    } finally {
      await close();
    }
    expect(await verdict(url)).toBe("ok");
  });

  it("says when it cannot connect at all", async () => {
    const url = new URL(base);
    url.port = "1";
    expect(await verdict(url.toString())).toMatch(/^DATABASE_URL: cannot connect \(/);
  });
});
