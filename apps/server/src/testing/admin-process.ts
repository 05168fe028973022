import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@hcoins/server-kit/database";
import { migrateMemberDatabase } from "../db/migrate.ts";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const ADMIN = "apps/server/src/cli/admin.ts";

/** Each run starts node, tsx and the migrations: seconds, not milliseconds. */
export const SPAWN_TIMEOUT = 90_000;

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A temporary SQLite file and a runner of the real `admin.ts` process against it. The file
 * holds the member server's tables, as the server's database does (the command line refuses
 * any other), unless `database: "missing"`.
 *
 * The CLI is started by this Node with tsx as a loader, not through `npx` or `npm run`: a
 * package manager prints its own warnings (npm 11 on a machine whose npmrc sets `nodedir`),
 * and the tests read only what the CLI writes.
 */
export async function adminProcess(
  prefix: string,
  extraEnv: NodeJS.ProcessEnv = {},
  { database = "migrated" }: { database?: "migrated" | "missing" } = {},
) {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite:${join(dir, "members.db")}`,
    REDIS_URL: "",
    LOG_LEVEL: "silent",
    ...extraEnv,
  };
  if (database === "migrated") {
    const handle = openDatabase(env.DATABASE_URL);
    await migrateMemberDatabase(handle);
    await handle.close();
  }
  const admin = (...args: string[]) =>
    new Promise<Run>((resolve) => {
      execFile(
        process.execPath,
        ["--import", "tsx", ADMIN, ...args],
        { cwd: ROOT, env },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
  return { dir, env, admin, remove: () => rm(dir, { recursive: true, force: true }) };
}
