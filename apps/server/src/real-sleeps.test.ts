import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/*
 * Tests wait on what they wait for (an event, a response, the injected clock, fake timers), not on
 * time passing (docs/decisions/228-tests-wait-on-events.md): a sleep is slow on a quiet machine and
 * too short on a busy one. The few left wait on something outside any clock we hold (a real
 * process, a real database restarting) and say why on the line, or the line above, as
 * `// real sleep: <why>`. A timer raced against the thing awaited, so that a stuck page or process
 * fails or is passed over rather than hangs, is not a sleep (nothing waits on it when all is well)
 * and says so as `// give up: <why>`. This finds every timer of either kind in the test code and
 * holds the count of real sleeps.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const MAX_REAL_SLEEPS = 5;

/** Test code: test files, browser journeys and the helpers only they use. */
const TEST_CODE = /(\.test\.tsx?|\.e2e\.ts)$|(^|\/)(testing|e2e\/support)\//;
/** A promise settled by a timer, or Playwright's fixed wait. */
const SLEEP = /waitForTimeout\(|setTimeout\(\s*(\w+\.)?(resolve|done|r)\s*,|new Promise[^;]*setTimeout\(/;
const REASON = /\/\/ (real sleep|give up): \S/;
const GIVE_UP = /\/\/ give up: \S/;

async function sleeps() {
  const { stdout } = await promisify(execFile)("git", ["ls-files", "apps", "packages", "e2e"], { cwd: ROOT });
  const found: { at: string; reason: boolean; giveUp: boolean }[] = [];
  // This file's own examples below are not sleeps.
  const self = "apps/server/src/real-sleeps.test.ts";
  for (const file of stdout.split("\n").filter((path) => TEST_CODE.test(path) && path !== self)) {
    const lines = (await readFile(resolve(ROOT, file), "utf8")).split("\n");
    lines.forEach((line, index) => {
      if (!SLEEP.test(line)) return;
      const said = [line, lines[index - 1] ?? ""];
      found.push({
        at: `${file}:${index + 1}`,
        reason: said.some((text) => REASON.test(text)),
        giveUp: said.some((text) => GIVE_UP.test(text)),
      });
    });
  }
  return found;
}

describe("real sleeps in tests", () => {
  it(`are at most ${MAX_REAL_SLEEPS}, each with its reason`, async () => {
    const found = await sleeps();
    expect(found.filter((sleep) => !sleep.reason).map((sleep) => sleep.at)).toEqual([]);
    expect(found.filter((sleep) => !sleep.giveUp).length).toBeLessThanOrEqual(MAX_REAL_SLEEPS);
  });

  it("finds a sleep however it is written", () => {
    for (const line of [
      "await new Promise((resolve) => setTimeout(resolve, 100));",
      "await new Promise((done) => setTimeout(done, 1_500));",
      "setTimeout(gate.resolve, 300);",
      "await page.waitForTimeout(300);",
      "const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));",
    ])
      expect(SLEEP.test(line), line).toBe(true);
    // A give-up timer is not a sleep: the test goes on as soon as its answer comes.
    expect(SLEEP.test("const giveUp = setTimeout(() => finish(null), giveUpMs);")).toBe(false);
  });
});
