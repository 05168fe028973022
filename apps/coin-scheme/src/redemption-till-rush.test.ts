import { openDatabase } from "@hcoins/server-kit/database";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { addReward, expectLedgerHolds } from "./testing/reward-calls.ts";
import { admin, nextReceipt, qr, type Res, scheme, schemeApp } from "./testing/scheme-calls.ts";
import { seedAccounts } from "./testing/seeded-accounts.ts";
import type { TestScheme } from "./testing/test-scheme.ts";

/*
 * Issue 25: a redemption rush must not starve the tills. 200 members redeem the last 20 units
 * on one instance while its tills record 60 purchases: every purchase succeeds, exactly 20
 * vouchers are issued, and every other redemption is a clean 6022 (sold out) or 5030 (busy),
 * never a 500.
 *
 * On PostgreSQL the instance has 8 connections (a query waits the usual 5 s for one at most), and
 * another session holds the reward's row from before the rush until every purchase has answered
 * (a slow moment of the database): the redemptions queue on that row, and without a bulkhead they
 * held every connection while the tills' purchases waited past their 5 s (before the fix: 60 of 60
 * purchases answered 5030). So the purchases succeed while the row is held, or not at all.
 */

const REDEEMERS = 200;
const BUYERS = 60;
const UNITS = 20;

let t: TestScheme | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const purchase = (instance: TestScheme, memberRef: string) =>
  scheme(instance, "POST", "/purchases", {
    qr_text: qr(instance, memberRef, "07"),
    store_code: "S1",
    receipt_no: nextReceipt(),
    net_amount: "100",
  });

/**
 * Another session's transaction holding the reward's row; resolves once it holds it, with
 * `release()`, which ends the transaction and resolves when it has.
 */
async function holdRewardRow(instance: TestScheme, rewardId: number) {
  const other = openDatabase(instance.storageUrl);
  let held!: () => void;
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const done = other
    .transaction(async (trx) => {
      await sql`select id from hcoin_rewards where id = ${rewardId} for update`.execute(trx.tables());
      held();
      await released;
    })
    .finally(() => other.close());
  await holding;
  return {
    release: () => {
      release();
      return done;
    },
  };
}

async function rushBesideTills(instance: TestScheme, slowRow: boolean) {
  const redeemers = await seedAccounts(instance, {
    count: REDEEMERS,
    coins: 1000,
    prefix: "REDEEM",
    firstPhone: 91_000_000,
  });
  const buyers = await seedAccounts(instance, {
    count: BUYERS,
    coins: 0,
    prefix: "BUY",
    firstPhone: 92_000_000,
  });
  const rewardId = await addReward(instance, { coins: 100, stock: UNITS, store_codes: [] });
  const row = slowRow ? await holdRewardRow(instance, rewardId) : undefined;

  const redeem = (i: number) =>
    admin(instance, "POST", `/accounts/${(redeemers[i] as { number: string }).number}/redemptions`, {
      reward_id: rewardId,
      idempotency_key: `rush-${i}`,
    });
  const redemptions: Promise<Res>[] = redeemers.map((_, i) => redeem(i));
  const bought = await Promise.all(buyers.map((member) => purchase(instance, member.memberRef)));
  await row?.release();
  const rushed = await Promise.all(redemptions);

  const failedPurchases = bought
    .filter((res) => res.status !== 200)
    .map((res) => `${res.body.error_code} ${res.body.payload?.reason ?? ""}`);
  expect(failedPurchases, `${failedPurchases.length} of ${BUYERS} purchases failed`).toEqual([]);
  const answers = [...rushed];
  for (const res of answers) expectCleanAnswer(res);

  // Those told "busy" try again with the same key, as Retry-After says: each gets a voucher or 6022, once.
  for (let round = 0; round < 5 && answers.some((res) => res.status === 503); round += 1) {
    for (const [i, res] of answers.entries()) {
      expect(res.headers["retry-after"], JSON.stringify(res.body)).toBe(res.status === 503 ? "2" : undefined);
      if (res.status === 503) answers[i] = await redeem(i);
    }
  }
  expect(answers.filter((res) => res.status === 200)).toHaveLength(UNITS);
  expect(answers.filter((res) => res.status !== 200).map((res) => res.body.error_code)).toEqual(
    Array(REDEEMERS - UNITS).fill(6022),
  );
  expect(await instance.db.selectFrom("hcoin_vouchers").select("code").execute()).toHaveLength(UNITS);
  await expectLedgerHolds(instance);
}

/** A voucher, sold out (6022) or busy (5030 with Retry-After); never a 500 or another refusal. */
function expectCleanAnswer(res: Res) {
  if (res.status === 200) return;
  expect([409, 503], JSON.stringify(res.body)).toContain(res.status);
  expect(res.body.error_code).toBe(res.status === 409 ? 6022 : 5030);
  expect(typeof res.body.error_message).toBe("string");
}

describe("a redemption rush beside the tills", () => {
  const env = {
    // The till's and members' purchase ceilings are not what this test is about.
    COIN_LIMIT_TILL_PURCHASES_PER_MINUTE: "0",
    COIN_LIMIT_MEMBER_DAILY_PURCHASES: "0",
  };

  it.skipIf(process.env.DATABASE_URL)(
    "on SQLite: 60 of 60 purchases succeed, 20 vouchers, the rest 6022 or 5030",
    async () => {
      t = await schemeApp(env);
      await rushBesideTills(t, false);
    },
    60_000,
  );

  it.runIf(process.env.DATABASE_URL)(
    "on PostgreSQL with 8 connections and a slow reward row: 60 of 60 purchases succeed, 20 vouchers, the rest 6022 or 5030",
    async () => {
      t = await schemeApp({ ...env, COIN_REDEMPTION_CONCURRENCY: "2" }, { poolSize: 8 });
      await rushBesideTills(t, true);
    },
    60_000,
  );
});
