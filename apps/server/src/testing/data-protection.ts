import { type Kysely, sql } from "kysely";
import { expect } from "vitest";
import { registerMember } from "./flows.ts";
import { tablesOf } from "./tables.ts";
import type { TestApp } from "./test-app.ts";

/*
 * Helpers of the data-protection suites (cli/member-export.test.ts, cli/member-erase.test.ts):
 * a member with something in every column, and a scan of every text column of a database.
 */

const COINS = "/custom-api/custom/cuapp/customer";

/** Earns at a till: the embedded scheme's service, or the scheme's HTTP API for an external scheme. */
export type Till = (qrText: string, receiptNo: string, netCents: number) => Promise<void>;

export const embeddedTill =
  (t: TestApp): Till =>
  async (qrText, receiptNo, netCents) => {
    await t.app.services.coinScheme?.setStore("DP1", false);
    await t.app.services.coinScheme?.purchase({
      qrText,
      storeCode: "DP1",
      receiptNo,
      netCents,
      electronicCents: 0,
      client: "pos-test",
      actorType: "till",
    });
  };

export const httpTill =
  (url: string, key: string): Till =>
  async (qrText, receiptNo, netCents) => {
    await fetch(`${url}/coin-scheme/v1/stores/DP1`, {
      method: "PUT",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ partner_property: false }),
    });
    const res = await fetch(`${url}/coin-scheme/v1/purchases`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({
        qr_text: qrText,
        store_code: "DP1",
        receipt_no: receiptNo,
        net_amount: (netCents / 100).toFixed(2),
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };

let sequence = 0;

/**
 * A registered member with a value in every column (names unlike any seeded text, so a
 * scan for them finds only this member), two sessions (one logged out), a used reset
 * token, opted out of everything with reasons, and an H Coins account with two purchases.
 */
export async function memberWithEverything(t: TestApp, till: Till) {
  sequence += 1;
  const tag = `${process.pid}x${sequence}`;
  const first = `Qwertina${tag}`;
  const last = `Zxcvbo${tag}`;
  const member = await registerMember(t, {
    first_name: first,
    last_name: last,
    name: `${first} ${last}`,
    email: `erasable.${tag}@example.net`,
  });
  const { prefix, phone, token } = member;
  // A friend's referral code: the member's referral is held too.
  const friend = await registerMember(t);
  const referralCode = await t.app.services.referrals.codeOf(friend.user.id);
  const saved = await t.call("POST", "/crm/user/profile", { body: { referral_code: referralCode }, token });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const prefs = await t.call("POST", "/crm/user/subscription-preferences", {
    body: { email_subscription: 1, sms_subscription: 1, do_not_call: 1, unsubscribe_reasons: [2, 5] },
    token,
  });
  expect(prefs.status, JSON.stringify(prefs.body)).toBe(200);
  const second = await t.call("POST", "/crm/auth/login-with-mobile-password", {
    body: { mobile_phone_prefix: prefix, mobile_phone: phone, password: member.payload.password },
  });
  expect(second.status).toBe(200);
  expect(
    (await t.call("POST", "/crm/auth/logout", { body: {}, token: second.body.payload.access_token })).status,
  ).toBe(200);
  const row = await t.app.services.members.findByPhone(prefix, phone);
  const now = Date.now();
  await tablesOf(t.app.services)
    .insertInto("reset_tokens")
    .values({
      token_hash: `reset-${tag}`.padEnd(64, "0"),
      member_id: row?.id as number,
      created_at: now,
      expires_at: now + 600_000,
      used_at: now,
    })
    .execute();

  const created = await t.call("POST", `${COINS}/hcoin-create`, { body: {}, token });
  expect(created.body.payload.status_code, JSON.stringify(created.body)).toBe(101);
  const memberNo = member.user.member_no as string;
  const qr = () => `${memberNo},0,07,${Math.floor(Date.now() / 1000)}`;
  await till(qr(), `R-${tag}-1`, 12_345);
  await till(qr(), `R-${tag}-2`, 6_789);
  return {
    ...member,
    memberNo,
    hcoinsMemberNo: created.body.payload.hcoins_memberno as string,
    email: member.payload.email,
    first,
    last,
    /** Texts that identify the member, for scans. */
    needles: [phone, member.payload.email, first, last, memberNo],
  };
}

/** Every `table.column` of text type whose value contains one of the needles, and how many columns were read. */
export async function textColumnsHolding(
  // biome-ignore lint/suspicious/noExplicitAny: any database's tables, read by name
  db: Kysely<any>,
  needles: readonly string[],
): Promise<{ hits: string[]; columns: number }> {
  const hits: string[] = [];
  let columns = 0;
  const tables = await db.introspection.getTables();
  for (const table of tables) {
    for (const column of table.columns) {
      if (!/char|text|clob/i.test(column.dataType)) continue;
      columns += 1;
      for (const needle of needles) {
        const { rows } = await sql<{
          n: number | string;
        }>`select count(*) as n from ${sql.table(table.name)} where ${sql.ref(column.name)} like ${`%${needle}%`}`.execute(
          db,
        );
        if (Number(rows[0]?.n) > 0) hits.push(`${table.name}.${column.name} holds ${needle}`);
      }
    }
  }
  return { hits, columns };
}

/** The sum of coins and the count of every ledger entry in the scheme's tables. */
export async function ledgerTotals(
  // biome-ignore lint/suspicious/noExplicitAny: the scheme's tables, wherever they are
  db: Kysely<any>,
): Promise<{ coins: number; entries: number }> {
  const { rows } = await sql<{
    coins: number | string;
    entries: number | string;
  }>`select coalesce(sum(coins), 0) as coins, count(*) as entries from hcoin_ledger`.execute(db);
  return { coins: Number(rows[0]?.coins), entries: Number(rows[0]?.entries) };
}
