import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminProcess, SPAWN_TIMEOUT } from "../testing/admin-process.ts";

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
          stderr: "",
        });
      } finally {
        await run.remove();
        await rm(home, { recursive: true, force: true });
      }
    },
    SPAWN_TIMEOUT,
  );
});
