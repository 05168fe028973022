import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { apiThroughput } from "./api-throughput.ts";
import { coinLedger } from "./coin-ledger.ts";
import { figureTable } from "./figures.ts";
import { lighthouseScores } from "./lighthouse.ts";
import { pageLoad } from "./page-load.ts";
import { pageWeight } from "./page-weight.ts";
import { qrcodeRepeatVisit } from "./qrcode-repeat-visit.ts";

/**
 * `npm run bench`: every benchmark, one after another (they would disturb each other's
 * timings), printed and written to bench/RESULTS.md with the date and the machine. The
 * hand-written part of RESULTS.md, from its "## What each change bought" heading on, is kept.
 * BENCH_ONLY=weight,load,lighthouse,qrcode,api,coins runs some of them and writes nothing.
 */
const SECTIONS = {
  weight: { title: "Page weight: first-load JavaScript, gzip", run: async () => figureTable(pageWeight()) },
  load: { title: "Page load in Chromium (loopback, cold cache)", run: pageLoad },
  lighthouse: { title: "Lighthouse", run: async () => figureTable(await lighthouseScores()) },
  qrcode: {
    title: "Member card: /qrcode repeat visit, service worker warm (slow 4G, 4× CPU)",
    run: async () => figureTable(await qrcodeRepeatVisit()),
  },
  api: {
    title: "API throughput (autocannon, loopback)",
    run: async () => figureTable(await apiThroughput()),
  },
  coins: {
    title: "H Coins ledger (coin scheme API, loopback)",
    run: async () => figureTable(await coinLedger()),
  },
};

const only = process.env.BENCH_ONLY?.split(",").filter(Boolean);
const names = (Object.keys(SECTIONS) as (keyof typeof SECTIONS)[]).filter(
  (name) => !only || only.includes(name),
);
const parts: string[] = [];
for (const name of names) {
  const section = SECTIONS[name];
  console.log(`\n## ${section.title}\n`);
  const body = await section.run();
  console.log(body);
  parts.push(`## ${section.title}\n\n${body}`);
}

if (!only) {
  const file = new URL("./RESULTS.md", import.meta.url);
  const previous = readFileSync(file, "utf8");
  const notes = previous.slice(Math.max(0, previous.indexOf("## What each change bought")));
  const machine = `${availableParallelism()} cores (${cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}`;
  const header = [
    "# Benchmark results",
    "",
    `Last run: ${new Date().toISOString().slice(0, 10)}, \`npm run bench\`, on ${machine}.`,
    "Timings on a shared machine are noisy: read each figure against its yardstick in the same run.",
  ].join("\n");
  writeFileSync(file, `${header}\n\n${parts.join("\n\n")}\n\n${notes.startsWith("## What") ? notes : ""}`);
  // Its tables aligned as `npm run lint` wants them: a fresh run must not fail the lint.
  execFileSync("npx", ["biome", "format", "--write", fileURLToPath(file)], { stdio: "ignore" });
  console.log("\nwritten to bench/RESULTS.md");
}
