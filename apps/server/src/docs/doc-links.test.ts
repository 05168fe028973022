import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

/** The Markdown files under docs/, decision records included. */
async function markdownFiles(directory = "docs"): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return markdownFiles(path);
      return Promise.resolve(entry.name.endsWith(".md") ? [path] : []);
    }),
  );
  return nested.flat();
}

// Decision records are renumbered when a branch's `new-*` records are merged, and docs link them
// by file name: a link to a file that is not there is caught here rather than by a reader.
describe("links between the docs", () => {
  it("name files that exist", async () => {
    const broken: string[] = [];
    for (const file of await markdownFiles()) {
      const text = (await readFile(file, "utf8")).replace(/```[\s\S]*?```/g, "");
      for (const [, target = ""] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const path = target.split("#")[0] ?? "";
        if (/^[a-z]+:/.test(target) || path === "") continue;
        if (!existsSync(join(dirname(file), path))) broken.push(`${file} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
