import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";

export type Language = "en" | "tc" | "sc";

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** Headless, and the flags this machine needs (no background network). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Playwright cannot download a browser here; say what a fresh machine lacks and how to get it. */
export function assertChromium() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: install Debian's (apt-get install chromium fonts-noto-cjk, as .ci/run does) or set CHROME_PATH`,
    );
  }
}

/**
 * Debian's Chromium (CHROME_PATH to use another), for the screenshot scripts; the journeys get theirs
 * from @playwright/test's `browser` fixture, launched with the same path and flags (playwright.config.ts).
 */
export function launchBrowser(): Promise<Browser> {
  assertChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * A fresh browser context (own storage) in the given language: the stored `lang`
 * is set before the app's first script runs, as a returning visitor's would be.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  language: Language,
  viewport = { width: 375, height: 812 },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  await context.addInitScript((lang) => {
    if (!localStorage.getItem("lang")) localStorage.setItem("lang", lang);
    // What the page's CSP refused, for journeys to check (cspViolations): the browser only logs it.
    const refused: string[] = [];
    Object.assign(window, { __cspViolations: refused });
    document.addEventListener("securitypolicyviolation", (event) =>
      refused.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  }, language);
  const page = await context.newPage();
  // Generous: CI shares two cores among every suite.
  page.setDefaultTimeout(30_000);
  return page;
}

/** Pick a text by language, for assertions that read what a member sees. */
export const pick = (language: Language, texts: Record<Language, string>) => texts[language];

/** The CSP refusals of the page's current document, e.g. ["script-src eval"]; none is the goal. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/**
 * Waits until every image of the page that was asked for has loaded or failed and its event has been
 * dispatched (its onerror, had it kept one, has run): what a page does on its own is then done. Lazy
 * images off the screen are never asked for, and an image without an address never settles: both are
 * left out. An image's load and error events are tasks of one source, run in order: once the images
 * are complete, the events of a probe image that fails after them come after theirs.
 */
export async function imagesSettled(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((image) => image.loading !== "lazy" && image.getAttribute("src"))
      .every((image) => image.complete),
  );
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const probe = new Image();
        probe.onerror = resolve;
        probe.onload = resolve;
        // Not an image: it fails at once, without a request (the app's CSP allows data: images).
        probe.src = "data:image/png;base64,AAAA";
      }),
  );
}
