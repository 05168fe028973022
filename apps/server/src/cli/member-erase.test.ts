import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { loadCoinSchemeConfig } from "@hcoins/coin-scheme/embedded";
import { buildCoinSchemeApp } from "@hcoins/coin-scheme/http";
import { openDatabase } from "@hcoins/server-kit/database";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberRefOf } from "../modules/coins/service.ts";
import {
  embeddedTill,
  httpTill,
  ledgerTotals,
  memberWithEverything,
  textColumnsHolding,
} from "../testing/data-protection.ts";
import { registerMember } from "../testing/flows.ts";
import { tablesOf } from "../testing/tables.ts";
import type { TestApp } from "../testing/test-app.ts";
import { testApps } from "../testing/test-apps.ts";
import { CliError } from "./command.ts";
import { memberErase } from "./member-erase.ts";
import { memberExport } from "./member-export.ts";

const { shared, fresh } = testApps();
const COINS = "/custom-api/custom/cuapp/customer";

const profileStatus = async (t: TestApp, token: string) =>
  (await t.call("GET", "/crm/user/profile?include_custom_field=1", { token })).status;

const failure = async (run: Promise<unknown>) => {
  const error = await run.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CliError);
  return (error as CliError).message;
};

const WHY = ["--reason", "Member asked to be erased"];

describe("member-erase, embedded scheme", () => {
  it("leaves no trace of the member in any text column, keeps the ledger whole, logs them out, and frees the number", async () => {
    // An app of its own, with a short SMS resend wait (a counter outside the database) to register again soon.
    const t = await fresh({ SMS_RESEND_SECONDS: "1" });
    const db = tablesOf(t.app.services);
    const till = embeddedTill(t);
    const m = await memberWithEverything(t, till);
    const other = await memberWithEverything(t, till);
    const before = await textColumnsHolding(db, m.needles);
    expect(before.hits.length).toBeGreaterThan(5);
    const totalsBefore = await ledgerTotals(db);
    const accountBefore = await t.app.services.coinSchemeClient.ledger(m.hcoinsMemberNo);
    const otherBalance = (await t.app.services.coinSchemeClient.ledger(other.hcoinsMemberNo)).balance;
    expect(await profileStatus(t, m.token)).toBe(200);
    const memberId = (await t.app.services.members.findByPhone(m.prefix, m.phone))?.id as number;
    const consentRecords = () =>
      db.selectFrom("marketing_consents").select("member_id").where("member_id", "=", memberId).execute();
    // Registration's three channels, then the preferences page opting out of each.
    expect(await consentRecords()).toHaveLength(6);

    const output = await memberErase(t.app.services, [m.prefix, m.phone, "--yes", ...WHY]);

    expect(output).toBe(
      [
        `Erased member ${m.memberNo} (+852 ${m.phone}): the member record is deleted; 2 access tokens (1 live: those devices are logged out), 6 consent records, 1 reset token, 1 SMS code record and 1 SMS delivery record of +852 ${m.phone} deleted.`,
        `H Coins account ${m.hcoinsMemberNo} anonymised: no number, no member; 190 coins forfeited; its 3 transactions and balance of 0 stay in the ledger.`,
        `+852 ${m.phone} may register again as a new member.`,
      ].join("\n"),
    );
    // Export finds nothing, here or in the scheme; no text column anywhere holds the member.
    expect(await failure(memberExport(t.app.services, [m.prefix, m.phone, ...WHY]))).toBe(
      `no member has the number +852 ${m.phone}`,
    );
    expect(await failure(memberExport(t.app.services, [m.memberNo, ...WHY]))).toContain(
      "no member has the member number",
    );
    expect(
      await t.app.services.coinSchemeClient.holderData({
        memberRef: m.memberNo,
        prefix: m.prefix,
        phone: m.phone,
      }),
    ).toEqual({ accounts: [] });
    const after = await textColumnsHolding(db, m.needles);
    // Only the audit entry of the erasure names the member, by the member number the programme
    // gave them (with the reason): what an auditor looks for; never a name, number or email.
    expect(after.hits).toEqual([`audit_log.after holds ${m.memberNo}`]);
    expect(await consentRecords()).toEqual([]);
    console.info(
      `[member-erase] ${after.columns} text columns scanned for ${m.needles.length} values: ${before.hits.length} hits before, none after; ledger ${totalsBefore.entries} entries, ${totalsBefore.coins} coins before, the forfeit after.`,
    );
    // The ledger: every entry kept with its amount, and one more: the balance forfeited, so the
    // liability no longer counts the erased member's coins; the account's balance is its sum, 0.
    expect(await ledgerTotals(db)).toEqual({
      entries: totalsBefore.entries + 1,
      coins: totalsBefore.coins - accountBefore.balance,
    });
    const accountAfter = await t.app.services.coinSchemeClient.ledger(m.hcoinsMemberNo);
    expect(accountAfter.balance).toBe(0);
    expect(accountAfter.entries[0]).toMatchObject({
      kind: "forfeit",
      coins: -accountBefore.balance,
      actor: `cli:${userInfo().username}`,
      actor_type: "operator",
    });
    expect(
      accountAfter.entries.slice(1).map((entry) => [entry.receipt_no, entry.coins, entry.created_at]),
    ).toEqual(accountBefore.entries.map((entry) => [entry.receipt_no, entry.coins, entry.created_at]));
    // The audit entry names the member number and the reason, and the coins forfeited.
    expect((await t.app.services.audit.all({ action: "member.erase" }))[0]?.after).toEqual({
      member_no: m.memberNo,
      reason: "Member asked to be erased",
      coins_forfeited: accountBefore.balance,
    });
    expect(accountAfter.account).toMatchObject({
      linked: false,
      linked_member_ref: null,
      mobile_phone_prefix: "",
    });
    // The old QR code earns nothing now; the other member is untouched.
    await expect(
      till(`${m.memberNo},0,07,${Math.floor(Date.now() / 1000)}`, `R-after-${m.phone}`, 100),
    ).rejects.toThrow(/6003/);
    expect((await t.app.services.coinSchemeClient.ledger(other.hcoinsMemberNo)).balance).toBe(otherBalance);
    expect(await profileStatus(t, other.token)).toBe(200);
    // Logged out everywhere.
    expect(await profileStatus(t, m.token)).toBe(401);

    // The number (and the email) register again as a new member, who gets a new H Coins account.
    t.clock.advance(1_100);
    const again = await registerMember(t, { mobile_phone: m.phone, email: m.email });
    expect(again.user.member_no).not.toBe(m.memberNo);
    const created = await t.call("POST", `${COINS}/hcoin-create`, { body: {}, token: again.token });
    expect(created.body.payload).toMatchObject({ status_code: 101 });
    expect(created.body.payload.hcoins_memberno).not.toBe(m.hcoinsMemberNo);
    expect((await t.app.services.coinSchemeClient.ledger(created.body.payload.hcoins_memberno)).balance).toBe(
      0,
    );
  });

  it("asks without --yes: a no changes nothing, a yes erases; a blocked number stays blocked", async () => {
    const t = await shared();
    const m = await registerMember(t);
    await t.app.services.members.block(m.prefix, m.phone, "erase test");
    const questions: string[] = [];
    const answer = (yes: boolean) => async (question: string) => {
      questions.push(question);
      return yes;
    };
    expect(await failure(memberErase(t.app.services, [m.user.member_no, ...WHY], answer(false)))).toBe(
      "not confirmed; nothing was erased",
    );
    expect(questions[0]).toContain(`member ${m.user.member_no} (+852 ${m.phone})`);
    expect(await t.app.services.members.findByPhone(m.prefix, m.phone)).toBeDefined();
    expect(await profileStatus(t, m.token)).toBe(200);

    const output = await memberErase(t.app.services, [m.user.member_no, ...WHY], answer(true));
    expect(output).toContain("No H Coins account was linked to the member or held by the number.");
    expect(output).toContain(
      `+852 ${m.phone} stays blocked (the operator's record about the number); \`unblock\` lifts it.`,
    );
    expect(await t.app.services.members.findByPhone(m.prefix, m.phone)).toBeUndefined();
    expect(await failure(memberErase(t.app.services, [m.user.member_no, "--yes", ...WHY]))).toBe(
      `no member has the member number ${m.user.member_no}`,
    );
  });

  it("asks the scheme first: when the member's part then fails, the scheme's erasure stands and nothing here changes", async () => {
    const t = await shared();
    const db = tablesOf(t.app.services);
    const m = await memberWithEverything(t, embeddedTill(t));
    const holder = { memberRef: m.memberNo, prefix: m.prefix, phone: m.phone };
    const coinsBefore = await t.app.services.coinSchemeClient.holderData(holder);
    const smsBefore = await db
      .selectFrom("sms_codes")
      .selectAll()
      .where("mobile_phone", "=", m.phone)
      .execute();
    // Another erasure removes the member row while this one waits for its confirmation.
    const raced = async () => {
      await db.deleteFrom("members").where("member_no", "=", m.memberNo).execute();
      return true;
    };

    expect(await failure(memberErase(t.app.services, [m.prefix, m.phone, ...WHY], raced))).toBe(
      `member ${m.memberNo} (+852 ${m.phone}) was erased meanwhile`,
    );

    // The scheme's step cannot be undone; erasing again (here: the other erasure) completes it.
    expect(coinsBefore.accounts[0]).toMatchObject({ mobile_phone: m.phone, linked_member_ref: m.memberNo });
    expect(await t.app.services.coinSchemeClient.holderData(holder)).toEqual({ accounts: [] });
    expect(
      await db.selectFrom("sms_codes").selectAll().where("mobile_phone", "=", m.phone).execute(),
    ).toEqual(smsBefore);
  });

  it("without a terminal and without --yes, refuses (exit 2)", async () => {
    const t = await shared();
    const m = await registerMember(t);
    const error = await memberErase(t.app.services, [m.prefix, m.phone, ...WHY]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    expect(await t.app.services.members.findByPhone(m.prefix, m.phone)).toBeDefined();
  });
});

describe("member-erase, external scheme over HTTP", () => {
  const KEY = "erase-test-member-server-key";
  const TILL_KEY = "erase-test-till-key-000001";
  let scheme: FastifyInstance;
  let schemeUrl: string;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "erase-scheme-"));
    // The real scheme app on its own SQLite file, over real HTTP on loopback.
    const config = loadCoinSchemeConfig({
      NODE_ENV: "test",
      COIN_SCHEME_LOG_LEVEL: "silent",
      COIN_SCHEME_DATABASE_URL: `sqlite:${join(dir, "scheme.db")}`,
      COIN_SCHEME_API_KEYS: `member-server:${KEY},pos-1:${TILL_KEY}:till:DP1`,
    });
    scheme = await buildCoinSchemeApp({ config });
    await scheme.listen({ port: 0, host: "127.0.0.1" });
    schemeUrl = `http://127.0.0.1:${(scheme.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await scheme?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("the scheme anonymises the accounts first, then the member is erased; its database keeps no trace either", async () => {
    const t = await fresh({ COIN_SCHEME_URL: schemeUrl, COIN_SCHEME_API_KEY: KEY });
    const m = await memberWithEverything(t, httpTill(schemeUrl, KEY));
    const schemeDb = openDatabase(`sqlite:${join(dir, "scheme.db")}`);
    try {
      const before = await ledgerTotals(schemeDb.tables());
      expect((await textColumnsHolding(schemeDb.tables(), [m.phone, m.memberNo])).hits).not.toEqual([]);

      const output = await memberErase(t.app.services, [m.prefix, m.phone, "--yes", ...WHY]);

      expect(output).toContain(`H Coins account ${m.hcoinsMemberNo} anonymised`);
      expect(await t.app.services.members.findByPhone(m.prefix, m.phone)).toBeUndefined();
      expect((await textColumnsHolding(tablesOf(t.app.services), m.needles)).hits).toEqual([
        `audit_log.after holds ${m.memberNo}`,
      ]);
      expect((await textColumnsHolding(schemeDb.tables(), [m.phone, m.memberNo])).hits).toEqual([]);
      expect(await ledgerTotals(schemeDb.tables())).toEqual({
        entries: before.entries + 1,
        coins: before.coins - 190,
      });
      const forfeited = await t.app.services.coinSchemeClient.ledger(m.hcoinsMemberNo);
      expect(forfeited.balance).toBe(0);
      expect(forfeited.entries[0]).toMatchObject({ kind: "forfeit", coins: -190 });
      // Erasing again (the member server's part failed after the scheme's) forfeits nothing twice.
      const again = await t.app.services.coinSchemeClient.eraseHolder(
        { memberRef: m.memberNo, prefix: m.prefix, phone: m.phone },
        "cli:retry",
      );
      expect(again.accounts).toEqual([]);
    } finally {
      await schemeDb.close();
    }
  });

  it("a till's key may neither read nor erase a holder (4030)", async () => {
    for (const path of ["export", "erase"]) {
      const res = await fetch(`${schemeUrl}/coin-scheme/v1/holders/${path}`, {
        method: "POST",
        headers: { "x-api-key": TILL_KEY, "content-type": "application/json" },
        body: JSON.stringify({
          member_ref: "M000000001",
          mobile_phone_prefix: "852",
          mobile_phone: "91234567",
        }),
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error_code: number }).error_code).toBe(4030);
    }
  });

  it("refuses with a clear message and changes nothing while the scheme cannot be reached", async () => {
    const t = await fresh({ COIN_SCHEME_URL: "http://127.0.0.1:9", COIN_SCHEME_TIMEOUT_MS: "300" });
    const m = await registerMember(t);
    const smsBefore = await tablesOf(t.app.services)
      .selectFrom("sms_codes")
      .select("id")
      .where("mobile_phone", "=", m.phone)
      .execute();

    const message = await failure(memberErase(t.app.services, [m.prefix, m.phone, "--yes", ...WHY]));

    expect(message).toMatch(
      /^the coin scheme at http:\/\/127\.0\.0\.1:9 did not erase \(coin scheme unreachable: .*\); nothing was erased\. Try again when the scheme is up\.$/,
    );
    const member = await t.app.services.members.findByPhone(m.prefix, m.phone);
    expect(member && memberRefOf(member)).toBe(m.user.member_no);
    expect(await profileStatus(t, m.token)).toBe(200);
    expect(
      await tablesOf(t.app.services)
        .selectFrom("sms_codes")
        .select("id")
        .where("mobile_phone", "=", m.phone)
        .execute(),
    ).toEqual(smsBefore);
  });
});
