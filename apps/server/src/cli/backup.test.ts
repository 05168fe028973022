import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFile, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { openDatabase, type TableViews } from "@hcoins/server-kit/database";
import { postgresSchema } from "@hcoins/server-kit/database-url";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { usePostgres } from "../cross-cutting/support.ts";
import { migrateMemberDatabase } from "../db/migrate.ts";
import { adminProcess, SPAWN_TIMEOUT } from "../testing/admin-process.ts";
import { embeddedTill, memberWithEverything } from "../testing/data-protection.ts";
import { registerMember } from "../testing/flows.ts";
import { createTestApp, isolatedStorage } from "../testing/test-app.ts";
import { testApps } from "../testing/test-apps.ts";
import { backup } from "./backup.ts";
import { CliError } from "./command.ts";

const run = promisify(execFile);
const { shared } = testApps();
const PREFILL = 40_000;

describe.skipIf(usePostgres)("backup, SQLite: the online backup while another process writes", () => {
  it(
    "copies one consistent snapshot holding every write acknowledged before it began; the copy passes integrity_check and the app runs on it",
    async () => {
      const { dir, admin, remove } = await adminProcess("backup-");
      try {
        const path = join(dir, "members.db");
        const copyPath = join(dir, "copy.db");
        const handle = openDatabase(`sqlite:${path}`);
        await migrateMemberDatabase(handle);
        await handle.close();

        // The writer stands in for the running server: another connection, each write committed
        // (acknowledged) before the next one starts.
        const writer = new SQLite(path);
        writer.pragma("journal_mode = WAL");
        writer.pragma("busy_timeout = 5000");
        const insert = writer.prepare(
          `insert into members (member_no, mobile_phone_prefix, mobile_phone, name, email, sms_subscription,
             email_subscription, do_not_call, unsubscribe_reasons, source, disabled, created_at, updated_at)
           values (?, '852', ?, ?, ?, 0, 0, 0, '', 'web', 0, ?, ?)`,
        );
        let acknowledged = 0;
        let slowest = 0;
        const write = () => {
          const n = acknowledged;
          const started = performance.now();
          insert.run(
            `B${n}`,
            String(50_000_000 + n),
            `Member ${n} `.padEnd(80, "x"),
            `b${n}@example.org`,
            n,
            n,
          );
          slowest = Math.max(slowest, performance.now() - started);
          acknowledged = n + 1;
        };
        writer.transaction(() => {
          for (let i = 0; i < PREFILL; i += 1) write();
        })();
        slowest = 0;
        let stop = false;
        const writing = (async () => {
          while (!stop) {
            write();
            // real sleep: the writer's pace, not a wait: about a write a millisecond, leaving the CPU to the backup.
            await new Promise((done) => setTimeout(done, 1));
          }
        })();
        const before = acknowledged;
        const result = await admin("backup", "--out", copyPath);
        const after = acknowledged;
        stop = true;
        await writing;
        writer.close();

        expect(result.code, result.stderr).toBe(0);
        expect(result.stdout).toMatch(
          /^Backed up .*members\.db to .*copy\.db: \d+ pages \([\d.]+ MB\) in \d+ ms, integrity_check ok, \d+ members\.\n$/,
        );
        const copy = new SQLite(copyPath, { readonly: true });
        const check = copy.pragma("integrity_check", { simple: true });
        const numbers = (copy.prepare("select member_no from members").all() as { member_no: string }[])
          .map((row) => Number(row.member_no.slice(1)))
          .sort((a, b) => a - b);
        copy.close();
        expect(check).toBe("ok");
        // Every member's personal data: readable by the operator's account only.
        expect((await stat(copyPath)).mode & 0o777).toBe(0o600);
        // One snapshot: writes 0…k-1 and nothing after, k between the writes acknowledged before
        // the command started and those acknowledged when it ended.
        expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i));
        expect(numbers.length).toBeGreaterThanOrEqual(before);
        expect(numbers.length).toBeLessThanOrEqual(after);
        expect(after - before).toBeGreaterThan(0);
        console.info(
          `[backup sqlite] ${result.stdout.trim()} Writes acknowledged: ${before} before the command, ${after - before} during it (slowest ${slowest.toFixed(1)} ms); the copy holds ${numbers.length}.`,
        );

        // Restore = stop, copy the file in, start: the app opens the copy and finds the last write it holds.
        const restoredPath = join(dir, "restored.db");
        await copyFile(copyPath, restoredPath);
        const restored = await createTestApp({ env: { DATABASE_URL: `sqlite:${restoredPath}` } });
        try {
          expect((await restored.call("GET", "/healthz", { token: null })).status).toBe(200);
          const last = await restored.app.services.members.findByPhone(
            "852",
            String(50_000_000 + numbers.length - 1),
          );
          expect(last?.member_no).toBe(`B${numbers.length - 1}`);
        } finally {
          await restored.close();
        }
      } finally {
        await remove();
      }
    },
    SPAWN_TIMEOUT,
  );

  it("refuses without --out, over an existing file, and for an in-memory database", async () => {
    const t = await shared();
    const dir = await mkdtemp(join(tmpdir(), "backup-refusals-"));
    try {
      const existing = join(dir, "taken.db");
      await writeFile(existing, "");
      const refusal = async (args: string[]) => {
        const error = await backup(t.app.services, args).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(CliError);
        return [(error as CliError).exitCode, (error as CliError).message.split("\n")[0]];
      };
      expect(await refusal([])).toEqual([2, "--out <file> is required"]);
      expect(await refusal(["--out", existing])).toEqual([1, `${existing} exists; choose a new file name`]);
      expect(await refusal(["--out", join(dir, "new.db")])).toEqual([
        1,
        "DATABASE_URL is an in-memory database",
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("backup, either database: where the copy goes", () => {
  it("refuses a folder that does not exist, or is a file, writing nothing", async () => {
    const t = await shared();
    const dir = await mkdtemp(join(tmpdir(), "backup-folder-"));
    try {
      const file = join(dir, "a-file");
      await writeFile(file, "");
      const refusal = async (out: string) => {
        const error = await backup(t.app.services, ["--out", out]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(CliError);
        return (error as CliError).message;
      };
      expect(await refusal(join(dir, "missing", "members.db"))).toBe(
        `the folder ${join(dir, "missing")} does not exist; create it first (nothing was written)`,
      );
      expect(await refusal(join(file, "members.db"))).toBe(
        `the folder ${file} is not a folder; create it first (nothing was written)`,
      );
      expect(await readdir(dir)).toEqual(["a-file"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** Every row of every table, in a stable order, for comparing two copies of a schema. */
async function tableContents(database: TableViews) {
  const db = database.tables();
  const contents: Record<string, string[]> = {};
  for (const table of await db.introspection.getTables({ withInternalKyselyTables: true })) {
    const { rows } = await sql`select * from ${sql.table(table.name)}`.execute(db);
    contents[table.name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}

describe.runIf(usePostgres)(
  "backup, PostgreSQL: pg_dump of the server's schema, pg_restore into a new database",
  () => {
    it("restores every row of every table, and the app runs on the restored database", async () => {
      // A schema of its own, as a deployment sharing a database has (DATABASE_URL's search_path).
      const t = await createTestApp({ env: await isolatedStorage() });
      const dir = await mkdtemp(join(tmpdir(), "backup-pg-"));
      const database = `restore_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        const members = [
          await memberWithEverything(t, embeddedTill(t)),
          await memberWithEverything(t, embeddedTill(t)),
        ];
        const dump = join(dir, "members.dump");
        const output = await backup(t.app.services, ["--out", dump]);
        expect((await stat(dump)).mode & 0o777).toBe(0o600);
        const schema = postgresSchema(t.env.DATABASE_URL as string) as string;
        expect(output).toMatch(
          new RegExp(
            `^Backed up schema ${schema} with pg_dump to .*members\\.dump: [\\d.]+ MB, \\d+ entries, in \\d+ ms\\.`,
          ),
        );

        // The documented restore: a new database, pg_restore --no-owner.
        await admin.query(`create database ${database}`);
        const target = new URL(process.env.DATABASE_URL as string);
        target.pathname = `/${database}`;
        const started = performance.now();
        await run("pg_restore", ["--no-owner", `--dbname=${target}`, dump]);
        const restoreMs = Math.round(performance.now() - started);
        target.searchParams.set("options", `-c search_path=${schema}`);

        const restored = openDatabase(target.toString());
        let rows = 0;
        try {
          const source = await tableContents(t.app.services.database);
          const copy = await tableContents(restored);
          expect(Object.keys(copy).sort()).toEqual(Object.keys(source).sort());
          for (const [table, contents] of Object.entries(source)) {
            expect(copy[table], table).toEqual(contents);
            rows += contents.length;
          }
          // Two members with everything, each with the friend whose referral code they gave.
          expect(source.members?.length).toBe(4);
          expect(source.hcoin_ledger?.length).toBe(4);
        } finally {
          await restored.close();
        }
        console.info(
          `[backup postgres] ${output} pg_restore: ${restoreMs} ms; ${rows} rows compared, all equal.`,
        );

        // The app on the restored database: the members log in, and a new member's ids follow the restored ones.
        const app = await createTestApp({ env: { DATABASE_URL: target.toString() } });
        try {
          const login = await app.call("POST", "/crm/auth/login-with-mobile-password", {
            body: {
              mobile_phone_prefix: members[0]?.prefix,
              mobile_phone: members[0]?.phone,
              password: members[0]?.payload.password,
            },
          });
          expect(login.status).toBe(200);
          const newcomer = await registerMember(app);
          expect(newcomer.user.id).toBe(5);
        } finally {
          await app.close();
        }
      } finally {
        await admin.query(`drop database if exists ${database} with (force)`);
        await admin.end();
        await t.close();
        await rm(dir, { recursive: true, force: true });
      }
    }, 60_000);
  },
);
