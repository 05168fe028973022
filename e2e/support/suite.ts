import type { Language } from "@hcoins/domain/profile-options";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { launchBrowser } from "./browser.ts";
import { openJourney, phoneNumbers } from "./journeys.ts";
import { startServer, type TestServer } from "./server.ts";

/**
 * One server and one browser per file, a fresh context per journey (closed after it),
 * and a supply of phone numbers no other journey of the file uses. Call at the top of
 * a journey file: `const suite = journeySuite(61_000_000)`.
 */
export function journeySuite(phoneBase: number) {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const open: Page[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterEach(async () => {
    for (const page of open.splice(0)) await page.context().close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
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
      open.push(journey.page);
      return journey;
    },
  };
}
