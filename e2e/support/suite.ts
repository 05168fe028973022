import type { Language } from "@hcoins/domain/languages";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { scanScreen, screenViolations, watchScreens } from "./axe.ts";
import { launchBrowser } from "./browser.ts";
import { openJourney, phoneNumbers, snapshotWebDist } from "./journeys.ts";
import { startServer, type TestServer } from "./server.ts";

async function lastScreen(page: Page) {
  if ((await page.evaluate(() => document.contentType)) === "text/html")
    await scanScreen(page, "last screen");
}

/**
 * One server (serving a snapshot of the built web app) and one browser per file, a fresh context per journey (closed after it),
 * and a supply of phone numbers no other journey of the file uses. Call at the top of
 * a journey file: `const suite = journeySuite(61_000_000)`. `env` adds to the server's configuration.
 */
export function journeySuite(phoneBase: number, env: Record<string, string> = {}) {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let web: Awaited<ReturnType<typeof snapshotWebDist>> | undefined;
  const open: Page[] = [];

  beforeAll(async () => {
    web = await snapshotWebDist();
    [server, browser] = await Promise.all([
      startServer({ ...env, WEB_DIST_DIR: web.directory }),
      launchBrowser(),
    ]);
  });
  // Closes the journey's pages; first scans the screen each was left on (if still ours), and fails
  // the journey on any serious or critical accessibility violation of a screen it reached.
  afterEach(async () => {
    const found: string[] = [];
    for (const page of open.splice(0)) {
      if (!page.isClosed() && page.url().startsWith(ready(server).url))
        // Only an app screen (not a media file opened on its own), and not forever: a page
        // mid-navigation, or whose clock the journey froze (axe waits on timers), is left
        // unscanned; the screens it reached before were scanned.
        await Promise.race([
          lastScreen(page).catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, 10_000)),
        ]);
      found.push(...screenViolations(page));
      await page.context().close();
    }
    if (found.length > 0)
      throw new Error(`axe (serious, critical) on the screens reached:\n${found.join("\n")}`);
  });
  afterAll(async () => {
    await browser?.close();
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
