import { execFile } from "node:child_process";
import { existsSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs, promisify } from "node:util";
import { postgresSchema } from "@hcoins/server-kit/database-url";
import SQLite from "better-sqlite3";
import type { Services } from "../services.ts";
import { CliError, parseCommandArgs } from "./command.ts";

export const BACKUP_USAGE = "backup --out <file>";

const run = promisify(execFile);

/**
 * A copy of the database in a new file, readable by the operator's account only (it holds
 * every member's personal data). The copy is written under `<file>.partial` and renamed when
 * complete and checked, so a file with the name asked for is always a whole backup. An
 * existing file is never overwritten, and a missing folder is not created.
 */
export async function backup(services: Services, args: string[]): Promise<string> {
  const { values } = parseCommandArgs(BACKUP_USAGE, [], () =>
    parseArgs({ args, options: { out: { type: "string" } }, allowPositionals: true, strict: true }),
  );
  if (!values.out) throw new CliError(`--out <file> is required\nUsage: ${BACKUP_USAGE}`, 2);
  const out = resolve(values.out);
  if (existsSync(out)) throw new CliError(`${values.out} exists; choose a new file name`);
  const folder = statSync(dirname(out), { throwIfNoEntry: false });
  if (!folder?.isDirectory()) {
    throw new CliError(
      `the folder ${dirname(out)} ${folder ? "is not a folder" : "does not exist"}; create it first (nothing was written)`,
    );
  }
  const url = services.config.DATABASE_URL;
  return url.startsWith("sqlite:")
    ? backupSqlite(url.slice("sqlite:".length), out)
    : backupPostgres(url, out);
}

/**
 * SQLite's online backup API (better-sqlite3 `backup()`). The first step only sizes the
 * copy; the progress callback then asks for every remaining page in one step, which reads
 * one consistent snapshot under a single read transaction. Smaller steps would let the
 * server's writes (another connection) restart the copy again and again on a busy database;
 * in WAL mode the one long read does not block those writes.
 */
async function backupSqlite(path: string, out: string): Promise<string> {
  if (path === "" || path === ":memory:") throw new CliError("DATABASE_URL is an in-memory database");
  const partial = privateFile(`${out}.partial`);
  const source = new SQLite(resolve(path), { fileMustExist: true });
  const started = performance.now();
  let pages = 0;
  try {
    source.pragma("busy_timeout = 5000");
    const result = await source.backup(partial, { progress: () => 0x7fffffff });
    pages = result.totalPages;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
  const millis = Math.round(performance.now() - started);
  const copy = new SQLite(partial);
  let check: string;
  let members: number;
  try {
    // A single self-contained file: the copy needs no -wal beside it.
    copy.pragma("journal_mode = DELETE");
    check = copy.pragma("integrity_check", { simple: true }) as string;
    members = (copy.prepare("select count(*) as n from members").get() as { n: number }).n;
  } finally {
    copy.close();
  }
  if (check !== "ok") {
    rmSync(partial, { force: true });
    throw new CliError(`the copy failed integrity_check (${check}); nothing was kept`);
  }
  renameSync(partial, out);
  const megabytes = (statSync(out).size / 1_048_576).toFixed(1);
  return `Backed up ${path} to ${out}: ${pages} pages (${megabytes} MB) in ${millis} ms, integrity_check ok, ${members} members.`;
}

/**
 * Creates the file empty with mode 600 before the copy is written into it: SQLite and pg_dump
 * write into an existing file and keep its mode, so the copy is never readable by others, not
 * even while it is written (a mode set afterwards would leave that window open).
 */
function privateFile(path: string): string {
  rmSync(path, { force: true });
  writeFileSync(path, "", { mode: 0o600, flag: "wx" });
  return path;
}

/**
 * pg_dump in its custom format (restored with pg_restore), of the server's schema when
 * DATABASE_URL names one, checked by listing it with pg_restore. Both must be on PATH and
 * at least the server's major version.
 */
async function backupPostgres(url: string, out: string): Promise<string> {
  const partial = privateFile(`${out}.partial`);
  const schema = postgresSchema(url);
  // pg_dump sets its own search_path; libpq would also misread the `+` URLSearchParams writes for a space.
  const dumpUrl = new URL(url);
  dumpUrl.searchParams.delete("options");
  const started = performance.now();
  try {
    await run("pg_dump", [
      "--format=custom",
      `--file=${partial}`,
      ...(schema ? [`--schema=${schema}`] : []),
      `--dbname=${dumpUrl}`,
    ]);
  } catch (error) {
    rmSync(partial, { force: true });
    const e = error as { code?: string; stderr?: string; message: string };
    if (e.code === "ENOENT") throw new CliError("pg_dump is not on PATH (PostgreSQL's client tools)");
    throw new CliError(`pg_dump failed: ${(e.stderr || e.message).trim()}`);
  }
  const millis = Math.round(performance.now() - started);
  let entries: number;
  try {
    const { stdout } = await run("pg_restore", ["--list", partial], { maxBuffer: 64 * 1024 * 1024 });
    entries = stdout.split("\n").filter((line) => /^\d+;/.test(line)).length;
  } catch (error) {
    rmSync(partial, { force: true });
    throw new CliError(`pg_restore could not read the dump: ${(error as Error).message}`);
  }
  renameSync(partial, out);
  const megabytes = (statSync(out).size / 1_048_576).toFixed(1);
  return `Backed up ${schema ? `schema ${schema}` : "the database"} with pg_dump to ${out}: ${megabytes} MB, ${entries} entries, in ${millis} ms. Restore with pg_restore (docs/data-protection.md).`;
}
