import pLimit from "p-limit";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_BRANDS } from "../seed/brands.ts";
import { SEED_STORES } from "../seed/stores.ts";
import { nextPhone, validRegistration } from "../testing/flows.ts";
import { type HttpAnswer, type HttpCallOptions, httpCall } from "../testing/http-call.ts";
import { type ServerProcess, startServerProcess, stopServerProcesses } from "../testing/server-process.ts";
import { type SmsGateway, startSmsGateway } from "../testing/sms-gateway.ts";
import { dropIsolatedStorage, isolatedStorage } from "../testing/test-app.ts";
import { expectFailure, expectSuccess, usePostgres, useRedis } from "./support.ts";

/**
 * Two real server processes on loopback behind no balancer but the test itself, which
 * spreads its calls over both (round-robin, or alternating within one flow) as a load
 * balancer would. They share one fresh PostgreSQL schema, one Redis prefix and one SMS
 * gateway, and start at the same moment so that their migrations and first-start seed race.
 * Every limit is set low so that one flow reaches it; each flow is its own client address
 * (X-Forwarded-For, TRUST_PROXY=true) so that flows do not eat each other's allowance.
 */

const LIMITS = {
  // Long enough that two calls of one flow fall inside it on a busy machine, short enough to wait out once.
  SMS_RESEND_SECONDS: 4,
  SMS_NUMBER_HOURLY_LIMIT: 2,
  SMS_CLIENT_HOURLY_LIMIT: 4,
  SMS_CODE_MAX_ATTEMPTS: 5,
  LOGIN_MAX_FAILURES: 5,
  RATE_LIMIT_PER_MINUTE: 30,
};
const REGISTRATIONS = 40;
const CONCURRENCY = 8;

let storage: Record<string, string>;
let gateway: SmsGateway;
let servers: ServerProcess[] = [];
let startMs = 0;

let clientSequence = 0;
/** A client address of its own per flow. */
const nextClient = () => {
  clientSequence += 1;
  return `10.20.${Math.floor(clientSequence / 250)}.${(clientSequence % 250) + 1}`;
};

const on = (which: number, method: "GET" | "POST", path: string, options?: HttpCallOptions) =>
  httpCall((servers[which % 2] as ServerProcess).url, method, path, options);

const number = (phone: string) => ({ mobile_phone_prefix: "852", mobile_phone: phone });

async function query<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: storage.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** Asks for a code on one instance and verifies it on the other. */
async function verifiedCode(phone: string, client: string, first: number): Promise<string> {
  expectSuccess(
    await on(first, "POST", "/crm/registration/request-sms-token", { body: number(phone), client }),
  );
  const sms_token = gateway.latestCode("852", phone);
  expectSuccess(
    await on(first + 1, "POST", "/crm/registration/register-token-status", {
      body: { ...number(phone), sms_token },
      client,
    }),
  );
  return sms_token;
}

async function register(phone: string, client: string) {
  const sms_token = await verifiedCode(phone, client, 0);
  const res = await on(0, "POST", "/crm/registration/register-with-mobile", {
    body: { ...validRegistration(phone), sms_token },
    client,
  });
  expectSuccess(res);
  return { token: res.body.payload.access_token as string, password: validRegistration(phone).password };
}

describe.runIf(usePostgres && useRedis)("two server processes on one PostgreSQL and one Redis", () => {
  beforeAll(async () => {
    storage = await isolatedStorage();
    gateway = await startSmsGateway();
    const env = {
      ...storage,
      TRUST_PROXY: "true",
      SMS_PROVIDER: "http",
      SMS_HTTP_URL: gateway.url,
      // Above RATE_LIMIT_PER_MINUTE, so that the general limit is what its test's CheckPhone calls reach
      // (abuse-lookups.test.ts tries the lookup budgets over two instances).
      LOOKUP_CLIENT_MINUTE_LIMIT: "1000",
      ...Object.fromEntries(Object.entries(LIMITS).map(([name, value]) => [name, String(value)])),
    };
    const started = Date.now();
    // At the same moment, on an empty schema: both run the migrations and try the first-start seed.
    servers = await Promise.all([
      startServerProcess({ env, movableClock: true }),
      startServerProcess({ env, movableClock: true }),
    ]);
    startMs = Date.now() - started;
  }, 180_000);

  afterAll(async () => {
    await stopServerProcesses();
    await gateway?.close();
    if (storage) await dropIsolatedStorage(storage);
  });

  it("start together on an empty schema: migrated and seeded once", async () => {
    console.info(`scale-out: both instances answered /healthz ${startMs} ms after starting together`);
    for (const server of servers) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const migrations = await query<{ name: string }>("select name from kysely_migration order by name");
    expect(migrations.map((row) => row.name)).toEqual([
      "0001-members-and-auth",
      "0002-coin-scheme",
      "0003-content",
      "0004-marketing-consents",
      "0005-operators-and-audit",
      "0006-activity",
      "0007-unsubscribe-reason-other",
      "0008-audit-chain",
      "0009-coin-controls",
      "0010-member-records",
      "0011-operator-session-agent",
      "0013-voucher-action-keys",
      "0014-console-action-keys",
      "0015-scheme-outbox",
      "0016-member-referrals",
    ]);
    const [marker] = await query<{ value: string }>(
      "select value from settings where key = 'content_seeded'",
    );
    expect(JSON.parse(marker?.value ?? "{}").state).toBe("seeded");
    const [stores] = await query<{ count: number }>("select count(*)::int as count from stores");
    expect(stores?.count).toBe(SEED_STORES.length);
    const [brands] = await query<{ count: number }>(
      "select count(*)::int as count from tags where type = 'brand'",
    );
    expect(brands?.count).toBe(SEED_BRANDS.length);
    // Both serve the one seed: the same store list from either.
    const lists = await Promise.all(
      [0, 1].map((which) => on(which, "GET", "/crm/store?page_size=100", { client: nextClient() })),
    );
    for (const list of lists) expectSuccess(list);
    expect(lists[0]?.body.payload.total).toBe(SEED_STORES.length);
    expect(JSON.stringify(lists[0]?.body.payload)).toBe(JSON.stringify(lists[1]?.body.payload));
  });

  it(`register ${REGISTRATIONS} numbers spread over both, each sent to both at once: every number exactly once`, {
    timeout: 60_000,
  }, async () => {
    const phones = Array.from({ length: REGISTRATIONS }, () => nextPhone());
    const outcomes = { codeRefused: new Map<number, number>(), registerRefused: new Map<number, number>() };
    const tally = (map: Map<number, number>, res: HttpAnswer) =>
      map.set(res.body.error_code, (map.get(res.body.error_code) ?? 0) + 1);
    let requests = 0;
    const tokens = new Map<string, { token: string; on: number }>();
    const started = Date.now();

    await pLimit(CONCURRENCY).map(phones, async (phone, index) => {
      const client = nextClient();
      const first = index % 2; // round-robin: the flow starts on one instance, the next flow on the other
      // The same number's code asked of both at once: one sends, the other is within the resend wait.
      const asks = await Promise.all(
        [first, first + 1].map((which) =>
          on(which, "POST", "/crm/registration/request-sms-token", { body: number(phone), client }),
        ),
      );
      const sent = asks.filter((res) => res.status === 200);
      expect(sent, JSON.stringify(asks.map((res) => res.body))).toHaveLength(1);
      for (const res of asks.filter((r) => r.status !== 200)) {
        expectFailure(res, 429, 4203);
        tally(outcomes.codeRefused, res);
      }
      expect(gateway.messages("852", phone)).toHaveLength(1);
      const sms_token = gateway.latestCode("852", phone);
      expectSuccess(
        await on(first + 1, "POST", "/crm/registration/register-token-status", {
          body: { ...number(phone), sms_token },
          client,
        }),
      );
      // The whole registration sent to both instances at once: one member, one refusal.
      const body = { ...validRegistration(phone), sms_token };
      const answers = await Promise.all(
        [first, first + 1].map((which) =>
          on(which, "POST", "/crm/registration/register-with-mobile", { body, client }),
        ),
      );
      requests += 5;
      const winners = answers.flatMap((res, which) => (res.status === 200 ? [which] : []));
      expect(winners, JSON.stringify(answers.map((res) => res.body))).toHaveLength(1);
      const loser = answers.find((res) => res.status !== 200) as HttpAnswer;
      expect(loser.status, JSON.stringify(loser.body)).toBeLessThan(500);
      expect(loser.body.payload.error_code).toBe(loser.body.error_code);
      tally(outcomes.registerRefused, loser);
      const winner = winners[0] as number;
      tokens.set(phone, {
        token: (answers[winner] as HttpAnswer).body.payload.access_token,
        on: first + winner,
      });
    });
    const elapsed = Date.now() - started;

    const rows = await query<{ mobile_phone: string; count: number }>(
      "select mobile_phone, count(*)::int as count from members where mobile_phone = any($1) group by mobile_phone",
      [phones],
    );
    expect(rows).toHaveLength(REGISTRATIONS);
    expect(rows.every((row) => row.count === 1)).toBe(true);
    const [consumed] = await query<{ count: number }>(
      "select count(*)::int as count from sms_codes where mobile_phone = any($1) and consumed_at is not null",
      [phones],
    );
    expect(consumed?.count).toBe(REGISTRATIONS);

    // Each member's token, issued by one instance, works on the other; CheckPhone on either knows the number.
    await pLimit(CONCURRENCY).map([...tokens], async ([phone, { token, on: issuer }]) => {
      const profile = await on(issuer + 1, "GET", "/crm/user/profile", { token, client: nextClient() });
      expectSuccess(profile);
      expect(profile.body.payload.mobile_phone).toBe(phone);
      const check = await on(issuer, "POST", "/custom-api/api/Member/CheckPhone", {
        body: number(phone),
        client: nextClient(),
      });
      expect(check.body.code).toBe(40006);
      requests += 2;
    });
    console.info(
      `scale-out: ${REGISTRATIONS} registrations (${requests} calls, ${CONCURRENCY} flows at a time) in ${elapsed} ms;`,
      `code requests refused ${JSON.stringify([...outcomes.codeRefused])},`,
      `duplicate registrations refused ${JSON.stringify([...outcomes.registerRefused])}; members per number: 1`,
    );
  });

  it("refuse a resend on the other instance, and count the per-number hourly limit on both", async () => {
    const client = nextClient();
    const phone = nextPhone();
    expectSuccess(
      await on(0, "POST", "/crm/registration/request-sms-token", { body: number(phone), client }),
    );
    const resend = await on(1, "POST", "/crm/registration/request-sms-token", {
      body: number(phone),
      client,
    });
    expectFailure(resend, 429, 4203);
    expect(resend.body.payload.retry_after_seconds).toBeLessThanOrEqual(LIMITS.SMS_RESEND_SECONDS);
    // Send 2 of 2 on the second instance (the reset purpose has its own resend wait).
    expectSuccess(
      await on(1, "POST", "/crm/auth/forgot-password-with-mobile", {
        body: number(phone),
        client: nextClient(),
      }),
    );
    // Both instances' clocks move past the resend wait (the counts' windows read the app's clock).
    await Promise.all(servers.map((server) => server.advanceClock(LIMITS.SMS_RESEND_SECONDS * 1000 + 200)));
    // Each instance has allowed one send: only the shared count reaches the limit of two.
    const third = await on(0, "POST", "/crm/registration/request-sms-token", {
      body: number(phone),
      client: nextClient(),
    });
    expectFailure(third, 429, 4204);
    expect(gateway.messages("852", phone)).toHaveLength(1);
  });

  it("count the per-client hourly SMS limit on both", async () => {
    const client = nextClient();
    for (let send = 0; send < LIMITS.SMS_CLIENT_HOURLY_LIMIT; send++) {
      expectSuccess(
        await on(send, "POST", "/crm/registration/request-sms-token", { body: number(nextPhone()), client }),
      );
    }
    for (const which of [0, 1]) {
      const over = await on(which, "POST", "/crm/registration/request-sms-token", {
        body: number(nextPhone()),
        client,
      });
      expectFailure(over, 429, 4204);
    }
    // Another client is not affected.
    expectSuccess(
      await on(0, "POST", "/crm/registration/request-sms-token", {
        body: number(nextPhone()),
        client: nextClient(),
      }),
    );
  });

  it("void a code after five wrong tries spread over both, in sequence or all at once", async () => {
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const verify = (which: number, phone: string, sms_token: string) =>
      on(which, "POST", "/crm/registration/register-token-status", {
        body: { ...number(phone), sms_token },
        client: nextClient(),
      });

    // Four wrong tries leave the code usable: the fifth is what voids it.
    const spared = nextPhone();
    expectSuccess(
      await on(0, "POST", "/crm/registration/request-sms-token", {
        body: number(spared),
        client: nextClient(),
      }),
    );
    const sparedCode = gateway.latestCode("852", spared);
    for (let attempt = 0; attempt < LIMITS.SMS_CODE_MAX_ATTEMPTS - 1; attempt++) {
      expectFailure(await verify(attempt, spared, wrong(sparedCode)), 400, 4201);
    }
    expectSuccess(await verify(0, spared, sparedCode));

    const guessed = nextPhone();
    expectSuccess(
      await on(1, "POST", "/crm/registration/request-sms-token", {
        body: number(guessed),
        client: nextClient(),
      }),
    );
    const code = gateway.latestCode("852", guessed);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => verify(index, guessed, wrong(code))),
    );
    for (const res of guesses) expectFailure(res, 400, 4201);
    for (const which of [0, 1]) expectFailure(await verify(which, guessed, code), 400, 4201);
    const [row] = await query<{ attempts: number }>(
      "select attempts from sms_codes where mobile_phone = $1 order by id desc limit 1",
      [guessed],
    );
    expect(row?.attempts).toBe(LIMITS.SMS_CODE_MAX_ATTEMPTS);
  });

  it("lock a number for one address after five failed logins alternating between both, on both", async () => {
    const phone = nextPhone();
    const member = await register(phone, nextClient());
    const client = nextClient();
    const login = (which: number, password: string, from = client) =>
      on(which, "POST", "/crm/auth/login-with-mobile-password", {
        body: { ...number(phone), password },
        client: from,
        lang: "en",
      });
    for (let failure = 0; failure < LIMITS.LOGIN_MAX_FAILURES - 1; failure++) {
      const res = await login(failure, "Wrong123x");
      expectFailure(res, 400, 5000);
      expect(res.body.payload.attempts_remaining).toBe(LIMITS.LOGIN_MAX_FAILURES - 1 - failure);
    }
    expectFailure(await login(1, "Wrong123x"), 429, 4290);
    for (const which of [0, 1]) {
      const locked = await login(which, member.password);
      expectFailure(locked, 429, 4290);
      expect(locked.body.payload.retry_after_seconds).toBeGreaterThan(800);
      // The lock is that address's: the member logs in from another one.
      expect((await login(which, member.password, nextClient())).status).toBe(200);
    }
  });

  it("count one client's requests per minute on both (4299)", async () => {
    const client = nextClient();
    const check = (which: number) =>
      on(which, "POST", "/custom-api/api/Member/CheckPhone", { body: number(nextPhone()), client });
    const answers = await Promise.all(
      Array.from({ length: LIMITS.RATE_LIMIT_PER_MINUTE }, (_, i) => check(i)),
    );
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const which of [0, 1]) expectFailure(await check(which), 429, 4299);
    // Another client is not affected.
    const other = await on(0, "POST", "/custom-api/api/Member/CheckPhone", {
      body: number(nextPhone()),
      client: nextClient(),
    });
    expect(other.status).toBe(200);
  });

  it("stop on SIGTERM with exit code 0", async () => {
    const exits = await Promise.all(servers.map((server) => server.kill("SIGTERM")));
    for (const [index, exit] of exits.entries()) {
      expect(exit.code, servers[index]?.output()).toBe(0);
    }
  });
});
