import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The serious and critical accessibility violations axe-core finds on the page, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's CSP forbids inline scripts, rightly.
  await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[]).map(
      (violation) => ({
        id: violation.id,
        impact: violation.impact,
        targets: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
      }),
    );
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `axe ${violation.impact} ${violation.id}: ${violation.targets.join(", ")}`);
}

/**
 * Every screen a journey reaches, scanned without the journey asking: journeySuite watches each
 * page it opens, expectHeading and answerDialog scan the screen (or dialog) they wait for, and
 * the suite scans the last screen and fails the journey on any serious or critical violation.
 */
const watched = new WeakMap<Page, { scanned: Set<string>; found: string[] }>();

export function watchScreens(page: Page) {
  watched.set(page, { scanned: new Set(), found: [] });
}

/** Scans a watched page's screen once per address and `what` (its heading, a dialog); a page not watched is left alone. */
export async function scanScreen(page: Page, what: string) {
  const watch = watched.get(page);
  if (!watch || page.isClosed()) return;
  const { pathname } = new URL(page.url());
  const screen = `${pathname} "${what}"`;
  if (watch.scanned.has(screen)) return;
  watch.scanned.add(screen);
  for (const violation of await seriousViolations(page)) watch.found.push(`${screen}: ${violation}`);
}

/** Stops scanning a page: for a journey that froze the page's clock (axe waits on timers) and times what it sees. */
export function unwatchScreens(page: Page) {
  watched.delete(page);
}

export const isWatched = (page: Page) => watched.has(page);

/** What the scans of a watched page found, one line per violation and screen. */
export const screenViolations = (page: Page): string[] => watched.get(page)?.found ?? [];
