import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { launchBrowser, openPage } from "../e2e/support/browser.ts";
import { createMember, signIn, snapshotWebDist } from "../e2e/support/journeys.ts";
import { startServer } from "../e2e/support/server.ts";
import type { Figure } from "./figures.ts";

/**
 * The member card at the till, /qrcode, in Chromium on a simulated slow 4G phone (the network
 * throttled through the DevTools protocol as Lighthouse's mobile preset does, with 4× CPU
 * slowdown): a member's first visit (cold: nothing on the device) against their next one with
 * the service worker warm (the app's files, the page and the member card kept). For each: the
 * time until the QR code is drawn, LCP, and the network requests started before the code was
 * drawn: the page's own that the worker did not answer, and the worker's own (its refresh of the
 * page behind the kept copy, the browser's check for a new worker). Median of QRCODE_RUNS (3).
 */
const RUNS = Number(process.env.QRCODE_RUNS ?? 3);

/** Lighthouse's slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up) as DevTools throttling applies it. */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const CPU_SLOWDOWN = 4;

interface Visit {
  drawnMs: number;
  lcpMs: number;
  /** The page's requests that went to the network before the code was drawn. */
  pageRequests: string[];
  /** The worker's own requests started before the code was drawn. */
  workerRequests: string[];
}

/** Notes when the QR code first appears, in the page's clock and the wall clock. */
const DRAW_WATCH = () => {
  const watch = new MutationObserver(() => {
    if (!document.querySelector("img[data-qr-text]")) return;
    Object.assign(window, {
      __qrDrawn: { at: performance.now(), wall: performance.timeOrigin + performance.now() },
    });
    watch.disconnect();
  });
  watch.observe(document, { subtree: true, childList: true });
};

interface Started {
  url: string;
  wall: number;
  fromWorker: boolean;
  answeredByWorker: () => Promise<boolean>;
}

function recordRequests(context: BrowserContext): Started[] {
  const started: Started[] = [];
  context.on("request", (request) => {
    started.push({
      url: new URL(request.url()).pathname,
      wall: Date.now(),
      fromWorker: request.serviceWorker() !== null,
      answeredByWorker: async () =>
        (await request.response().catch(() => null))?.fromServiceWorker() ?? false,
    });
  });
  return started;
}

async function visit(page: Page, started: Started[]): Promise<Visit> {
  started.length = 0;
  await page.goto("/qrcode");
  await page
    .waitForFunction(() => "__qrDrawn" in window, undefined, { timeout: 120_000 })
    .catch(async (error) => {
      const text = (await page.content())
        .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, "")
        .slice(-1500);
      throw new Error(`no QR code at ${page.url()}: ${text}`, { cause: error });
    });
  const { drawn, lcp } = await page.evaluate(
    () =>
      new Promise<{ drawn: { at: number; wall: number }; lcp: number }>((resolve) => {
        const drawn = (window as unknown as { __qrDrawn: { at: number; wall: number } }).__qrDrawn;
        new PerformanceObserver((list) => {
          resolve({ drawn, lcp: list.getEntries().at(-1)?.startTime ?? Number.NaN });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  // Wall clocks of this process and the browser: the same machine's.
  const before = started.filter((request) => request.wall <= drawn.wall);
  const pageRequests: string[] = [];
  const workerRequests: string[] = [];
  for (const request of before) {
    if (request.fromWorker) workerRequests.push(request.url);
    else if (!(await request.answeredByWorker())) pageRequests.push(request.url);
  }
  return { drawnMs: drawn.at, lcpMs: lcp, pageRequests, workerRequests };
}

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return cdp;
}

async function coldThenWarm(browser: Browser, baseUrl: string, token: string) {
  const page = await openPage(browser, baseUrl, "tc");
  const started = recordRequests(page.context());
  await signIn(page, token);
  await page.context().addInitScript(DRAW_WATCH);
  await throttle(page);
  const cold = await visit(page, started);
  // The worker installs after the first visit (its files come over the same slow network).
  await page.waitForFunction(
    async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null,
    undefined,
    { timeout: 300_000 },
  );
  const warm = await visit(page, started);
  await page.context().close();
  return { cold, warm };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number) => `${Math.round(value)} ms`;

export async function qrcodeRepeatVisit(): Promise<Figure[]> {
  const web = await snapshotWebDist();
  const server = await startServer({ WEB_DIST_DIR: web.directory });
  const browser = await launchBrowser();
  try {
    const member = await createMember(server, "67000001");
    console.log(
      `/qrcode, Chromium ${browser.version()}, slow 4G (562 ms, 1.4 Mbit/s) and ${CPU_SLOWDOWN}× CPU, median of ${RUNS}`,
    );
    const runs: { cold: Visit; warm: Visit }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await coldThenWarm(browser, server.url, member.token);
      console.log(`  run ${run + 1}: ${JSON.stringify(result)}`);
      runs.push(result);
    }
    const of = (pick: (run: (typeof runs)[number]) => number) => median(runs.map(pick));
    const warmPage = Math.max(...runs.map((run) => run.warm.pageRequests.length));
    const workerUrls = [...new Set(runs.flatMap((run) => run.warm.workerRequests))].join(", ");
    return [
      { name: "cold visit: QR code drawn", value: ms(of((run) => run.cold.drawnMs)) },
      { name: "cold visit: LCP", value: ms(of((run) => run.cold.lcpMs)) },
      {
        name: "cold visit: network requests before the code",
        value: String(of((run) => run.cold.pageRequests.length)),
      },
      { name: "warm repeat visit: QR code drawn", value: ms(of((run) => run.warm.drawnMs)) },
      { name: "warm repeat visit: LCP", value: ms(of((run) => run.warm.lcpMs)) },
      {
        name: "warm repeat visit: the page's network requests before the code (most of any run)",
        value: String(warmPage),
        target: "0",
        pass: warmPage === 0,
      },
      {
        name: "warm repeat visit: the worker's own requests before the code (not waited for)",
        value: `${of((run) => run.warm.workerRequests.length)}${workerUrls ? ` (${workerUrls})` : ""}`,
      },
    ];
  } finally {
    await browser.close();
    await server.close();
    await web.remove();
  }
}
