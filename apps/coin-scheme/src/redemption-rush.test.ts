import type { Insertable } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { HcoinLedgerTable } from "./tables.ts";
import { addReward, expectLedgerHolds } from "./testing/reward-calls.ts";
import { admin, KEYS, schemeApp } from "./testing/scheme-calls.ts";
import { createTestScheme, type TestScheme } from "./testing/test-scheme.ts";

/*
 * Issue 16's target: 500 members redeeming the last 20 units at once get exactly 20 vouchers
 * and 480 clear refusals (6022), with no coins taken without a voucher, on SQLite (one scheme)
 * and on PostgreSQL with two scheme instances on one database.
 */

const MEMBERS = 500;
const UNITS = 20;
const PRICE = 100;
const START = 1000;

let schemes: TestScheme[] = [];
afterEach(async () => {
  // The second instance first: it shares the first one's database, which the first one drops.
  for (const t of schemes.reverse()) await t.close();
  schemes = [];
});

/** 500 linked accounts with 1,000 coins each (one credit apiece), in a few statements. */
async function seedAccounts(t: TestScheme): Promise<string[]> {
  const db = t.db;
  const at = t.clock.now();
  const numbers = Array.from({ length: MEMBERS }, (_, i) => `HC9${String(i).padStart(9, "0")}`);
  for (let from = 0; from < MEMBERS; from += 250) {
    const batch = numbers.slice(from, from + 250);
    const accounts = await db
      .insertInto("hcoin_accounts")
      .values(
        batch.map((number, i) => ({
          hcoins_memberno: number,
          mobile_phone_prefix: "852",
          mobile_phone: String(90_000_000 + from + i),
          linked_member_ref: `RUSH${from + i}`,
          linked_at: at,
          linked_by: "seed",
          birth_month: null,
          balance: START,
          created_by: "seed",
          created_at: at,
        })),
      )
      .returning("id")
      .execute();
    await db
      .insertInto("hcoin_ledger")
      .values(accounts.map((account) => seedCredit(account.id, at)))
      .execute();
  }
  return numbers;
}

const seedCredit = (accountId: number, at: number): Insertable<HcoinLedgerTable> => ({
  account_id: accountId,
  kind: "adjustment",
  entry_key: null,
  store_code: null,
  receipt_no: null,
  refund_no: null,
  actor_type: "operator",
  actor: "seed",
  client: "seed",
  reason: "rush test coins",
  net_cents: 0,
  electronic_cents: 0,
  partner_store: 0,
  birthday_multiplier: 100,
  holiday_multiplier: 100,
  base_coins: START,
  birthday_bonus: 0,
  holiday_bonus: 0,
  coins: START,
  remaining: START,
  expires_at: null,
  qr_unix_seconds: null,
  reward_id: null,
  voucher_code: null,
  created_at: at,
});

async function rush(instances: TestScheme[]) {
  const first = instances[0] as TestScheme;
  const numbers = await seedAccounts(first);
  const rewardId = await addReward(first, { coins: PRICE, stock: UNITS, store_codes: [] });

  const answers = await Promise.all(
    numbers.map((number, i) =>
      admin(instances[i % instances.length] as TestScheme, "POST", `/accounts/${number}/redemptions`, {
        reward_id: rewardId,
        idempotency_key: `rush-${i}`,
      }),
    ),
  );

  const winners = answers.flatMap((res, i) => (res.status === 200 ? [numbers[i] as string] : []));
  const refusals = answers.filter((res) => res.status !== 200);
  expect(winners).toHaveLength(UNITS);
  expect(refusals).toHaveLength(MEMBERS - UNITS);
  for (const res of refusals) {
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error_code).toBe(6022);
  }
  expect((await admin(first, "GET", `/rewards/${rewardId}`)).body.payload.reward.stock).toBe(0);
  const vouchers = await first.db.selectFrom("hcoin_vouchers").select(["code", "account_id"]).execute();
  expect(vouchers).toHaveLength(UNITS);

  // Only the winners paid, each once, and each holds a voucher.
  const balances = await first.db
    .selectFrom("hcoin_accounts")
    .select(["hcoins_memberno", "balance"])
    .execute();
  const winning = new Set(winners);
  for (const row of balances) {
    expect(row.balance, row.hcoins_memberno).toBe(winning.has(row.hcoins_memberno) ? START - PRICE : START);
  }
  const redemptions = await first.db
    .selectFrom("hcoin_ledger")
    .select("account_id")
    .where("kind", "=", "redemption")
    .execute();
  expect(new Set(redemptions.map((row) => row.account_id))).toEqual(
    new Set(vouchers.map((voucher) => voucher.account_id)),
  );
  await expectLedgerHolds(first);
}

describe("a rush on the last units", () => {
  it.skipIf(process.env.DATABASE_URL)(
    "on SQLite: 500 members, 20 units, exactly 20 vouchers and 480 refusals 6022",
    async () => {
      schemes.push(await schemeApp());
      await rush(schemes);
    },
    60_000,
  );

  it.runIf(process.env.DATABASE_URL)(
    "on PostgreSQL with two scheme instances: 500 members, 20 units, exactly 20 vouchers and 480 refusals 6022",
    async () => {
      // About the stock, not the bulkhead (redemption-till-rush.test.ts): no rusher waits out its turn.
      const patient = { COIN_REDEMPTION_WAIT_MS: "60000" };
      const first = await schemeApp(patient);
      schemes.push(first);
      const second = await createTestScheme({ COIN_SCHEME_API_KEYS: KEYS, ...patient }, first);
      schemes.push(second);
      await rush([first, second]);
    },
    60_000,
  );
});
