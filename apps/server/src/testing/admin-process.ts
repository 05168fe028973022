import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/** Each run starts node, tsx and the migrations: seconds, not milliseconds. */
export const SPAWN_TIMEOUT = 90_000;

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A temporary SQLite file and a runner of the real `admin.ts` process against it. */
export async function adminProcess(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite:${join(dir, "members.db")}`,
    REDIS_URL: "",
    LOG_LEVEL: "silent",
  };
  const admin = (...args: string[]) =>
    new Promise<Run>((resolve) => {
      execFile(
        "npx",
        ["tsx", "apps/server/src/cli/admin.ts", ...args],
        { cwd: ROOT, env },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
  return { dir, env, admin, remove: () => rm(dir, { recursive: true, force: true }) };
}
