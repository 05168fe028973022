import type { Language } from "@hcoins/domain/languages";
import { test as base } from "@playwright/test";
import type { Browser, Page } from "playwright-core";
import { isWatched, scanScreen, screenViolations, watchScreens } from "./axe.ts";
import { openJourney, phoneNumbers, snapshotWebDist } from "./journeys.ts";
import { startServer, type TestServer } from "./server.ts";

/** The options playwright.config.ts sets per project: the language a project's journeys run in. */
export interface JourneyOptions {
  language: Language;
}

/**
 * The journeys' `test`: @playwright/test's, with the project's `language` as a fixture. Each project
 * (tc, en, sc) runs the journeys in its language; en and sc run only those tagged `@smoke`.
 */
export const test = base.extend<JourneyOptions>({ language: ["tc", { option: true }] });

/** Journeys that en and sc run too (the rest run in tc only): `test(title, SMOKE, async …)`. */
export const SMOKE = { tag: "@smoke" };

async function lastScreen(page: Page) {
  if ((await page.evaluate(() => document.contentType)) === "text/html")
    await scanScreen(page, "last screen");
}

/**
 * One server per file (serving a snapshot of the built web app, on a fresh in-memory database), in
 * the worker's Chromium (the `browser` fixture, launched as playwright.config.ts says), a fresh
 * context per journey (closed after it), and a supply of phone numbers no other journey of the file
 * uses. Call at the top of a journey file: `const suite = journeySuite(61_000_000)`. `env` adds to
 * the server's configuration. A file's journeys run in order in one worker; after a failure the
 * rest of the file runs in a new worker, on a new server.
 */
export function journeySuite(phoneBase: number, env: Record<string, string> = {}) {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let web: Awaited<ReturnType<typeof snapshotWebDist>> | undefined;
  const open: Page[] = [];

  test.beforeAll(async ({ browser: launched }) => {
    browser = launched;
    web = await snapshotWebDist();
    server = await startServer({ ...env, WEB_DIST_DIR: web.directory });
  });
  // Closes the journey's pages; first scans the screen each was left on (if still ours), and fails
  // the journey on any serious or critical accessibility violation of a screen it reached.
  test.afterEach(async () => {
    const found: string[] = [];
    for (const page of open.splice(0)) {
      if (!page.isClosed() && isWatched(page) && page.url().startsWith(ready(server).url))
        // Only a watched page's app screen (not a media file opened on its own; a journey that
        // freezes the page's clock unwatches it, since axe waits on timers), and not forever: a
        // page mid-navigation is left unscanned; the screens it reached before were scanned.
        await Promise.race([
          lastScreen(page).catch(() => undefined),
          // give up: a page stuck mid-navigation is not scanned rather than holding the journey.
          new Promise((resolve) => setTimeout(resolve, 10_000)),
        ]);
      found.push(...screenViolations(page));
      await page.context().close();
    }
    if (found.length > 0)
      throw new Error(`axe (serious, critical) on the screens reached:\n${found.join("\n")}`);
  });
  test.afterAll(async () => {
    await server?.close();
    await web?.remove();
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the journey suite has not started (beforeAll)");
    return value;
  };

  return {
    get server(): TestServer {
      return ready(server);
    },
    nextPhone: phoneNumbers(phoneBase),
    /** A new context and page in `language`, with the text lookup of that language. */
    async open(language: Language) {
      const journey = await openJourney(ready(browser), ready(server), language);
      watchScreens(journey.page);
      open.push(journey.page);
      return journey;
    },
  };
}
