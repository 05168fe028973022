import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
// Each run starts node, tsx and the migrations: seconds, not milliseconds.
const SPAWN_TIMEOUT = 90_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe("npx tsx apps/server/src/cli/admin.ts", () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-cli-"));
    env = {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dir, "members.db")}`,
      REDIS_URL: "",
      LOG_LEVEL: "silent",
    };
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

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

  it(
    "blocks a number in the configured database, exits 0 and says what changed",
    async () => {
      const first = await admin("block", "852", "91234567");
      expect(first).toMatchObject({ code: 0, stderr: "" });
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
