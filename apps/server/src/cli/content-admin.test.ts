import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminProcess, SPAWN_TIMEOUT } from "../testing/admin-process.ts";
import { PNG_1X1 } from "../testing/images.ts";

describe("npx tsx apps/server/src/cli/admin.ts, content commands", () => {
  let run: Awaited<ReturnType<typeof adminProcess>>;
  let dir: string;
  beforeEach(async () => {
    run = await adminProcess("admin-content-");
    ({ dir } = run);
  });
  afterEach(() => run.remove());

  const admin = (...args: string[]) => run.admin(...args);

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
