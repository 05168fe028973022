import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@hcoins/server-kit/database";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nextPhone, validRegistration } from "../testing/flows.ts";
import { type HttpAnswer, httpCall } from "../testing/http-call.ts";
import { startServerProcess, stopServerProcesses } from "../testing/server-process.ts";
import type { MemberServerTables } from "../testing/tables.ts";
import { dropIsolatedStorage, isolatedStorage } from "../testing/test-app.ts";
import { usePostgres } from "./support.ts";

/*
 * SIGKILL of the real server process in the middle of a burst of registrations, H Coins
 * links and purchases at the till (the embedded coin scheme), then a restart on the same
 * storage: SQLite in a temporary file, or a fresh PostgreSQL schema when DATABASE_URL is
 * PostgreSQL. Every call that was answered 200 must be there whole after the restart, and
 * nothing may be half-made: no member without its member number, token or used-up code,
 * no receipt twice, no balance that is not its ledger's sum of what the tills were told.
 */

const SERVER_KEY = "kill-test-member-server-key";
const TILL_KEY = "kill-test-till-key-000001";
const COINS = "/custom-api/custom/cuapp/customer";
const PURCHASES = "/coin-scheme/v1/purchases";
const REGISTRATION_WORKERS = 6;
const COIN_MEMBERS = 6;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await stopServerProcesses();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Counts each kind of call: answered 200, answered otherwise, and still waiting (in flight). */
class Tally {
  readonly ok = new Map<string, number>();
  readonly inFlight = new Map<string, number>();
  readonly lost = new Map<string, number>();

  async call(kind: string, send: () => Promise<HttpAnswer>): Promise<HttpAnswer | null> {
    this.inFlight.set(kind, (this.inFlight.get(kind) ?? 0) + 1);
    try {
      const res = await send();
      if (res.status === 200) this.ok.set(kind, (this.ok.get(kind) ?? 0) + 1);
      return res;
    } catch {
      this.lost.set(kind, (this.lost.get(kind) ?? 0) + 1);
      return null;
    } finally {
      this.inFlight.set(kind, (this.inFlight.get(kind) ?? 1) - 1);
    }
  }

  count = (kind: string) => this.ok.get(kind) ?? 0;
}

interface Member {
  phone: string;
  memberNo: string;
  token: string;
  email: string;
}

/** The whole registration flow over HTTP; the member once register-with-mobile answered 200, else null. */
async function register(url: string, tally: Tally, phone: string): Promise<Member | null> {
  const number = { mobile_phone_prefix: "852", mobile_phone: phone };
  const sent = await tally.call("request-sms-token", () =>
    httpCall(url, "POST", "/crm/registration/request-sms-token", { body: number }),
  );
  if (sent?.status !== 200) return null;
  const outbox = await tally.call("outbox", () =>
    httpCall(url, "GET", `/dev/sms-outbox?mobile_phone_prefix=852&mobile_phone=${phone}`),
  );
  const code = outbox?.body?.payload?.[0]?.code as string | undefined;
  if (!code) return null;
  const verified = await tally.call("register-token-status", () =>
    httpCall(url, "POST", "/crm/registration/register-token-status", {
      body: { ...number, sms_token: code },
    }),
  );
  if (verified?.status !== 200) return null;
  const payload = validRegistration(phone);
  const res = await tally.call("register", () =>
    httpCall(url, "POST", "/crm/registration/register-with-mobile", {
      body: { ...payload, sms_token: code },
    }),
  );
  if (res?.status !== 200) return null;
  return {
    phone,
    memberNo: res.body.payload.user.member_no,
    token: res.body.payload.access_token,
    email: payload.email,
  };
}

/** The embedded scheme's rows this test reads back: the scheme keeps its tables in the member server's database. */
type SchemeRows = {
  hcoin_accounts: { hcoins_memberno: string; mobile_phone: string; linked_member_ref: string | null };
  hcoin_ledger: { receipt_no: string | null; coins: number };
};

interface Purchase {
  memberNo: string;
  receipt: string;
  netAmount: string;
}

function purchase(url: string, tally: Tally, p: Purchase) {
  return tally.call("purchase", () =>
    fetch(`${url}${PURCHASES}`, {
      method: "POST",
      headers: { "x-api-key": TILL_KEY, "content-type": "application/json" },
      body: JSON.stringify({
        qr_text: `${p.memberNo},0,00,${Math.floor(Date.now() / 1000)}`,
        store_code: "S1",
        receipt_no: p.receipt,
        net_amount: p.netAmount,
      }),
    }).then(async (res) => ({ status: res.status, body: await res.json() })),
  );
}

async function storage(): Promise<{ DATABASE_URL: string }> {
  if (usePostgres) {
    const env = await isolatedStorage();
    cleanups.push(() => dropIsolatedStorage(env));
    return { DATABASE_URL: env.DATABASE_URL as string };
  }
  const directory = mkdtempSync(join(tmpdir(), "hcoins-kill-"));
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  return { DATABASE_URL: `sqlite:${join(directory, "members.db")}` };
}

describe(`SIGKILL during a burst (${usePostgres ? "PostgreSQL" : "SQLite"})`, () => {
  it("keeps every answered registration, link and purchase whole, and nothing half-made", {
    timeout: 240_000,
  }, async () => {
    const env = {
      ...(await storage()),
      // One test client makes every call: the per-address limits would stop the burst, not the kill.
      SMS_CLIENT_HOURLY_LIMIT: "100000",
      SMS_PER_NETWORK_HOURLY_LIMIT: "100000",
      RATE_LIMIT_PER_MINUTE: "100000",
      SEED_CONTENT: "false",
      COIN_SCHEME_API_KEYS: `member-server:${SERVER_KEY},pos-kill:${TILL_KEY}:till:S1`,
      // The burst is one till's: velocity limits would stop it, not the kill.
      COIN_LIMIT_TILL_PURCHASES_PER_MINUTE: "0",
      COIN_LIMIT_TILL_REQUESTS_PER_MINUTE: "0",
      COIN_LIMIT_MEMBER_DAILY_PURCHASES: "0",
    };
    const first = await startServerProcess({ env });
    const store = await fetch(`${first.url}/coin-scheme/v1/stores/S1`, {
      method: "PUT",
      headers: { "x-api-key": SERVER_KEY, "content-type": "application/json" },
      body: JSON.stringify({ partner_property: false }),
    });
    expect(store.status).toBe(200);
    const tally = new Tally();

    // Members for the tills, registered and linked before the burst.
    const coinMembers: Member[] = [];
    for (let i = 0; i < COIN_MEMBERS; i++) {
      const member = await register(first.url, tally, nextPhone());
      expect(member, first.output()).not.toBeNull();
      coinMembers.push(member as Member);
    }
    const linkedBefore = new Map<string, string>();
    for (const member of coinMembers.slice(0, COIN_MEMBERS / 2)) {
      const res = await httpCall(first.url, "POST", `${COINS}/hcoin-create`, {
        body: {},
        token: member.token,
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      linkedBefore.set(member.memberNo, res.body.payload.hcoins_memberno);
    }

    // The burst: registrations, links of the other half (each then buys too), purchases.
    let killed = false;
    const registered: Member[] = [];
    const sentPhones: string[] = [];
    const linkedInBurst = new Map<string, string>();
    const answered = new Map<string, { coins: number; balance: number; memberNo: string }>();
    const sentPurchases: Purchase[] = [];
    const registrationWorker = async () => {
      while (!killed) {
        const phone = nextPhone();
        sentPhones.push(phone);
        const member = await register(first.url, tally, phone);
        if (member) registered.push(member);
      }
    };
    const tillWorker = async (member: Member, index: number) => {
      if (!linkedBefore.has(member.memberNo)) {
        const res = await tally.call("hcoin-create", () =>
          httpCall(first.url, "POST", `${COINS}/hcoin-create`, { body: {}, token: member.token }),
        );
        if (res?.body?.code !== 200) return;
        linkedInBurst.set(member.memberNo, res.body.payload.hcoins_memberno);
      }
      for (let n = 0; !killed; n++) {
        const p = { memberNo: member.memberNo, receipt: `K${index}-${n}`, netAmount: `${10 + n}.50` };
        sentPurchases.push(p);
        const res = await purchase(first.url, tally, p);
        if (res?.status === 200) {
          const { transaction, balance } = res.body.payload;
          answered.set(p.receipt, { coins: transaction.coins, balance, memberNo: member.memberNo });
        }
      }
    };
    const workers = [
      ...Array.from({ length: REGISTRATION_WORKERS }, registrationWorker),
      ...coinMembers.map(tillWorker),
    ];

    // SIGKILL once the burst is well under way (or after 20 s on a very slow machine).
    await vi
      .waitFor(
        () => {
          expect(tally.count("register")).toBeGreaterThanOrEqual(COIN_MEMBERS + 10);
          expect(tally.count("purchase")).toBeGreaterThanOrEqual(40);
        },
        { timeout: 20_000, interval: 20 },
      )
      .catch(() => {});
    const inFlightAtKill = Object.fromEntries(tally.inFlight);
    const answeredAtKill = Object.fromEntries(tally.ok);
    killed = true;
    await first.kill("SIGKILL");
    await Promise.all(workers);
    const inFlightTotal = Object.values(inFlightAtKill).reduce((sum, n) => sum + n, 0);
    expect(inFlightTotal).toBeGreaterThan(0);

    const second = await startServerProcess({ env });
    const database = openDatabase(env.DATABASE_URL);
    cleanups.push(() => database.close());
    const db = database.tables<MemberServerTables & SchemeRows>();

    // Every answered registration: the member with its profile, reachable with its token.
    const everyMember = [...coinMembers, ...registered];
    for (const member of everyMember) {
      const profile = await httpCall(second.url, "GET", "/crm/user/profile", { token: member.token });
      expect(profile.status, JSON.stringify(profile.body)).toBe(200);
      expect(profile.body.payload).toMatchObject({ member_no: member.memberNo, email: member.email });
    }
    // Nothing half-made: each web member has its number, a token and the code it used up, and
    // every used-up code belongs to a member (register-with-mobile is one transaction).
    const members = await db.selectFrom("members").selectAll().where("source", "=", "web").execute();
    const consumed = await db
      .selectFrom("sms_codes")
      .select("mobile_phone")
      .where("purpose", "=", "register")
      .where("consumed_at", "is not", null)
      .execute();
    const tokens = await db.selectFrom("access_tokens").select("member_id").execute();
    expect(members.filter((m) => m.member_no === null)).toEqual([]);
    expect(new Set(members.map((m) => m.id))).toEqual(new Set(tokens.map((t) => t.member_id)));
    expect(new Set(consumed.map((c) => c.mobile_phone))).toEqual(new Set(members.map((m) => m.mobile_phone)));
    const found = members.filter((m) => sentPhones.includes(m.mobile_phone)).length;
    expect(found).toBeGreaterThanOrEqual(registered.length);
    expect(found).toBeLessThanOrEqual(registered.length + (inFlightAtKill.register ?? 0));

    // Links: every answered one is on both sides; one whose answer was lost is completed by
    // the next check, so both sides agree for every member afterwards.
    for (const [memberNo, hcoinsNo] of [...linkedBefore, ...linkedInBurst]) {
      const member = members.find((m) => m.member_no === memberNo);
      expect(member?.external_customer_id).toBe(hcoinsNo);
    }
    for (const member of coinMembers) {
      const check = await httpCall(second.url, "POST", `${COINS}/hcoin-check-linked`, {
        body: { mobile_phone_prefix: "852", mobile_phone: member.phone },
        token: member.token,
      });
      const account = await db
        .selectFrom("hcoin_accounts")
        .selectAll()
        .where("mobile_phone", "=", member.phone)
        .executeTakeFirst();
      if (account) {
        expect(check.body.payload.status_code).toBe(101);
        expect(account.linked_member_ref).toBe(member.memberNo);
      } else {
        expect(check.body.payload.status_code).toBe(999);
      }
      const after = await db
        .selectFrom("members")
        .select("external_customer_id")
        .where("member_no", "=", member.memberNo)
        .executeTakeFirstOrThrow();
      expect(after.external_customer_id).toBe(account?.hcoins_memberno ?? null);
    }

    // Purchases: each answered receipt credited once with the coins the till was told; the
    // ledger holds only receipts that were sent; each balance is its ledger's sum.
    const transactions = await db.selectFrom("hcoin_ledger").selectAll().execute();
    const byReceipt = new Map(transactions.map((row) => [row.receipt_no, row]));
    expect(byReceipt.size).toBe(transactions.length);
    for (const [receipt, { coins }] of answered) expect(byReceipt.get(receipt)?.coins, receipt).toBe(coins);
    const sent = new Set(sentPurchases.map((p) => p.receipt));
    expect(transactions.filter((row) => !sent.has(row.receipt_no ?? ""))).toEqual([]);
    expect(transactions.length).toBeLessThanOrEqual(answered.size + (inFlightAtKill.purchase ?? 0));
    for (const member of coinMembers) {
      const hcoinsNo = linkedBefore.get(member.memberNo) ?? linkedInBurst.get(member.memberNo);
      if (!hcoinsNo) continue;
      const ledger = await fetch(`${second.url}/coin-scheme/v1/accounts/${hcoinsNo}/ledger?limit=500`, {
        headers: { "x-api-key": SERVER_KEY },
      }).then((res) => res.json() as Promise<{ payload: { balance: number; entries: { coins: number }[] } }>);
      const sum = ledger.payload.entries.reduce((total, entry) => total + entry.coins, 0);
      expect(ledger.payload.balance).toBe(sum);
      const lastAnswered = Math.max(
        0,
        ...[...answered.values()].filter((a) => a.memberNo === member.memberNo).map((a) => a.balance),
      );
      expect(ledger.payload.balance).toBeGreaterThanOrEqual(lastAnswered);
    }
    // A till that never got its answer sends the receipt again: credited exactly once either way.
    const unanswered = sentPurchases.filter((p) => !answered.has(p.receipt));
    let landedBeforeKill = 0;
    for (const p of unanswered) {
      const res = await purchase(second.url, new Tally(), p);
      expect(res?.status, JSON.stringify(res?.body)).toBe(200);
      if (res?.body.payload.duplicate) landedBeforeKill += 1;
    }
    const again = await db.selectFrom("hcoin_ledger").select("receipt_no").execute();
    expect(again).toHaveLength(sent.size);
    // Every balance row, kept in the transaction of each entry, still agrees with its ledger.
    const check = await fetch(`${second.url}/coin-scheme/v1/ledger-check`, {
      headers: { "x-api-key": SERVER_KEY },
    }).then((res) => res.json() as Promise<{ payload: { disagreements: unknown[] } }>);
    expect(check.payload.disagreements).toEqual([]);

    console.info(
      `faults-kill (${usePostgres ? "postgres" : "sqlite"}): answered before the kill ${JSON.stringify(answeredAtKill)}; ` +
        `in flight at the kill ${JSON.stringify(inFlightAtKill)}; after the restart: ` +
        `${members.length} members (${everyMember.length} answered), ${transactions.length} purchases ` +
        `(${answered.size} answered; of ${unanswered.length} unanswered, ${landedBeforeKill} had landed)`,
    );
    await second.kill();
  });
});
