import type { Browser } from "playwright-core";
import { launchBrowser, openPage } from "../e2e/support/browser.ts";
import { snapshotWebDist } from "../e2e/support/journeys.ts";
import { startServer } from "../e2e/support/server.ts";

/**
 * What a visitor's phone downloads and waits for on the first screens: each route
 * opened RUNS times in a fresh browser context (empty cache), from the real server
 * with the built web app (`npm run build` first) on loopback. Prints the median of
 * bytes over the wire, JavaScript bytes, requests, first and largest contentful
 * paint, and the page's JavaScript heap. Loopback has no latency: the paints show
 * the app's own work, the bytes show what a slow network would add.
 * Part of `npm run bench` (bench/main.ts).
 */
const ROUTES = ["/", "/register", "/login", "/index", "/download", "/pages/privacy-policy"];
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

interface Sample {
  bytes: number;
  jsBytes: number;
  requests: number;
  fcp: number;
  lcp: number;
  heap: number;
}

async function measure(browser: Browser, baseUrl: string, route: string): Promise<Sample> {
  const page = await openPage(browser, baseUrl, "tc");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const types = new Map<string, string>();
  let bytes = 0;
  let jsBytes = 0;
  let requests = 0;
  cdp.on("Network.responseReceived", (event) => types.set(event.requestId, event.type));
  cdp.on("Network.loadingFinished", (event) => {
    requests += 1;
    bytes += event.encodedDataLength;
    if (types.get(event.requestId) === "Script") jsBytes += event.encodedDataLength;
  });
  await page.goto(route, { waitUntil: "networkidle" });
  const paints = await page.evaluate(
    () =>
      new Promise<{ fcp: number; lcp: number }>((resolve) => {
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve({ fcp, lcp: entries[entries.length - 1]?.startTime ?? Number.NaN });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  await page.context().close();
  return { bytes, jsBytes, requests, ...paints, heap: usedSize };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

export async function pageLoad(): Promise<string> {
  const web = await snapshotWebDist();
  const server = await startServer({ WEB_DIST_DIR: web.directory });
  const browser = await launchBrowser();
  const lines = [
    ["route", "transferred", "of it JS", "requests", "FCP", "LCP", "JS heap"].join(" | "),
    Array(7).fill("---").join(" | "),
  ];
  try {
    console.log(`page load, median of ${RUNS} cold loads each, Chromium ${browser.version()}, loopback`);
    for (const route of ROUTES) {
      const samples: Sample[] = [];
      await measure(browser, server.url, route); // warms the server's caches, not the browser's
      for (let run = 0; run < RUNS; run++) samples.push(await measure(browser, server.url, route));
      const pick = (key: keyof Sample) => median(samples.map((sample) => sample[key]));
      const line = [
        `\`${route}\``,
        kb(pick("bytes")),
        kb(pick("jsBytes")),
        pick("requests"),
        ms(pick("fcp")),
        ms(pick("lcp")),
        kb(pick("heap")),
      ].join(" | ");
      console.log(`  ${line}`);
      lines.push(line);
    }
  } finally {
    await browser.close();
    await server.close();
    await web.remove();
  }
  return lines.map((line) => `| ${line} |`).join("\n");
}
