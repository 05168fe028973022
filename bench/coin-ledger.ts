import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import pg from "pg";
import {
  type ServerProcess,
  startServerProcess,
  stopServerProcesses,
} from "../apps/server/src/testing/server-process.ts";
import { dropIsolatedStorage, isolatedStorage } from "../apps/server/src/testing/test-app.ts";
import { type Figure, figureTable } from "./figures.ts";
import { processUsage } from "./process-usage.ts";

/**
 * The H Coins ledger (issue 14) through the standalone coin scheme's HTTP API: purchases per
 * second with their p99, on SQLite (one scheme process) and on PostgreSQL (three scheme
 * processes on one schema, the load spread over them), each read against the raw single-row
 * insert rate of the same database measured in the same run; redemptions per second on
 * PostgreSQL beside that run's purchases (issue 16); and the balance read of an
 * account with 10 ledger entries against one with 100,000 (over HTTP, one request at a time).
 * Prints the figures and returns them. Alone: `node --import tsx bench/coin-ledger.ts`.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// Divisible by the three PostgreSQL instances: one autocannon of 4 connections each.
const CONNECTIONS = 12;
const MEMBERS = 200;
const READS = 1_000;
const LONG_LEDGER = 100_000;
const SHORT_LEDGER = 10;
const PREFIX = "/coin-scheme/v1";
const STORE = "BENCH1";
const FULL_KEY = "bench-member-server-key-01";
const TILL_KEY = "bench-till-key-0000000001";
const FULL = { "x-api-key": FULL_KEY, "content-type": "application/json" };
const TILL = { "x-api-key": TILL_KEY, "content-type": "application/json" };

const SCHEME_ENV = {
  NODE_ENV: "production",
  COIN_SCHEME_API_KEYS: `member-server:${FULL_KEY},till-1:${TILL_KEY}:till:${STORE}`,
  // One till and a few members stand for the whole estate here: the limits would measure themselves.
  COIN_LIMIT_TILL_PURCHASES_PER_MINUTE: "0",
  COIN_LIMIT_TILL_REQUESTS_PER_MINUTE: "0",
  COIN_LIMIT_MEMBER_DAILY_PURCHASES: "0",
  COIN_LIMIT_MEMBER_DAILY_AMOUNT: "0",
  COIN_SCHEME_LOG_LEVEL: "warn",
};

/** One database under test: its scheme processes, its raw insert rate and a way to grow a ledger. */
interface Storage {
  name: "SQLite" | "PostgreSQL";
  schemes: ServerProcess[];
  /** Single-row inserts a second, each its own commit, into a plain table of this database. */
  rawInserts(seconds: number): Promise<number>;
  /** Adds `count` purchases of one coin each to the member's ledger, and the coins to its balance. */
  growLedger(memberRef: string, count: number): Promise<void>;
  /** What the raw figure is: how many writers at once. */
  rawNote: string;
}

// ---- the calls ---------------------------------------------------------------------------

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One request on a kept-alive connection; its status, body and time in ms. */
function call(url: string, method: "GET" | "POST" | "PUT", headers: Record<string, string>, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; body: string; ms: number }>((done, fail) => {
    const started = performance.now();
    const req = request(url, { method, headers, agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => done({ status: res.statusCode ?? 0, body: text, ms: performance.now() - started }));
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end(payload);
  });
}

async function expectOk(
  url: string,
  method: "GET" | "POST" | "PUT",
  headers: Record<string, string>,
  body?: unknown,
) {
  const res = await call(url, method, headers, body);
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.body}`);
  return JSON.parse(res.body) as { payload: Record<string, unknown> };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const qrText = (memberRef: string) => `${memberRef},0,07,${nowSeconds()}`;
const memberRef = (index: number) => `M${String(index).padStart(9, "0")}`;
const HOT = memberRef(900_001);
const SHORT = memberRef(900_002);
const LONG = memberRef(900_003);

/**
 * The store, MEMBERS linked accounts and the three of their own (hot, short and long ledger);
 * answers the MEMBERS accounts' H Coins numbers, in order.
 */
async function setUp(base: string): Promise<string[]> {
  await expectOk(`${base}${PREFIX}/stores/${STORE}`, "PUT", FULL, { partner_property: false });
  const refs = [...Array.from({ length: MEMBERS }, (_, i) => memberRef(i + 1)), HOT, SHORT, LONG];
  const numbers: string[] = [];
  for (const [index, ref] of refs.entries()) {
    const created = await expectOk(`${base}${PREFIX}/accounts`, "POST", FULL, {
      mobile_phone_prefix: "852",
      mobile_phone: String(60_000_000 + index),
      member_ref: ref,
      birth_month: 7,
    });
    numbers.push((created.payload.account as { hcoins_memberno: string }).hcoins_memberno);
  }
  return numbers.slice(0, MEMBERS);
}

// ---- purchases -----------------------------------------------------------------------------

interface Load {
  rate: number;
  /** The scheme processes' CPU (user + system) per answered purchase, in µs; PostgreSQL's own not included. */
  cpu: number;
  /** The machine's 1-minute load average as the load ended. */
  machineLoad: number;
  p50: number;
  p99: number;
  total: number;
  failed: number;
  statuses: string;
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;

let receipts = 0;

/** Purchases for SECONDS (or `seconds`); `member(n)` chooses the n-th purchase's member. */
function purchases(
  schemes: ServerProcess[],
  member: (n: number) => string,
  seconds = SECONDS,
): Promise<Load> {
  return drive(
    schemes,
    TILL,
    (n) => {
      receipts += 1;
      return {
        path: `${PREFIX}/purchases`,
        body: {
          qr_text: qrText(member(n)),
          store_code: STORE,
          receipt_no: `R${receipts}`,
          net_amount: "123.45",
        },
      };
    },
    seconds,
  );
}

/**
 * Redemptions of one reward for SECONDS, as the member server sends them (the full key, a key of
 * its own each), the members taken in turn: coins, a unit of stock and a voucher each.
 */
function redemptions(schemes: ServerProcess[], numbers: string[], rewardId: number): Promise<Load> {
  return drive(
    schemes,
    FULL,
    (n) => ({
      path: `${PREFIX}/accounts/${numbers[n % numbers.length]}/redemptions`,
      body: { reward_id: rewardId, idempotency_key: `bench-${n}` },
    }),
    SECONDS,
  );
}

/**
 * A load for `seconds`, one autocannon per scheme instance with an equal share of CONNECTIONS;
 * `next(n)` gives the n-th request's path and body, built as it is sent (a QR code's time must be
 * fresh); latencies come from every instance's answers together.
 */
async function drive(
  schemes: ServerProcess[],
  headers: Record<string, string>,
  next: (n: number) => { path: string; body: unknown },
  seconds: number,
): Promise<Load> {
  const cpu = () => schemes.reduce((sum, scheme) => sum + processUsage(scheme.child.pid).cpuSeconds, 0);
  const cpuBefore = cpu();
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let ok = 0;
  let sequence = 0;
  const started = performance.now();
  const results = await Promise.all(
    schemes.map(
      ({ url: base }) =>
        new Promise<autocannon.Result>((done, fail) => {
          const instance = autocannon(
            {
              url: `${base}${PREFIX}/purchases`,
              method: "POST",
              headers,
              connections: CONNECTIONS / schemes.length,
              duration: seconds,
              requests: [
                {
                  setupRequest: (req) => {
                    const { path, body } = next(sequence++);
                    return { ...req, path, body: JSON.stringify(body) };
                  },
                },
              ],
            },
            (error, result) => (error ? fail(error) : done(result)),
          );
          instance.on("response", (_client, status: number, _bytes, ms: number) => {
            times.push(ms);
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status === 200) ok += 1;
          });
        }),
    ),
  );
  const wall = (performance.now() - started) / 1000;
  const sorted = times.sort((a, b) => a - b);
  const failed = results.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0);
  return {
    rate: ok / wall,
    cpu: ((cpu() - cpuBefore) * 1e6) / Math.max(1, times.length),
    machineLoad: loadavg()[0] ?? 0,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    total: times.length,
    failed,
    statuses: Object.entries(statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(", "),
  };
}

// ---- the raw insert rate -------------------------------------------------------------------

// A row like a ledger entry's: a dozen bigint and varchar columns, no index but the key.
const RAW_COLUMNS =
  "account_id, kind, entry_key, store_code, receipt_no, actor, client, reason, net_cents, coins, remaining, created_at";
const RAW_TABLE = `
  account_id bigint not null, kind varchar(16) not null, entry_key varchar(200), store_code varchar(32),
  receipt_no varchar(64), actor varchar(64) not null, client varchar(64) not null, reason varchar(500) not null,
  net_cents bigint not null, coins bigint not null, remaining bigint not null, created_at bigint not null`;
const rawRow = (n: number) => [
  n % MEMBERS,
  "purchase",
  `purchase:${STORE}:raw-${n}`,
  STORE,
  `raw-${n}`,
  "till-1",
  "till-1",
  "purchase",
  12_345,
  123,
  123,
  Date.now(),
];

/** better-sqlite3 on its own file, opened as server-kit's database.ts opens it: one writer, as the scheme's one connection. */
function sqliteRawInserts(file: string) {
  return async (seconds: number) => {
    const db = new SQLite(file);
    try {
      db.pragma("journal_mode = WAL");
      db.pragma("busy_timeout = 5000");
      db.exec(`create table if not exists raw_ledger (id integer primary key autoincrement, ${RAW_TABLE})`);
      const insert = db.prepare(
        `insert into raw_ledger (${RAW_COLUMNS}) values (${RAW_COLUMNS.replace(/\w+/g, "?")})`,
      );
      let count = 0;
      const started = performance.now();
      const end = started + seconds * 1000;
      while (performance.now() < end) {
        insert.run(rawRow(count));
        count += 1;
      }
      return count / ((performance.now() - started) / 1000);
    } finally {
      db.close();
    }
  };
}

/** pg with a pool of 10 (the scheme's), CONNECTIONS inserts in flight, on a scratch schema. */
function postgresRawInserts(url: string) {
  return async (seconds: number) => {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    try {
      await pool.query(`create table if not exists raw_ledger (id bigserial primary key, ${RAW_TABLE})`);
      const values = RAW_COLUMNS.split(", ")
        .map((_, i) => `$${i + 1}`)
        .join(", ");
      const sql = `insert into raw_ledger (${RAW_COLUMNS}) values (${values})`;
      let count = 0;
      const started = performance.now();
      const end = started + seconds * 1000;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (performance.now() < end) {
            await pool.query(sql, rawRow(count));
            count += 1;
          }
        }),
      );
      return count / ((performance.now() - started) / 1000);
    } finally {
      await pool.end();
    }
  };
}

// ---- long ledgers --------------------------------------------------------------------------

// Purchases of 1.00 HKD earning one coin each, never expiring, a millisecond apart and all in the
// past (a dry run reads them), each with its one base line, so the ledger check still holds.
const LEDGER_INSERT = `insert into hcoin_ledger (account_id, kind, entry_key, store_code, receipt_no, refund_no,
  actor_type, actor, client, reason, net_cents, electronic_cents, partner_store, birthday_multiplier,
  holiday_multiplier, base_coins, birthday_bonus, holiday_bonus, coins, remaining, expires_at, qr_unix_seconds,
  created_at)`;
const BATCH = 10_000;
const LINES_INSERT = `insert into hcoin_earn_lines (entry_id, position, kind, coins)
  select id, 0, 'base', coins from hcoin_ledger l where account_id = $account and kind = 'purchase'
  and not exists (select 1 from hcoin_earn_lines e where e.entry_id = l.id)`;

function sqliteGrowLedger(file: string) {
  return async (ref: string, count: number) => {
    const db = new SQLite(file);
    try {
      db.pragma("busy_timeout = 5000");
      const { id } = db.prepare("select id from hcoin_accounts where linked_member_ref = ?").get(ref) as {
        id: number;
      };
      const insert = db.prepare(
        `${LEDGER_INSERT} values (?, 'purchase', ?, '${STORE}', ?, null, 'till', 'till-1', 'till-1', 'purchase',
          100, 0, 0, 100, 100, 1, 0, 0, 1, 1, null, ?, ?)`,
      );
      const at = Date.now() - count;
      const batch = db.transaction((from: number, to: number) => {
        for (let n = from; n < to; n++)
          insert.run(id, `purchase:${STORE}:${ref}-${n}`, `${ref}-${n}`, Math.floor(at / 1000), at + n);
      });
      for (let from = 0; from < count; from += BATCH) batch(from, Math.min(count, from + BATCH));
      db.prepare(LINES_INSERT.replace("$account", "?")).run(id);
      db.prepare("update hcoin_accounts set balance = balance + ? where id = ?").run(count, id);
    } finally {
      db.close();
    }
  };
}

function postgresGrowLedger(url: string) {
  return async (ref: string, count: number) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number }>(
        "select id from hcoin_accounts where linked_member_ref = $1",
        [ref],
      );
      const id = rows[0]?.id;
      const at = Date.now() - count;
      for (let from = 0; from < count; from += BATCH) {
        await client.query(
          `${LEDGER_INSERT} select $1, 'purchase', 'purchase:${STORE}:' || $2::text || '-' || n, '${STORE}',
             $2::text || '-' || n, null, 'till', 'till-1', 'till-1', 'purchase', 100, 0, 0, 100, 100, 1, 0, 0, 1, 1,
             null, $3::bigint, $4::bigint + n
           from generate_series($5::int, $6::int) as n`,
          [id, ref, Math.floor(at / 1000), at, from, Math.min(count, from + BATCH) - 1],
        );
      }
      await client.query(LINES_INSERT.replace("$account", "$1"), [id]);
      await client.query("update hcoin_accounts set balance = balance + $1 where id = $2", [count, id]);
      await client.query("analyze hcoin_ledger");
    } finally {
      await client.end();
    }
  };
}

// ---- balance reads -------------------------------------------------------------------------

interface Timing {
  mean: number;
  p99: number;
}

function timing(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { mean: times.reduce((sum, ms) => sum + ms, 0) / times.length, p99: percentile(sorted, 0.99) };
}

/**
 * READS balance reads of each account by each call, one request at a time, the short and the
 * long ledger alternating so that the machine's drift falls on both alike; the balances checked.
 */
async function balanceReads(base: string) {
  const reads = {
    "GET /accounts?member_ref (full key)": async (ref: string) => {
      const res = await call(`${base}${PREFIX}/accounts?member_ref=${ref}`, "GET", { "x-api-key": FULL_KEY });
      return { ...res, balance: () => JSON.parse(res.body).payload.account.balance as number };
    },
    "POST /till/account (till key)": async (ref: string) => {
      const res = await call(`${base}${PREFIX}/till/account`, "POST", TILL, { qr_text: qrText(ref) });
      return { ...res, balance: () => JSON.parse(res.body).payload.balance as number };
    },
  };
  const figures: { name: string; short: Timing; long: Timing; failed: number }[] = [];
  for (const [name, read] of Object.entries(reads)) {
    for (const [ref, balance] of [
      [SHORT, SHORT_LEDGER],
      [LONG, LONG_LEDGER],
    ] as const) {
      const first = await read(ref);
      if (first.status !== 200 || first.balance() !== balance)
        throw new Error(`${name} of ${ref}: ${first.status} ${first.body}, expected balance ${balance}`);
    }
    for (let warm = 0; warm < 100; warm++) await Promise.all([read(SHORT), read(LONG)]);
    const short: number[] = [];
    const long: number[] = [];
    let failed = 0;
    for (let n = 0; n < READS; n++) {
      for (const [ref, times] of n % 2 === 0
        ? [[SHORT, short] as const, [LONG, long] as const]
        : [[LONG, long] as const, [SHORT, short] as const]) {
        const res = await read(ref);
        if (res.status !== 200) failed += 1;
        times.push(res.ms);
      }
    }
    figures.push({ name, short: timing(short), long: timing(long), failed });
  }
  return figures;
}

// ---- one database --------------------------------------------------------------------------

const rate = (value: number) => `${value.toFixed(0)} /s`;
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function measureOn(storage: Storage): Promise<Figure[]> {
  const figures: Figure[] = [];
  const bases = storage.schemes.map((scheme) => scheme.url);
  const base = bases[0] as string;
  const where = `${storage.name}, ${bases.length === 1 ? "one scheme process" : `${bases.length} scheme processes on one schema`}`;
  console.log(`${where}: ${MEMBERS} linked accounts, ${CONNECTIONS} connections, ${SECONDS} s per load`);
  const numbers = await setUp(base);
  const many = (n: number) => memberRef((n % MEMBERS) + 1);
  await purchases(storage.schemes, many, 1); // warm-up, not counted

  const rawBefore = await storage.rawInserts(SECONDS / 2);
  const spread = await purchases(storage.schemes, many);
  const hot = await purchases(storage.schemes, () => HOT);
  // PostgreSQL's, across the instances: what redeeming costs beside earning, in the same run.
  const redeemed = storage.name === "PostgreSQL" ? await redeemLoad(storage, base, numbers) : null;
  const rawAfter = await storage.rawInserts(SECONDS / 2);
  const raw = (rawBefore + rawAfter) / 2;
  figures.push({
    name: `raw single-row inserts, ${storage.name} (${storage.rawNote})`,
    value: `${rate(raw)} (${rate(rawBefore)} before the purchases, ${rate(rawAfter)} after)`,
  });
  for (const [label, load] of [
    [`${MEMBERS} members`, spread],
    ["one hot account", hot],
  ] as const) {
    if (load.failed > 0)
      console.warn(`  ${where}, ${label}: ${load.failed} failed of ${load.total} (${load.statuses})`);
    figures.push({
      name: `purchases, ${where}, ${label}`,
      value: `${rate(load.rate)} = ${(load.rate / raw).toFixed(2)} × raw inserts; p50 ${ms(load.p50)}, p99 ${ms(load.p99)}; ${load.cpu.toFixed(0)} µs scheme CPU each; ${load.failed} of ${load.total} not 200 (load average ${load.machineLoad.toFixed(1)})`,
      target: "every answer 200",
      pass: load.failed === 0,
    });
  }

  if (redeemed) {
    const { load, vouchers } = redeemed;
    if (load.failed > 0)
      console.warn(`  ${where}, redemptions: ${load.failed} failed of ${load.total} (${load.statuses})`);
    figures.push({
      name: `redemptions, ${where}, ${MEMBERS} members, one reward`,
      value: `${rate(load.rate)} = ${(load.rate / spread.rate).toFixed(2)} × the purchases of this run (${rate(spread.rate)}); p50 ${ms(load.p50)}, p99 ${ms(load.p99)}; ${load.cpu.toFixed(0)} µs scheme CPU each; ${load.failed} of ${load.total} not 200; ${vouchers} vouchers issued`,
      target: "every answer 200, one voucher each",
      // A redemption in flight when the load stops issues its voucher unanswered: at most one a connection.
      pass: load.failed === 0 && vouchers >= load.total && vouchers <= load.total + CONNECTIONS,
    });
  }

  if (storage.name === "PostgreSQL") figures.push(await campaignLoad(storage, base, many, spread));

  const growing = performance.now();
  await storage.growLedger(SHORT, SHORT_LEDGER);
  await storage.growLedger(LONG, LONG_LEDGER);
  console.log(
    `  ${LONG_LEDGER + SHORT_LEDGER} ledger entries inserted in ${(performance.now() - growing).toFixed(0)} ms`,
  );
  for (const read of await balanceReads(base)) {
    const share = read.long.mean / read.short.mean;
    figures.push({
      name: `balance read over HTTP, one at a time, ${storage.name}, ${read.name}: ${SHORT_LEDGER.toLocaleString("en")} against ${LONG_LEDGER.toLocaleString("en")} entries`,
      value: `mean ${ms(read.short.mean)} against ${ms(read.long.mean)} = ${share.toFixed(2)} ×; p99 ${ms(read.short.p99)} against ${ms(read.long.p99)} = ${(read.long.p99 / read.short.p99).toFixed(2)} ×${read.failed > 0 ? `; ${read.failed} not 200` : ""}`,
      target: "≈ 1 ×",
      pass: share <= 1.5 && read.failed === 0,
    });
  }

  if (storage.name === "PostgreSQL") figures.push(await dryRun(base));

  const check = await expectOk(`${base}${PREFIX}/ledger-check`, "GET", FULL);
  const { accounts, disagreements } = check.payload as { accounts: number; disagreements: unknown[] };
  figures.push({
    name: `ledger check after the run, ${storage.name}`,
    value: `${accounts} accounts, ${disagreements.length} balance rows disagreeing with their ledger`,
    target: "0",
    pass: disagreements.length === 0,
  });
  return figures;
}

// ---- campaigns (issue 28) --------------------------------------------------------------------

const CAMPAIGN_TEXT = { en: "Bench campaign", tc: "測試推廣", sc: "测试推广" };
const YEAR_MS = 365 * 86_400_000;
const campaignDefinition = (fields: Record<string, unknown>) => ({
  name: CAMPAIGN_TEXT,
  conditions: [],
  stacks: true,
  starts_at: new Date(Date.now() - YEAR_MS).toISOString(),
  ends_at: new Date(Date.now() + YEAR_MS).toISOString(),
  budget_coins: null,
  per_member_cap: null,
  ...fields,
});

/**
 * A ladder every member is in from the first purchase (multiplier 1.5) with one above nobody
 * reaches: each purchase earns a tier line and requalifies the account over its window's spend.
 * It stays for the rest of the run (a ladder without a tier members hold is refused).
 */
const BENCH_LADDER = {
  window: "rolling_12_months",
  review_rule: "anniversary",
  tiers: [
    { code: "member", qualifying_amount: "0", multiplier: "1.5" },
    { code: "gold", qualifying_amount: "1000000", multiplier: "2" },
  ].map((tier) => ({ ...tier, name: CAMPAIGN_TEXT, benefits: CAMPAIGN_TEXT })),
  operator: "bench",
};

/**
 * The same purchases as `spread`, with a tier ladder and 3 live campaigns that all match (a
 * multiplier on a store and weekday list, a fixed bonus over an amount, a budgeted one whose
 * budget every purchase takes from): its p99 against the plain purchases' of this run.
 */
async function campaignLoad(storage: Storage, base: string, many: (n: number) => string, spread: Load) {
  await expectOk(`${base}${PREFIX}/tiers`, "PUT", FULL, BENCH_LADDER);
  const campaigns = [
    {
      action: { type: "multiplier", multiplier: "2" },
      conditions: [
        { fact: "store", in: [STORE] },
        { fact: "weekday", in: [1, 2, 3, 4, 5, 6, 7] },
      ],
    },
    { action: { type: "bonus", coins: 10 }, conditions: [{ fact: "net_amount", at_least: "100" }] },
    { action: { type: "multiplier", multiplier: "1.5" }, budget_coins: 1_000_000_000 },
  ];
  const ids: number[] = [];
  for (const fields of campaigns) {
    const made = await expectOk(`${base}${PREFIX}/campaigns`, "POST", FULL, {
      ...campaignDefinition(fields),
      operator: "bench",
    });
    const id = (made.payload.campaign as { id: number }).id;
    await expectOk(`${base}${PREFIX}/campaigns/${id}/activate`, "POST", FULL, {
      operator: "bench",
      approver: "bench-checker",
    });
    ids.push(id);
  }
  const load = await purchases(storage.schemes, many);
  for (const id of ids)
    await expectOk(`${base}${PREFIX}/campaigns/${id}/end`, "POST", FULL, { operator: "bench" });
  const ratio = load.p99 / spread.p99;
  return {
    name: `purchases with 3 live campaigns and a tier, ${storage.name}, ${MEMBERS} members`,
    value: `${rate(load.rate)}; p50 ${ms(load.p50)}, p99 ${ms(load.p99)} = ${ratio.toFixed(2)} × the plain purchases' p99 of this run (${ms(spread.p99)}); ${load.failed} of ${load.total} not 200`,
    target: "p99 ≤ 1.5 ×, every answer 200",
    pass: ratio <= 1.5 && load.failed === 0,
  };
}

/** A campaign's dry run over the last 90 days: the grown ledger's 100,000 purchases and the run's. */
async function dryRun(base: string) {
  const started = performance.now();
  const answer = await expectOk(`${base}${PREFIX}/campaigns/dry-run`, "POST", FULL, {
    campaign: campaignDefinition({
      action: { type: "multiplier", multiplier: "2" },
      conditions: [
        { fact: "weekday", in: [6, 7] },
        { fact: "net_amount", at_least: "1" },
      ],
      budget_coins: 50_000,
      per_member_cap: 5_000,
    }),
    days: 90,
  });
  const seconds = (performance.now() - started) / 1000;
  const run = answer.payload.dry_run as {
    purchases_scanned: number;
    purchases_matched: number;
    elapsed_ms: number;
  };
  return {
    name: `campaign dry run over 90 days, PostgreSQL, ${run.purchases_scanned.toLocaleString("en")} purchases`,
    value: `${seconds.toFixed(2)} s over HTTP (${(run.elapsed_ms / 1000).toFixed(2)} s in the scheme), ${run.purchases_matched.toLocaleString("en")} matched`,
    target: "< 10 s over ≥ 100,000 purchases",
    pass: seconds < 10 && run.purchases_scanned >= LONG_LEDGER,
  };
}

/** A reward of 1 coin with stock for any run, redeemed by the members for SECONDS; the vouchers issued counted. */
async function redeemLoad(storage: Storage, base: string, numbers: string[]) {
  const text = { en: "Bench reward", tc: "測試禮遇", sc: "测试礼遇" };
  const created = await expectOk(`${base}${PREFIX}/rewards`, "POST", FULL, {
    kind: "product",
    coins: 1,
    stock: 1_000_000,
    value_amount: null,
    title: text,
    description: text,
    terms: text,
    voucher_valid_days: 30,
  });
  const rewardId = (created.payload.reward as { id: number }).id;
  const load = await redemptions(storage.schemes, numbers, rewardId);
  const after = await expectOk(`${base}${PREFIX}/rewards/${rewardId}`, "GET", FULL);
  return { load, vouchers: 1_000_000 - (after.payload.reward as { stock: number }).stock };
}

async function onSqlite(directory: string): Promise<Figure[]> {
  const file = join(directory, "coin-scheme.db");
  const scheme = await startServerProcess({
    entry: "coin-scheme",
    env: { ...SCHEME_ENV, COIN_SCHEME_DATABASE_URL: `sqlite:${file}` },
  });
  try {
    return await measureOn({
      name: "SQLite",
      schemes: [scheme],
      rawInserts: sqliteRawInserts(join(directory, "raw.db")),
      rawNote: "better-sqlite3, WAL, one writer",
      growLedger: sqliteGrowLedger(file),
    });
  } finally {
    await scheme.kill();
  }
}

async function onPostgres(schemeStorage: Record<string, string>, rawStorage: Record<string, string>) {
  const url = schemeStorage.DATABASE_URL as string;
  const env = { ...SCHEME_ENV, COIN_SCHEME_DATABASE_URL: url };
  const schemes: ServerProcess[] = [];
  try {
    // The first one migrates the schema; the other two find it done.
    schemes.push(await startServerProcess({ entry: "coin-scheme", env }));
    schemes.push(...(await Promise.all([1, 2].map(() => startServerProcess({ entry: "coin-scheme", env })))));
    return await measureOn({
      name: "PostgreSQL",
      schemes,
      rawInserts: postgresRawInserts(rawStorage.DATABASE_URL as string),
      rawNote: `pg, a pool of 10, ${CONNECTIONS} in flight`,
      growLedger: postgresGrowLedger(url),
    });
  } finally {
    await Promise.all(schemes.map((scheme) => scheme.kill()));
  }
}

export async function coinLedger(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const directory = mkdtempSync(join(tmpdir(), "hcoins-bench-ledger-"));
  const storages: Record<string, string>[] = [];
  const cleanUp = async () => {
    await stopServerProcesses();
    rmSync(directory, { recursive: true, force: true });
    for (const storage of storages.splice(0)) await dropIsolatedStorage(storage);
  };
  const interrupted = () => {
    console.log("Interrupted: cleaning up…");
    void cleanUp().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  try {
    figures.push(...(await onSqlite(directory)));
    process.env.DATABASE_URL ||= "postgres://postgres@127.0.0.1:5432/test";
    if (!process.env.DATABASE_URL.startsWith("postgres")) {
      figures.push({ name: "PostgreSQL", value: "skipped: DATABASE_URL is not PostgreSQL" });
      return figures;
    }
    // The scheme's schema, and a scratch one for the raw inserts.
    storages.push(await isolatedStorage());
    storages.push(await isolatedStorage());
    figures.push(
      ...(await onPostgres(storages[0] as Record<string, string>, storages[1] as Record<string, string>)),
    );
    return figures;
  } finally {
    process.off("SIGINT", interrupted);
    agent.destroy();
    await cleanUp();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(figureTable(await coinLedger()));
