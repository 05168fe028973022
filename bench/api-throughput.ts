import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync, rmSync, statSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { verify } from "@node-rs/argon2";
import autocannon from "autocannon";
import { hashPassword } from "../apps/server/src/modules/auth/passwords.ts";
import {
  freePort,
  type ServerProcess,
  startServerProcess,
} from "../apps/server/src/testing/server-process.ts";
import { dropIsolatedStorage, isolatedStorage } from "../apps/server/src/testing/test-app.ts";
import { type Figure, ratio } from "./figures.ts";
import { freshPhone, memberToken, PASSWORD, register } from "./member-flows.ts";
import { processUsage } from "./process-usage.ts";

/**
 * API throughput on loopback: the real server (`npm start`'s entry, with limits raised so
 * that one client is not throttled) beside a bare Fastify hello-world, both started here, so
 * every figure is read as a ratio within this run. Prints the figures and returns them.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const GUEST = { authorization: "Bearer web:guest", "content-type": "application/json" };

// npm start's settings but for the limits (raised, so that one client is not throttled): its
// access log (info) is part of what a request costs. The ratios are also read at warn, without it.
const SERVER_ENV = {
  NODE_ENV: "development",
  LOG_LEVEL: "info",
  RATE_LIMIT_PER_MINUTE: "100000000",
  SMS_CLIENT_HOURLY_LIMIT: "100000000",
  SMS_PER_NETWORK_HOURLY_LIMIT: "100000000",
  SMS_TOTAL_HOURLY_LIMIT: "100000000",
  LOOKUP_CLIENT_MINUTE_LIMIT: "100000000",
  LOOKUP_CLIENT_DAILY_LIMIT: "100000000",
  SEED_CONTENT: "true",
};

let serverLog: Promise<string> | undefined;

/** Where the servers' output goes, appended as `npm start >> log` would. */
function serverLogFile(): Promise<string> {
  serverLog ??= mkdtemp(join(tmpdir(), "hcoins-bench-log-")).then((dir) => join(dir, "server.log"));
  return serverLog;
}

/** The real server with SERVER_ENV and `env`. */
async function startServer(env: Record<string, string>) {
  return startServerProcess({ env: { ...SERVER_ENV, ...env }, logFile: await serverLogFile() });
}

type Options = autocannon.Options;

async function load(options: Options): Promise<autocannon.Result> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) {
    const statuses = Object.entries(result.statusCodeStats ?? {}).map(
      ([code, { count }]) => `${code}×${count}`,
    );
    console.warn(`  ${options.url}: ${failures} failed of ${result.requests.total} (${statuses.join(", ")})`);
  }
  return result;
}

/** A load's rate, with the server's CPU time per answered request: where the ratios come from. */
async function loadWithCpu(pid: number | undefined, options: Options) {
  const before = processUsage(pid).cpuSeconds;
  const result = await load(options);
  const cpu = ((processUsage(pid).cpuSeconds - before) * 1e6) / Math.max(1, result.requests.total);
  return { rate: result.requests.average, cpu };
}

const ROUNDS = 3;
const ROUND_SECONDS = Math.max(1, Math.round(SECONDS / 2));
type Target = { pid: number | undefined; options: Options };
type Measured = Awaited<ReturnType<typeof loadWithCpu>>;

/**
 * Each call against the hello-world, in turn, ROUNDS times: the machine's speed drifts within
 * a run (the hello-world itself moved between 16,000 and 38,000 req/s from run to run), so each
 * call is read against the hello-world of its own round, and the round with the median share
 * counts. Returns that round's figures per call.
 */
async function againstHelloWorld(hello: Target, calls: Record<string, Target>) {
  const rounds: { hello: Measured; calls: Record<string, Measured> }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const yardstick = await loadWithCpu(hello.pid, { ...hello.options, duration: ROUND_SECONDS });
    const measured: Record<string, Measured> = {};
    for (const [name, call] of Object.entries(calls))
      measured[name] = await loadWithCpu(call.pid, { ...call.options, duration: ROUND_SECONDS });
    rounds.push({ hello: yardstick, calls: measured });
  }
  return Object.fromEntries(
    Object.keys(calls).map((name) => {
      const share = (round: (typeof rounds)[number]) => (round.calls[name]?.rate ?? 0) / round.hello.rate;
      const median = [...rounds].sort((a, b) => share(a) - share(b))[
        Math.floor(ROUNDS / 2)
      ] as (typeof rounds)[number];
      return [name, { hello: median.hello, call: median.calls[name] as Measured }];
    }),
  );
}

const LOGGED_HELLO = "hello-world with the server's access log";

const cpuText = (cpu: number) => `${cpu.toFixed(0)} µs CPU per request`;

/** The hello-world; with `accessLog`, writing the member server's access log to the servers' log file. */
async function startHelloWorld(accessLog = false): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const log = accessLog ? openSync(await serverLogFile(), "a") : "ignore";
  const child = spawn(process.execPath, ["--import", "tsx", "bench/hello-world.ts"], {
    env: { ...process.env, PORT: String(port), ACCESS_LOG: accessLog ? "1" : "" },
    stdio: ["ignore", log, log],
  });
  if (typeof log === "number") closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 200; tries++) {
    if (
      await fetch(url)
        .then((res) => res.ok)
        .catch(() => false)
    )
      return { url, child };
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error("the hello-world server did not start");
}

/** Runs `once` on `lanes` loops at a time for SECONDS; how many finished per second. */
async function perSecond(lanes: number, once: () => Promise<void>): Promise<number> {
  let count = 0;
  const end = Date.now() + SECONDS * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (Date.now() < end) {
        await once();
        count += 1;
      }
    }),
  );
  return count / ((performance.now() - start) / 1000);
}

/** Registrations per second with CONNECTIONS flows at once; mean time per step. */
async function registrationRate(base: string) {
  const totals: Record<string, number> = {};
  let count = 0;
  const rate = await perSecond(CONNECTIONS, async () => {
    const times = await register(base, freshPhone());
    count += 1;
    for (const [name, ms] of Object.entries(times)) totals[name] = (totals[name] ?? 0) + ms;
  });
  const steps = Object.entries(totals).map(([name, ms]) => `${name} ${(ms / count).toFixed(1)} ms`);
  return { perSecond: rate, steps: steps.join(", ") };
}

/** Raw argon2id verifications per second in this process, as many at once as libuv runs. */
async function argon2VerifyRate(): Promise<number> {
  const hash = await hashPassword(PASSWORD);
  return perSecond(Number(process.env.UV_THREADPOOL_SIZE ?? 4), async () => {
    await verify(hash, PASSWORD);
  });
}

/**
 * Logins saturating the server (started with PASSWORD_HASH_CONCURRENCY=lanes on the same
 * database) and, beside them, a member checking a number 50 times a second.
 */
async function loginBalance(database: string, phones: string[], checkPhone: Options, lanes: number) {
  const server = await startServer({ DATABASE_URL: database, PASSWORD_HASH_CONCURRENCY: String(lanes) });
  try {
    // Four connections per member: the login lock counts attempts in flight, and a fifth
    // parallel attempt on one number would be refused before its password is checked.
    const logins = phones.map((phone) =>
      load({
        url: `${server.url}/crm/auth/login-with-mobile-password`,
        method: "POST",
        headers: GUEST,
        connections: CONNECTIONS / phones.length,
        body: JSON.stringify({ mobile_phone_prefix: "852", mobile_phone: phone, password: PASSWORD }),
      }),
    );
    const beside = load({
      ...checkPhone,
      url: `${server.url}/custom-api/api/Member/CheckPhone`,
      connections: 2,
      overallRate: 50,
    });
    const rates = await Promise.all(logins.map(async (run) => (await run).requests.average));
    return { logins: rates.reduce((sum, rate) => sum + rate, 0), p99: (await beside).latency.p99 };
  } finally {
    await server.kill();
  }
}

export async function apiThroughput(): Promise<Figure[]> {
  try {
    return await measure();
  } finally {
    // A full run writes a few hundred MB of access log: its size is told and the file removed.
    const file = await serverLog;
    if (file) {
      console.log(`The servers wrote ${(statSync(file).size / 2 ** 20).toFixed(0)} MiB of log to a file.`);
      rmSync(dirname(file), { recursive: true, force: true });
    }
  }
}

/** The two calls every member screen makes, against a server with a registered member. */
async function memberCalls(server: ServerProcess) {
  const member = await memberToken(server.url);
  const pid = server.child.pid;
  const checkPhone = {
    url: `${server.url}/custom-api/api/Member/CheckPhone`,
    method: "POST" as const,
    headers: GUEST,
    body: JSON.stringify({ mobile_phone_prefix: "852", mobile_phone: member.phone }),
  };
  const profile = {
    url: `${server.url}/crm/user/profile?include_custom_field=1`,
    headers: { authorization: `Bearer web:${member.token}` },
  };
  return {
    member,
    checkPhone,
    calls: { profile: { pid, options: profile }, checkPhone: { pid, options: checkPhone } },
  };
}

// The target of the calls' rate against the bare hello-world's, without the access log (warn).
const QUIET_TARGET = 0.35;

async function measure(): Promise<Figure[]> {
  const figures: Figure[] = [];
  let rawVerify = 0;
  const hello = await startHelloWorld();
  const loggedHello = await startHelloWorld(true);
  const sqlite = await isolatedSqlite();
  let server: ServerProcess | undefined;
  let quietServer: ServerProcess | undefined;
  try {
    server = await startServer({ DATABASE_URL: sqlite });
    quietServer = await startServer({ DATABASE_URL: await isolatedSqlite(), LOG_LEVEL: "warn" });
    const base = server.url;
    const { member, checkPhone, calls } = await memberCalls(server);
    const quiet = (await memberCalls(quietServer)).calls;

    console.log(
      `API throughput, ${SECONDS} s per figure (the ratios: ${ROUNDS} rounds of ${ROUND_SECONDS} s), ${CONNECTIONS} connections, ${availableParallelism()} cores`,
    );
    const { [LOGGED_HELLO]: ceiling, ...measured } = await againstHelloWorld(
      { pid: hello.child.pid, options: { url: hello.url } },
      {
        "GET profile (member token), LOG_LEVEL=warn": quiet.profile,
        "CheckPhone, LOG_LEVEL=warn": quiet.checkPhone,
        [LOGGED_HELLO]: { pid: loggedHello.child.pid, options: { url: loggedHello.url } },
        "GET profile (member token), LOG_LEVEL=info (npm start)": calls.profile,
        "CheckPhone, LOG_LEVEL=info (npm start)": calls.checkPhone,
      },
    );
    if (ceiling) {
      const { hello: yardstick, call } = ceiling;
      figures.push({
        name: `${LOGGED_HELLO}: the most a call logged at info can reach here`,
        value: `${call.rate.toFixed(0)} req/s = ${(call.rate / yardstick.rate).toFixed(2)} × the bare one (${yardstick.rate.toFixed(0)} req/s in its round), ${cpuText(call.cpu)}`,
      });
    }
    for (const [name, { hello: yardstick, call }] of Object.entries(measured)) {
      figures.push({
        name: `hello-world (bare Fastify), in ${name}'s median round`,
        value: `${yardstick.rate.toFixed(0)} req/s, ${cpuText(yardstick.cpu)}`,
      });
      const figure = ratio(name, call.rate, yardstick.rate, QUIET_TARGET, "req/s");
      const printed = { ...figure, value: `${figure.value}, ${cpuText(call.cpu)}` };
      // At info the access log is part of the cost: printed beside its ceiling, without a target.
      if (name.includes("warn")) figures.push(printed);
      else figures.push({ name: printed.name, value: printed.value });
    }
    const steady = await load({ ...checkPhone, overallRate: 1000 });
    figures.push({
      name: "CheckPhone p99 at 1,000 req/s",
      value: `${steady.latency.p99} ms (${steady.requests.average.toFixed(0)} req/s served)`,
      pass: steady.latency.p99 <= 20,
      target: "≤ 20 ms",
    });

    rawVerify = await argon2VerifyRate();
    figures.push({ name: "argon2id verify, raw (same parameters)", value: `${rawVerify.toFixed(1)} /s` });
    // Logins and everything else pull against each other on few cores: the server as it
    // starts (argon2 lanes = cores), and with one lane less, side by side.
    const cores = availableParallelism();
    const loginPhones = [member.phone];
    for (let extra = 1; extra < CONNECTIONS / 4; extra++) loginPhones.push((await memberToken(base)).phone);
    for (const lanes of cores > 1 ? [cores, cores - 1] : [1]) {
      const balance = await loginBalance(sqlite, loginPhones, checkPhone, lanes);
      const note = lanes === cores ? " (the default)" : "";
      figures.push(ratio(`login, ${lanes} argon2 lanes${note}`, balance.logins, rawVerify, 0.9, "/s"));
      figures.push({
        name: `CheckPhone p99 while logins saturate the CPU, ${lanes} lanes`,
        value: `${balance.p99} ms`,
        pass: balance.p99 <= 50,
        target: "≤ 50 ms",
      });
    }

    const onSqlite = await registrationRate(base);
    figures.push({
      name: "registration on SQLite (code, verify, register)",
      value: `${onSqlite.perSecond.toFixed(1)} /s = ${(onSqlite.perSecond / rawVerify).toFixed(2)} × the raw argon2id rate (one hash each); mean per step: ${onSqlite.steps}`,
    });
  } finally {
    await server?.kill();
    await quietServer?.kill();
    hello.child.kill();
    loggedHello.child.kill();
  }

  const postgres = await postgresStorage();
  if (!postgres) {
    figures.push({ name: "registration on PostgreSQL", value: "skipped: no PostgreSQL reachable" });
    return figures;
  }
  try {
    server = await startServer({ DATABASE_URL: postgres.DATABASE_URL as string });
    const onPostgres = await registrationRate(server.url);
    figures.push({
      name: "registration on PostgreSQL (code, verify, register)",
      value: `${onPostgres.perSecond.toFixed(1)} /s = ${(onPostgres.perSecond / rawVerify).toFixed(2)} × the raw argon2id rate; mean per step: ${onPostgres.steps}`,
    });
  } finally {
    await server?.kill();
    await dropIsolatedStorage(postgres);
  }
  return figures;
}

async function isolatedSqlite(): Promise<string> {
  return `sqlite:${join(await mkdtemp(join(tmpdir(), "hcoins-bench-")), "members.db")}`;
}

/** A fresh schema of DATABASE_URL (this machine's PostgreSQL by default), or null without one. */
async function postgresStorage(): Promise<Record<string, string> | null> {
  process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
  if (!process.env.DATABASE_URL.startsWith("postgres")) return null;
  const redis = process.env.REDIS_URL;
  delete process.env.REDIS_URL;
  try {
    return await isolatedStorage();
  } catch {
    return null;
  } finally {
    if (redis) process.env.REDIS_URL = redis;
  }
}
