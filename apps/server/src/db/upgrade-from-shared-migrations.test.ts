import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCoinSchemeConfig } from "@hcoins/coin-scheme/embedded";
import { buildCoinSchemeApp } from "@hcoins/coin-scheme/http";
import { openDatabase, type TableViews } from "@hcoins/server-kit/database";
import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { usePostgres } from "../cross-cutting/support.ts";
import { dropIsolatedStorage, isolatedStorage } from "../testing/test-app.ts";
import * as m0001 from "./migrations/0001-members-and-auth.ts";
import * as m0003 from "./migrations/0003-content.ts";

/*
 * A database made before the coin scheme had migrations of its own: the member server's
 * three migrations, 0002 creating the scheme's hcoin_* tables, recorded in kysely_migration.
 * Every member server database was made so, and so was the standalone scheme's (it ran the
 * member server's migrations too). The new code must start on it and keep every row.
 */

/** apps/server/src/db/migrations/0002-coin-scheme.ts as it was before the split (commit 15f66f9). */
const before0002 = {
  async up(db: Kysely<unknown>): Promise<void> {
    await withIdColumn(db, db.schema.createTable("hcoin_accounts"))
      .addColumn("hcoins_memberno", "varchar(16)", (c) => c.notNull().unique())
      .addColumn("mobile_phone_prefix", "varchar(4)", (c) => c.notNull())
      .addColumn("mobile_phone", "varchar(16)", (c) => c.notNull())
      .addColumn("linked_member_ref", "varchar(64)", (c) => c.unique())
      .addColumn("linked_at", "bigint")
      .addColumn("linked_by", "varchar(64)")
      .addColumn("created_by", "varchar(64)", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addUniqueConstraint("hcoin_accounts_phone_unique", ["mobile_phone_prefix", "mobile_phone"])
      .execute();

    await withIdColumn(db, db.schema.createTable("hcoin_transactions"))
      .addColumn("account_id", "integer", (c) => c.notNull().references("hcoin_accounts.id"))
      .addColumn("kind", "varchar(16)", (c) => c.notNull())
      .addColumn("store_code", "varchar(32)", (c) => c.notNull())
      .addColumn("receipt_no", "varchar(64)", (c) => c.notNull())
      .addColumn("client", "varchar(64)", (c) => c.notNull())
      .addColumn("net_cents", "bigint", (c) => c.notNull())
      .addColumn("electronic_cents", "bigint", (c) => c.notNull())
      .addColumn("partner_store", "integer", (c) => c.notNull())
      .addColumn("birthday_multiplier", "integer", (c) => c.notNull())
      .addColumn("holiday_multiplier", "integer", (c) => c.notNull())
      .addColumn("base_coins", "bigint", (c) => c.notNull())
      .addColumn("birthday_bonus", "bigint", (c) => c.notNull())
      .addColumn("holiday_bonus", "bigint", (c) => c.notNull())
      .addColumn("coins", "bigint", (c) => c.notNull())
      .addColumn("qr_unix_seconds", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addUniqueConstraint("hcoin_transactions_receipt_unique", ["store_code", "receipt_no", "kind"])
      .execute();
    await db.schema
      .createIndex("hcoin_transactions_account")
      .on("hcoin_transactions")
      .columns(["account_id", "id"])
      .execute();

    await db.schema
      .createTable("hcoin_stores")
      .addColumn("store_code", "varchar(32)", (c) => c.primaryKey())
      .addColumn("partner_property", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("hcoin_bonus_days")
      .addColumn("date", "varchar(10)", (c) => c.primaryKey())
      .addColumn("multiplier", "integer", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  },
};

const MEMBER_NO = "M000000042";
const PHONE = "91230042";
const KEY = "upgrade-test-member-server-key";
const DAY = 86_400_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Storage that outlives a connection: a SQLite file, or a fresh PostgreSQL schema. */
async function storage(): Promise<string> {
  if (usePostgres) {
    const env = await isolatedStorage();
    cleanups.push(() => dropIsolatedStorage(env));
    return env.DATABASE_URL as string;
  }
  const directory = mkdtempSync(join(tmpdir(), "hcoins-upgrade-"));
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  return `sqlite:${join(directory, "before.db")}`;
}

/** The database as the code before the split left it: migrated, with a member, a linked account and its ledger. */
async function databaseBeforeTheSplit(url: string) {
  const database = openDatabase(url);
  try {
    const migrator = new Migrator({
      db: database.tables(),
      provider: {
        getMigrations: async () => ({
          "0001-members-and-auth": m0001,
          "0002-coin-scheme": before0002,
          "0003-content": m0003,
        }),
      },
    });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
    const db = database.tables();
    const at = Date.now() - 30 * DAY;
    await sql`insert into members (member_no, mobile_phone_prefix, mobile_phone, password_hash, first_name,
        last_name, email, sms_subscription, email_subscription, do_not_call, unsubscribe_reasons,
        external_customer_id, source, disabled, created_at, updated_at)
      values (${MEMBER_NO}, '852', ${PHONE}, null, 'Tai Man', 'Chan', 'upgrade@example.com', 0, 0, 0, '',
        'HC0000000042', 'web', 0, ${at}, ${at})`.execute(db);
    await sql`insert into hcoin_accounts (hcoins_memberno, mobile_phone_prefix, mobile_phone, linked_member_ref,
        linked_at, linked_by, created_by, created_at)
      values ('HC0000000042', '852', ${PHONE}, ${MEMBER_NO}, ${at}, 'member-server', 'member-server', ${at})`.execute(
      db,
    );
    const account = await sql<{ id: number }>`select id from hcoin_accounts`.execute(db);
    const accountId = account.rows[0]?.id as number;
    for (const [receipt, coins] of [
      ["R-1", 123],
      ["R-2", 812],
    ] as const) {
      await sql`insert into hcoin_transactions (account_id, kind, store_code, receipt_no, client, net_cents,
          electronic_cents, partner_store, birthday_multiplier, holiday_multiplier, base_coins, birthday_bonus,
          holiday_bonus, coins, qr_unix_seconds, created_at)
        values (${accountId}, 'purchase', 'S1', ${receipt}, 'pos-1', ${coins * 100}, 0, 0, 100, 100, ${coins}, 0, 0,
          ${coins}, ${Math.floor(at / 1000)}, ${at})`.execute(db);
    }
    await sql`insert into hcoin_stores (store_code, partner_property, updated_at) values ('S1', 1, ${at})`.execute(
      db,
    );
    await sql`insert into hcoin_bonus_days (date, multiplier, updated_at) values ('2025-12-25', 300, ${at})`.execute(
      db,
    );
  } finally {
    await database.close();
  }
}

async function migrationsRecorded(database: TableViews, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(table)} order by name`.execute(
    database.tables(),
  );
  return rows.map((row) => row.name);
}

async function schemeCall(app: FastifyInstance, method: "GET" | "POST", url: string, body?: object) {
  const res = await app.inject({
    method,
    url: `/coin-scheme/v1${url}`,
    headers: { "x-api-key": KEY, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body).payload;
}

/** The scheme's data written before the split, read through its API, and the scheme still earning. */
async function expectSchemeIntact(app: FastifyInstance) {
  const ledger = await schemeCall(app, "GET", "/accounts/HC0000000042/ledger");
  expect(ledger.account).toMatchObject({ linked_member_ref: MEMBER_NO, mobile_phone: PHONE, balance: 935 });
  expect(ledger.entries.map((entry: { receipt_no: string }) => entry.receipt_no)).toEqual(["R-2", "R-1"]);
  // The old entries moved to the ledger of actors and unspent coins (0002-ledger-integrity), balance row included.
  expect(ledger.entries[1]).toMatchObject({
    kind: "purchase",
    actor_type: "till",
    actor: "pos-1",
    remaining: 123,
  });
  expect((await schemeCall(app, "GET", "/ledger-check")).disagreements).toEqual([]);
  const refund = await schemeCall(app, "POST", "/refunds", {
    store_code: "S1",
    receipt_no: "R-1",
    net_amount: "23",
  });
  expect(refund).toMatchObject({ transaction: { coins: -23 }, balance: 912 });
  // The operator's bonus day became a holiday rule (migration 0018).
  expect(await schemeCall(app, "GET", "/bonus-days")).toMatchObject({
    days: [{ date: "2025-12-25", multiplier: "3", campaign_id: expect.any(Number) }],
  });
  const earned = await schemeCall(app, "POST", "/purchases", {
    qr_text: `${MEMBER_NO},0,00,${Math.floor(Date.now() / 1000)}`,
    store_code: "S1",
    receipt_no: "R-3",
    net_amount: "10",
    electronic_amount: "5",
  });
  expect(earned).toMatchObject({ transaction: { partner_store: true, coins: 15 }, balance: 927 });
}

describe(`a database made before the coin scheme had its own migrations (${usePostgres ? "PostgreSQL" : "SQLite"})`, () => {
  it("the member server starts on it, embedding the scheme, with every row kept", async () => {
    const url = await storage();
    await databaseBeforeTheSplit(url);

    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATABASE_URL: url,
      REDIS_URL: "",
      SEED_CONTENT: "false",
      COIN_SCHEME_API_KEYS: `member-server:${KEY}`,
    });
    const app = await buildApp({ config });
    cleanups.push(() => app.close());

    await expectSchemeIntact(app);
    const member = await app.services.members.findByMemberNo(MEMBER_NO);
    expect(member).toMatchObject({ mobile_phone: PHONE, email: "upgrade@example.com" });
    // The member's own check: only to its member does a 101 carry the H Coins number.
    const token = await app.services.members.issueAccessToken((member as { id: number }).id);
    const check = await app.inject({
      method: "POST",
      url: "/custom-api/custom/cuapp/customer/hcoin-check-linked",
      headers: { authorization: `Bearer web:${token}`, "content-type": "application/json" },
      payload: JSON.stringify({ mobile_phone_prefix: "852", mobile_phone: PHONE }),
    });
    expect(JSON.parse(check.body).payload).toMatchObject({
      status_code: 101,
      hcoins_memberno: "HC0000000042",
    });
    // Each app records its own migrations; the member server's old 0002 stays recorded (and does nothing now).
    expect(await migrationsRecorded(app.services.database, "kysely_migration")).toEqual([
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
    expect(await migrationsRecorded(app.services.database, "coin_scheme_migration")).toEqual([
      "0001-accounts-and-ledger",
      "0002-ledger-integrity",
      "0003-rewards-and-vouchers",
      "0004-ledger-by-time",
      "0005-till-keys",
      "0006-refund-keys",
      "0007-suspensions-and-goodwill",
      "0008-ledger-lookups",
      "0009-low-stock-alerts",
      "0010-campaigns-and-earn-lines",
      "0011-tiers",
      "0012-referrals",
      "0013-store-brands",
      "0014-segments",
      "0015-missions",
      "0016-earn-line-extras",
      "0017-profile-facts",
      "0018-programme-rules-as-campaigns",
      "0019-reward-segments",
    ]);
  });

  it("the standalone scheme starts on it (the old standalone ran the member server's migrations), with every row kept", async () => {
    const url = await storage();
    await databaseBeforeTheSplit(url);

    const config = loadCoinSchemeConfig({
      NODE_ENV: "test",
      COIN_SCHEME_LOG_LEVEL: "silent",
      COIN_SCHEME_API_KEYS: `member-server:${KEY}`,
    });
    const database = openDatabase(url);
    const app = await buildCoinSchemeApp({ config, database });
    cleanups.push(() => app.close());

    await expectSchemeIntact(app);
    expect(await migrationsRecorded(database, "coin_scheme_migration")).toEqual([
      "0001-accounts-and-ledger",
      "0002-ledger-integrity",
      "0003-rewards-and-vouchers",
      "0004-ledger-by-time",
      "0005-till-keys",
      "0006-refund-keys",
      "0007-suspensions-and-goodwill",
      "0008-ledger-lookups",
      "0009-low-stock-alerts",
      "0010-campaigns-and-earn-lines",
      "0011-tiers",
      "0012-referrals",
      "0013-store-brands",
      "0014-segments",
      "0015-missions",
      "0016-earn-line-extras",
      "0017-profile-facts",
      "0018-programme-rules-as-campaigns",
      "0019-reward-segments",
    ]);
    // The member server's tables it left there are not the scheme's business: untouched.
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from members`.execute(
      database.tables(),
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });
});
