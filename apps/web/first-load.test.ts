import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FIRST_LOAD_BUDGET_BYTES, LANDING_SCREENS, WebBuild } from "./first-load.ts";

// npm test builds the web app before Vitest runs; this reads that build.
const build = new WebBuild(fileURLToPath(new URL("./dist", import.meta.url)));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe(`first-load JavaScript (gzip), at most ${FIRST_LOAD_BUDGET_BYTES / 1024} KB`, () => {
  it.each(LANDING_SCREENS)("$name ($path) stays within the budget", ({ module }) => {
    const { bytes, files } = build.firstLoad(module);
    const breakdown = files.map((file) => `${file.file} ${kb(file.bytes)}`).join(", ");
    expect(bytes, `${kb(bytes)}: ${breakdown}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });

  it("loads every screen lazily: none ships with the entry", () => {
    const screens = build.screenModules();
    expect(screens.length).toBeGreaterThanOrEqual(25);
    for (const screen of LANDING_SCREENS) expect(screens).toContain(screen.module);
    const entry = build.entryModules();
    expect([...entry].filter((module) => module.startsWith("src/features/"))).toEqual([]);
  });
});
