import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PNG_1X1 } from "../testing/images.ts";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
// Each run starts node, tsx and the migrations: seconds, not milliseconds.
const SPAWN_TIMEOUT = 90_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe("npx tsx apps/server/src/cli/admin.ts, content commands", () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-content-"));
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
    "adds an image to the configured database, refuses a fake PNG, and lists the commands",
    async () => {
      const png = join(dir, "dot.png");
      await writeFile(png, PNG_1X1);
      const added = await admin("media-add", png);
      expect(added.code).toBe(0);
      expect(added.stdout).toMatch(/Token: [0-9a-f]{64}/);

      const fake = join(dir, "fake.png");
      await writeFile(fake, "not an image");
      const refused = await admin("media-add", fake);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("fake.png is named .png but its bytes are not a PNG image");

      const help = await admin("help");
      for (const command of [
        "page-set",
        "banner-add",
        "banner-set-status",
        "media-add",
        "stores-import",
        "stores-export",
        "brand-add",
      ]) {
        expect(help.stdout).toContain(command);
      }
    },
    SPAWN_TIMEOUT,
  );
});
