import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./server-process.ts";

/*
 * A PostgreSQL cluster of a test's own (initdb in a temporary directory, its own port, trust
 * auth on loopback), so that a test may stop and restart it without touching the machine's
 * shared server. PostgreSQL refuses to run as root: as root, every command runs as the
 * `postgres` user.
 */

const run = promisify(execFile);

/** The directory holding initdb and pg_ctl, or null when this machine has no PostgreSQL server binaries. */
export function postgresBinaries(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
}

export interface PrivatePostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and deletes its directory. */
  remove(): Promise<void>;
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const asPostgres = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
  const as = (command: string, args: string[]) => {
    const [file, ...rest] = [...asPostgres, command, ...args] as [string, ...string[]];
    return run(file, rest, { timeout: 60_000 });
  };
  const directory = (await as("mktemp", ["-d", "-t", "hcoins-pg-XXXXXX"])).stdout.trim();
  const data = join(directory, "data");
  const port = await freePort();
  const pgCtl = join(bin, "pg_ctl");
  const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: async () => {
      await as(pgCtl, ["start", "-w", "-D", data, "-l", join(directory, "log"), "-o", options]);
    },
    stop: async () => {
      await as(pgCtl, ["stop", "-w", "-m", "fast", "-D", data]);
    },
    remove: async () => {
      await as(pgCtl, ["stop", "-w", "-m", "immediate", "-D", data]).catch(() => {});
      await run("rm", ["-rf", directory]);
    },
  };
  try {
    await as(join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync"]);
    await cluster.start();
  } catch (error) {
    await cluster.remove();
    throw error;
  }
  return cluster;
}
