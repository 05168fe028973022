import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import pLimit from "p-limit";
import {
  type ServerProcess,
  startServerProcess,
  stopServerProcesses,
} from "../apps/server/src/testing/server-process.ts";
import { startSmsGateway } from "../apps/server/src/testing/sms-gateway.ts";
import { dropIsolatedStorage, isolatedStorage } from "../apps/server/src/testing/test-app.ts";
import { snapshotWebDist } from "../e2e/support/journeys.ts";
import { processUsage } from "./process-usage.ts";
import { CallStats } from "./soak-stats.ts";
import { SOAK_STORES, type SoakMember, type SoakTarget, seedMember, workload } from "./soak-workload.ts";

/**
 * The load run: a standalone coin scheme and two member-server instances on loopback,
 * sharing one PostgreSQL (fresh schemas, dropped at the end) and one Redis (a fresh key
 * prefix, deleted at the end), with SOAK_MEMBERS members registered through the API and
 * linked to H Coins. For SOAK_SECONDS, SOAK_CONCURRENCY visits at a time (a closed loop)
 * make a mixed workload spread round-robin over both instances; then a table per call:
 * requests, errors (non-2xx or the wrong envelope), error rate, p50 and p99.
 *
 *   npm run soak                    # 300 s; SOAK_SECONDS=20 for a quick look
 *
 * The instances serve the built web app (a copy of apps/web/dist taken at the start):
 * `npm run build` first (the web build is made here when apps/web/dist is missing). DATABASE_URL and REDIS_URL default to the machine's
 * postgres://postgres@127.0.0.1:5432/test and redis://127.0.0.1:6379.
 */
const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 16);
const MEMBERS = Number(process.env.SOAK_MEMBERS ?? 200);
const TILL_KEY = "soak-pos-terminal-key";
const SERVER_KEY = "soak-member-server-key";

process.env.DATABASE_URL ||= "postgres://postgres@127.0.0.1:5432/test";
process.env.REDIS_URL ||= "redis://127.0.0.1:6379";
const ROOT = fileURLToPath(new URL("..", import.meta.url));

function ensureWebBuild() {
  if (existsSync(`${ROOT}apps/web/dist/index.html`)) {
    console.log(
      "Serving the existing web build (apps/web/dist): run `npm run build` first for current figures.",
    );
    return;
  }
  console.log("apps/web/dist is missing: building the web app (npm run build --workspace apps/web)…");
  const build = spawnSync("npm", ["run", "build", "--workspace", "apps/web"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("the web build failed");
}

async function deleteRedisKeys(prefix: string) {
  const redis = new Redis(process.env.REDIS_URL as string);
  let deleted = 0;
  for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 })) {
    if ((keys as string[]).length > 0) deleted += await redis.del(...(keys as string[]));
  }
  redis.disconnect();
  return deleted;
}

async function main() {
  ensureWebBuild();
  // A private copy: another engineer's or npm test's build must not pull the pages from under the run.
  const web = await snapshotWebDist(`${ROOT}apps/web/dist`);
  if (!existsSync(`${web.directory}/index.html`))
    throw new Error("apps/web/dist changed while being copied: run again");
  const memberStorage = await isolatedStorage();
  const schemeStorage = await isolatedStorage();
  const gateway = await startSmsGateway();
  const cleanup = async () => {
    await stopServerProcesses();
    await gateway.close();
    await web.remove();
    await dropIsolatedStorage(memberStorage);
    await dropIsolatedStorage(schemeStorage);
    const keys = await deleteRedisKeys(memberStorage.REDIS_KEY_PREFIX as string);
    console.log(
      `Cleaned up: schemas ${memberStorage.TEST_PG_SCHEMA} and ${schemeStorage.TEST_PG_SCHEMA} dropped, ${keys} Redis keys deleted.`,
    );
  };
  process.once("SIGINT", () => {
    console.log("Interrupted: cleaning up…");
    cleanup().finally(() => process.exit(130));
  });

  try {
    console.log("Starting the coin scheme and two member-server instances…");
    const scheme = await startServerProcess({
      entry: "coin-scheme",
      env: {
        COIN_SCHEME_DATABASE_URL: schemeStorage.DATABASE_URL as string,
        NODE_ENV: "production",
        COIN_SCHEME_API_KEYS: `member-server:${SERVER_KEY},pos-soak:${TILL_KEY}:till:${SOAK_STORES.join("|")}`,
        // One till stands for the whole estate here: its per-minute limit would measure itself.
        COIN_LIMIT_TILL_PURCHASES_PER_MINUTE: "0",
        COIN_LIMIT_TILL_REQUESTS_PER_MINUTE: "0",
        COIN_LIMIT_MEMBER_DAILY_PURCHASES: "0",
        COIN_LIMIT_MEMBER_DAILY_AMOUNT: "0",
      },
    });
    for (const store of SOAK_STORES) {
      await fetch(`${scheme.url}/coin-scheme/v1/stores/${store}`, {
        method: "PUT",
        headers: { "x-api-key": SERVER_KEY, "content-type": "application/json" },
        body: JSON.stringify({ partner_property: false }),
      });
    }
    const env = {
      ...memberStorage,
      NODE_ENV: "production",
      TRUST_PROXY: "true",
      SMS_PROVIDER: "http",
      SMS_HTTP_URL: gateway.url,
      COIN_SCHEME_URL: scheme.url,
      COIN_SCHEME_API_KEY: SERVER_KEY,
      COIN_SCHEME_API_KEYS: "",
      PUBLIC_URL: "http://127.0.0.1",
      // Each member is a client of its own, but a fast run asks more than a person would: the soak measures load, not these limits.
      LOOKUP_CLIENT_MINUTE_LIMIT: "100000",
      LOOKUP_CLIENT_DAILY_LIMIT: "100000",
      SMS_PER_NETWORK_HOURLY_LIMIT: "100000",
      SMS_TOTAL_HOURLY_LIMIT: "100000",
      WEB_DIST_DIR: web.directory,
    };
    const servers = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
    const target: SoakTarget = { servers: servers.map((s) => s.url), scheme: scheme.url, tillKey: TILL_KEY };

    const seeding = Date.now();
    const members: SoakMember[] = [];
    await pLimit(8).map(
      Array.from({ length: MEMBERS }, (_, i) => i),
      async (i) => {
        const phone = String(62_000_000 + i);
        members.push(
          await seedMember(target, gateway, phone, `10.30.${Math.floor(i / 250)}.${(i % 250) + 1}`, i),
        );
      },
    );
    console.log(
      `Seeded ${members.length} members (registered and linked to H Coins) in ${Date.now() - seeding} ms.`,
    );

    const processes = [
      ["instance 1", servers[0]],
      ["instance 2", servers[1]],
      ["coin scheme", scheme],
    ] as [string, ServerProcess][];
    const cpuBefore = processes.map(([, server]) => processUsage(server.child.pid).cpuSeconds);
    // The machine's load while the run lasts: other work on the same cores shows in the latencies.
    const loads: number[] = [];
    const sampler = setInterval(() => loads.push(loadavg()[0] as number), 5_000);
    const stats = new CallStats();
    const ownCpu = process.cpuUsage();
    const visit = workload(target, members, stats);
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    console.log(
      `Load: ${SECONDS} s, ${CONCURRENCY} visits at a time, round-robin over ${servers.length} instances.`,
    );
    const progress = setInterval(() => {
      const { requests, errors } = stats.total;
      const elapsed = (performance.now() - started) / 1000;
      console.log(
        `  ${elapsed.toFixed(0)} s: ${requests} requests (${(requests / elapsed).toFixed(0)}/s), ${errors} errors`,
      );
    }, 30_000);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < deadline) await visit();
      }),
    );
    clearInterval(progress);
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;

    // The scheme's ledgers must hold exactly what the tills were told they earned.
    let mismatches = 0;
    for (const member of members.filter((m) => m.earned > 0)) {
      const ledger = await fetch(`${scheme.url}/coin-scheme/v1/accounts/${member.hcoinsMemberNo}/ledger`, {
        headers: { "x-api-key": SERVER_KEY },
      });
      const balance = ((await ledger.json()) as { payload?: { balance?: number } }).payload?.balance;
      if (balance !== member.earned) {
        mismatches += 1;
        console.log(
          `  ledger of ${member.hcoinsMemberNo}: balance ${balance}, purchases earned ${member.earned}`,
        );
      }
    }

    console.log(`\n## Load run, ${new Date().toISOString().slice(0, 10)}\n`);
    console.log(stats.table(seconds));
    console.log(
      `\nLedgers checked: ${members.filter((m) => m.earned > 0).length}, mismatches: ${mismatches}.`,
    );
    for (const [index, [name, server]] of processes.entries()) {
      const { peakMiB, cpuSeconds } = processUsage(server.child.pid);
      const loadCpu = cpuSeconds - (cpuBefore[index] as number);
      const served = stats.servedBy(server.url);
      console.log(
        `${name}: peak RSS ${peakMiB.toFixed(0)} MiB; CPU during the load ${loadCpu.toFixed(1)} s (${((loadCpu / seconds) * 100).toFixed(0)} % of a core) for ${served} requests from the load, ${((loadCpu * 1000) / served).toFixed(2)} ms each`,
      );
    }
    const own = process.cpuUsage(ownCpu);
    console.log(
      `load generator (this process): CPU during the load ${((own.user + own.system) / 1e6).toFixed(1)} s`,
    );
    const meanLoad = loads.reduce((sum, load) => sum + load, 0) / Math.max(1, loads.length);
    console.log(
      `Machine: 1-minute load average ${meanLoad.toFixed(1)} on average during the load (${cpus().length} cores).`,
    );
    const problems = stats.problems();
    if (problems.length > 0) console.log(`\nErrors:\n  ${problems.join("\n  ")}`);
    if (problems.length > 0 || mismatches > 0) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

await main();
