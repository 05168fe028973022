import { afterEach, describe, expect, it } from "vitest";
import { logCollector, usePostgres, useRedis } from "../../cross-cutting/support.ts";
import { metrics } from "../../metrics.ts";
import { startTcpRelay } from "../../testing/tcp-relay.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { linkedMember, type Member } from "../member-coins/coins-test-support.ts";

/*
 * The till side of the embedded scheme under an outside probe (issue 25): its limits answer 429 in
 * the scheme's envelope (never a 500), count per till key rather than per address (tills behind one
 * shop router share one), hold across instances (counted in Redis), and a till key reading accounts
 * behind made-up QR codes is stopped and reported.
 */

const TILL_A = "till-a-key-0000000000001";
const TILL_B = "till-b-key-0000000000002";
const KEYS = `member-server:scheme-member-server-key,till-a:${TILL_A}:till:HF-CW01,till-b:${TILL_B}:till:HF-CW01`;

/** What a made-up member number gets: no such member (6003), or refused as no member number (4000). */
const SCHEME_NO_MEMBER = 6003;
const SCHEME_INVALID = 4000;

let apps: TestApp[] = [];
afterEach(async () => {
  // The second instance first: it shares the first one's storage, which the first one drops.
  for (const t of apps.reverse()) await t.close();
  apps = [];
});

async function start(env: Record<string, string>, options: { shareWith?: TestApp; log?: boolean } = {}) {
  const log = logCollector();
  const t = await createTestApp({
    env: { COIN_SCHEME_API_KEYS: KEYS, ...(options.log ? { LOG_LEVEL: "warn" } : {}), ...env },
    ...(options.shareWith ? { shareWith: options.shareWith } : {}),
    ...(options.log ? { logStream: log.stream } : {}),
  });
  apps.push(t);
  return { t, log };
}

const qrOf = (member: Member | string) =>
  `${typeof member === "string" ? member : member.user.member_no},0,01,${Math.floor(Date.now() / 1000)}`;

function till(t: TestApp, key: string, path: string, body: Record<string, unknown>, remoteAddress?: string) {
  return t.app
    .inject({
      method: "POST",
      url: `/coin-scheme/v1${path}`,
      headers: { "x-api-key": key, "content-type": "application/json" },
      payload: JSON.stringify(body),
      ...(remoteAddress ? { remoteAddress } : {}),
    })
    .then((res) => ({ status: res.statusCode, body: res.json(), headers: res.headers }));
}

let receipt = 0;
const purchase = (t: TestApp, key: string, member: Member | string) =>
  till(t, key, "/purchases", {
    qr_text: qrOf(member),
    store_code: "HF-CW01",
    receipt_no: `TL-${Date.now()}-${++receipt}`,
    net_amount: "10",
  });

describe("the till API's request limit", () => {
  it("counts per till key, not per address or RATE_LIMIT_PER_MINUTE, and refuses with 429 in the envelope", async () => {
    // The member's registration takes a few of the address's 8 calls; the till's 10 are its own.
    const { t, log } = await start(
      { RATE_LIMIT_PER_MINUTE: "8", COIN_LIMIT_TILL_REQUESTS_PER_MINUTE: "10" },
      { log: true },
    );
    const member = await linkedMember(t);
    for (let call = 1; call <= 10; call++) {
      const res = await till(t, TILL_A, "/till/account", { qr_text: qrOf(member) });
      expect(res.status, `call ${call}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const over = await till(t, TILL_A, "/till/account", { qr_text: qrOf(member) });
    expect(over.status, JSON.stringify(over.body)).toBe(429);
    expect(over.body).toMatchObject({ code: 429, error_code: 4299 });
    expect(over.body.payload).toMatchObject({ error_code: 4299, limit: "tillRequestsPerMinute", max: 10 });
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    // Another till behind the same router is not held back; the same key from elsewhere is.
    expect((await till(t, TILL_B, "/till/account", { qr_text: qrOf(member) })).status).toBe(200);
    expect((await till(t, TILL_A, "/till/account", { qr_text: qrOf(member) }, "127.0.0.9")).status).toBe(429);
    expect(log.lines.filter((line) => line.includes('"level":50'))).toEqual([]);
  });
});

describe("failed lookups of a till key", () => {
  it("refuses a till key reading made-up QR codes after the limit (429), counts failed purchases too, and warns once", async () => {
    const { t, log } = await start({ COIN_LIMIT_TILL_FAILED_LOOKUPS_PER_MINUTE: "3" }, { log: true });
    const member = await linkedMember(t);
    const refusedBefore = await refusals("coin-tillFailedLookupsPerMinute");
    const guessed = (res: { body: { error_code: number } }) =>
      expect([SCHEME_NO_MEMBER, SCHEME_INVALID]).toContain(res.body.error_code);
    for (const guess of ["M0000001", "M0000002"])
      guessed(await till(t, TILL_A, "/till/account", { qr_text: qrOf(guess) }));
    guessed(await purchase(t, TILL_A, "M0000003"));
    // Over the limit: refused, a real member's code too, before the account is read.
    const stopped = await till(t, TILL_A, "/till/account", { qr_text: qrOf(member) });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(429);
    expect(stopped.body.payload).toMatchObject({ limit: "tillFailedLookupsPerMinute", max: 3 });
    expect((await purchase(t, TILL_A, member)).status).toBe(429);
    expect((await till(t, TILL_A, "/till/account", { qr_text: qrOf("M0000004") })).status).toBe(429);
    // Another till is not held back.
    expect((await till(t, TILL_B, "/till/account", { qr_text: qrOf(member) })).status).toBe(200);
    const warnings = log.lines.filter((line) => line.includes("failed account lookups"));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] as string)).toMatchObject({ level: 40, client: "till-a", max: 3 });
    expect(await refusals("coin-tillFailedLookupsPerMinute")).toBeGreaterThan(refusedBefore);
  });
});

async function refusals(limit: string) {
  const { body } = await metrics.text();
  const line = body
    .split("\n")
    .find((row) => row.startsWith(`hcoins_rate_limit_refusals_total{limit="${limit}"}`));
  return line ? Number(line.split(" ").pop()) : 0;
}

describe.runIf(usePostgres && useRedis)("two instances on one PostgreSQL and one Redis", () => {
  it("hold a till's purchases per minute across both, however the calls are spread", async () => {
    const env = { COIN_LIMIT_TILL_PURCHASES_PER_MINUTE: "3", COIN_LIMIT_MEMBER_DAILY_PURCHASES: "0" };
    const { t: first } = await start(env);
    const { t: second } = await start(env, { shareWith: first });
    const members = await Promise.all([1, 2, 3, 4, 5, 6].map(() => linkedMember(first)));
    const answers = await Promise.all(
      members.map((member, index) => purchase(index % 2 === 0 ? first : second, TILL_A, member)),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(3);
    for (const res of answers.filter((one) => one.status !== 200)) {
      expect(res.body).toMatchObject({ code: 429, error_code: 6012 });
      expect(res.body.payload.limit).toBe("tillPurchasesPerMinute");
    }
  });

  it("count a till key's failed lookups on both", async () => {
    const env = { COIN_LIMIT_TILL_FAILED_LOOKUPS_PER_MINUTE: "2" };
    const { t: first } = await start(env);
    const { t: second } = await start(env, { shareWith: first });
    expect((await till(first, TILL_A, "/till/account", { qr_text: qrOf("M0000011") })).status).not.toBe(429);
    expect((await till(second, TILL_A, "/till/account", { qr_text: qrOf("M0000012") })).status).not.toBe(429);
    expect((await till(first, TILL_A, "/till/account", { qr_text: qrOf("M0000013") })).status).toBe(429);
    expect((await till(second, TILL_A, "/till/account", { qr_text: qrOf("M0000014") })).status).toBe(429);
  });
});

describe.runIf(useRedis)("Redis unreachable", () => {
  it("the tills go on, counted in the process meanwhile: their limits blunt abuse, a 503 would stop every till", async () => {
    const redisUrl = new URL(process.env.REDIS_URL as string);
    const relay = await startTcpRelay(Number(redisUrl.port || 6379), redisUrl.hostname);
    try {
      redisUrl.hostname = "127.0.0.1";
      redisUrl.port = String(relay.port);
      const { t } = await start({
        REDIS_URL: redisUrl.toString(),
        COIN_LIMIT_TILL_PURCHASES_PER_MINUTE: "2",
      });
      const member = await linkedMember(t);
      await relay.cut();
      expect((await till(t, TILL_A, "/till/account", { qr_text: qrOf(member) })).status).toBe(200);
      expect((await purchase(t, TILL_A, member)).status).toBe(200);
      expect((await purchase(t, TILL_A, member)).status).toBe(200);
      expect((await purchase(t, TILL_A, member)).body.error_code).toBe(6012);
    } finally {
      await relay.cut();
    }
  });
});
