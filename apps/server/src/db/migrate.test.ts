import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { openDatabase } from "@hcoins/server-kit/database";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateMemberDatabase } from "./migrate.ts";

const MIGRATION_FILES = readdirSync(new URL("./migrations/", import.meta.url)).filter((name) =>
  /^\d{4}-.*\.ts$/.test(name),
);

// Runs in the server-postgres project only (DATABASE_URL is blank in server-sqlite).
const databaseUrl = process.env.DATABASE_URL ?? "";
const postgres = /^postgres(ql)?:\/\//.test(databaseUrl);

describe.runIf(postgres)("migrations on PostgreSQL beside other schemas", () => {
  const schemas: string[] = [];
  const admin = new pg.Client({ connectionString: databaseUrl });

  async function newSchema() {
    const name = `test_${randomBytes(6).toString("hex")}`;
    await admin.query(`create schema ${name}`);
    schemas.push(name);
    const url = new URL(databaseUrl);
    url.searchParams.set("options", `-c search_path=${name}`);
    return { name, database: openDatabase(url.toString()) };
  }

  async function tablesOf(schema: string) {
    const { rows } = await admin.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = $1 order by 1",
      [schema],
    );
    return rows.map((row) => row.name);
  }

  beforeAll(() => admin.connect());
  afterAll(async () => {
    for (const name of schemas) await admin.query(`drop schema if exists ${name} cascade`);
    await admin.end();
  });

  it("migrates each schema on its own: one already migrated does not stand in for the next", async () => {
    const first = await newSchema();
    const second = await newSchema();
    try {
      await migrateMemberDatabase(first.database);
      await migrateMemberDatabase(second.database);
      await migrateMemberDatabase(second.database);
      const tables = await tablesOf(second.name);
      expect(tables).toEqual(await tablesOf(first.name));
      expect(tables).toEqual(expect.arrayContaining(["kysely_migration", "members"]));
      const { rows } = await admin.query(`select name from ${second.name}.kysely_migration`);
      // Every migration once (migrations/), however often migrate ran.
      expect(rows).toHaveLength(MIGRATION_FILES.length);
      // The migrator sees its own schema's tables and no other's.
      const seen = await second.database.tables().introspection.getTables({ withInternalKyselyTables: true });
      expect(new Set(seen.map((table) => table.schema))).toEqual(new Set([second.name]));
      expect(seen.find((table) => table.name === "members")?.columns.length).toBeGreaterThan(3);
    } finally {
      await first.database.close();
      await second.database.close();
    }
  });

  it("migrates while other schemas are being dropped", async () => {
    const others = [];
    for (let i = 0; i < 6; i++) others.push(await newSchema());
    await Promise.all(others.map((other) => migrateMemberDatabase(other.database)));
    await Promise.all(others.map((other) => other.database.close()));
    const own = await newSchema();
    try {
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      const drops = (async () => {
        for (const other of others) await dropper.query(`drop schema ${other.name} cascade`);
        await dropper.end();
      })();
      const lookups = Array.from({ length: 6 }, () =>
        own.database.tables().introspection.getTables({ withInternalKyselyTables: true }),
      );
      await Promise.all([drops, migrateMemberDatabase(own.database), ...lookups]);
      expect(await tablesOf(own.name)).toContain("members");
    } finally {
      await own.database.close();
    }
  });
});
