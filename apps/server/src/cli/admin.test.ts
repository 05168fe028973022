import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminProcess, SPAWN_TIMEOUT } from "../testing/admin-process.ts";

describe("npx tsx apps/server/src/cli/admin.ts", () => {
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
