import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { usePostgres } from "../cross-cutting/support.ts";
import { adminProcess, SPAWN_TIMEOUT } from "../testing/admin-process.ts";

/** The line the command line writes to stderr before anything else. */
const databaseLine = (dir: string) => `Database: SQLite file ${join(dir, "members.db")}\n`;

describe("the admin command line, run as its own process", () => {
  let run: Awaited<ReturnType<typeof adminProcess>>;
  beforeEach(async () => {
    run = await adminProcess("admin-cli-");
  });
  afterEach(() => run.remove());

  const admin = (...args: string[]) => run.admin(...args);

  it(
    "blocks a number in the configured database, exits 0 and says what changed",
    async () => {
      const first = await admin("block", "852", "91234567");
      expect(first).toMatchObject({ code: 0, stderr: databaseLine(run.dir) });
      expect(first.stdout).toBe("Blocked +852 91234567. CheckPhone now answers 40002 for it.\n");

      // A second process finds the block stored in the same file.
      const second = await admin("block", "852", "91234567");
      expect(second.code).toBe(0);
      expect(second.stdout).toBe("+852 91234567 was already blocked; nothing changed.\n");
    },
    SPAWN_TIMEOUT,
  );

  it(
    "exits non-zero on bad input, naming the bad argument, and on an unknown command",
    async () => {
      const bad = await admin("block", "852", "9123");
      expect(bad.code).toBe(1);
      expect(bad.stdout).toBe("");
      expect(bad.stderr).toContain('mobile "9123" must be 8 digits for prefix 852');

      const unknown = await admin("frobnicate");
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('Unknown command "frobnicate"');

      const help = await admin("help");
      expect(help.code).toBe(0);
      expect(help.stdout).toContain("import-members <file.csv>");
    },
    SPAWN_TIMEOUT,
  );
});

describe("the admin command line on a machine whose npm configuration warns", () => {
  // Such machines set npm's `nodedir` so native addons build against Node's headers; npm 11
  // warns about the key on every run it makes. The CLI's output must not depend on it.
  it(
    "writes only its own answer, with nodedir in the user's .npmrc and in npm's environment",
    async () => {
      const home = await mkdtemp(join(tmpdir(), "admin-npmrc-"));
      await writeFile(join(home, ".npmrc"), "nodedir=/usr\nfund=false\n");
      const run = await adminProcess("admin-npmrc-", { HOME: home, npm_config_nodedir: "/usr" });
      try {
        const blocked = await run.admin("block", "852", "91234568");
        expect(blocked).toEqual({
          code: 0,
          stdout: "Blocked +852 91234568. CheckPhone now answers 40002 for it.\n",
          stderr: databaseLine(run.dir),
        });
      } finally {
        await run.remove();
        await rm(home, { recursive: true, force: true });
      }
    },
    SPAWN_TIMEOUT,
  );
});

describe("the admin command line and the database it acts on", () => {
  it(
    "refuses a SQLite file that does not exist, creating nothing; --create-database creates and migrates it",
    async () => {
      const run = await adminProcess("admin-missing-", {}, { database: "missing" });
      try {
        // The live server's database is elsewhere: a mistyped path must not become a new, empty one.
        const refused = await run.admin("block", "852", "91234567");
        expect(refused.code).toBe(78);
        expect(refused.stdout).toBe("");
        expect(refused.stderr).toBe(
          `${databaseLine(run.dir)}Invalid configuration:\n  DATABASE_URL names no member server database: there is no file ${join(run.dir, "members.db")}. Nothing was done. Set DATABASE_URL to the server's database, or add --create-database to create a new one there.\n`,
        );
        // A folder on the mistyped path is not made either.
        run.env.DATABASE_URL = `sqlite:${join(run.dir, "typo", "members.db")}`;
        expect((await run.admin("block", "852", "91234567")).code).toBe(78);
        expect(await readdir(run.dir)).toEqual([]);

        // Asked for (anywhere on the line), the database is made and the command runs on it.
        run.env.DATABASE_URL = `sqlite:${join(run.dir, "members.db")}`;
        const created = await run.admin("block", "852", "91234567", "--create-database");
        expect(created).toEqual({
          code: 0,
          stdout: "Blocked +852 91234567. CheckPhone now answers 40002 for it.\n",
          stderr: databaseLine(run.dir),
        });
        const again = await run.admin("block", "852", "91234567");
        expect(again.stdout).toBe("+852 91234567 was already blocked; nothing changed.\n");
      } finally {
        await run.remove();
      }
    },
    SPAWN_TIMEOUT,
  );

  it.runIf(usePostgres)(
    "PostgreSQL: names the database with its password masked, and refuses a schema without the member server's tables",
    async () => {
      const schema = `admin_${randomBytes(6).toString("hex")}`;
      const url = new URL(process.env.DATABASE_URL as string);
      url.password = "not-shown-anywhere";
      url.searchParams.set("options", `-c search_path=${schema}`);
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`create schema ${schema}`);
      const run = await adminProcess("admin-pg-", { DATABASE_URL: url.toString() }, { database: "missing" });
      try {
        const refused = await run.admin("block", "852", "91234567");
        expect(refused.code).toBe(78);
        expect(refused.stderr).not.toContain("not-shown-anywhere");
        const [line, ...rest] = refused.stderr.split("\n");
        expect(line).toMatch(
          new RegExp(`^Database: PostgreSQL postgres(ql)?://[^:]+:\\*\\*\\*@.*, schema ${schema}$`),
        );
        expect(rest.join("\n")).toContain(
          `schema "${schema}" of database "${url.pathname.slice(1)}" holds no member server tables`,
        );
        const { rows } = await client.query(
          "select count(*)::int as n from information_schema.tables where table_schema = $1",
          [schema],
        );
        expect(rows[0].n).toBe(0);
      } finally {
        await run.remove();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
    },
    SPAWN_TIMEOUT,
  );
});
