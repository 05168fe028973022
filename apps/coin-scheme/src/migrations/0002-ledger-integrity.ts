import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import { type Kysely, sql } from "kysely";

/**
 * The ledger that holds (issue 14). `hcoin_transactions` (one purchase and at most one whole
 * refund per receipt) becomes `hcoin_ledger`: partial refunds, adjustments and expiry, each
 * entry naming its actor and reason, credits carrying their unspent `remaining` coins and
 * `expires_at`. Accounts get the balance row and the birth month; the operator's settings
 * get a table. Existing entries are copied in order: a purchase's remaining coins are its
 * coins unless it was refunded (refunds were whole), and each balance is its ledger's sum.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("hcoin_accounts").addColumn("birth_month", "integer").execute();
  await db.schema
    .alterTable("hcoin_accounts")
    .addColumn("balance", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();

  await withIdColumn(db, db.schema.createTable("hcoin_ledger"))
    .addColumn("account_id", "integer", (c) => c.notNull().references("hcoin_accounts.id"))
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("entry_key", "varchar(200)", (c) => c.unique())
    .addColumn("store_code", "varchar(32)")
    .addColumn("receipt_no", "varchar(64)")
    .addColumn("refund_no", "varchar(64)")
    .addColumn("actor_type", "varchar(16)", (c) => c.notNull())
    .addColumn("actor", "varchar(64)", (c) => c.notNull())
    .addColumn("client", "varchar(64)", (c) => c.notNull())
    .addColumn("reason", "varchar(500)", (c) => c.notNull())
    .addColumn("net_cents", "bigint", (c) => c.notNull())
    .addColumn("electronic_cents", "bigint", (c) => c.notNull())
    .addColumn("partner_store", "integer", (c) => c.notNull())
    .addColumn("birthday_multiplier", "integer", (c) => c.notNull())
    .addColumn("holiday_multiplier", "integer", (c) => c.notNull())
    .addColumn("base_coins", "bigint", (c) => c.notNull())
    .addColumn("birthday_bonus", "bigint", (c) => c.notNull())
    .addColumn("holiday_bonus", "bigint", (c) => c.notNull())
    .addColumn("coins", "bigint", (c) => c.notNull())
    .addColumn("remaining", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint")
    .addColumn("qr_unix_seconds", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  // The ledger of an account, newest first; the day's purchases of a member (velocity).
  await db.schema
    .createIndex("hcoin_ledger_account")
    .on("hcoin_ledger")
    .columns(["account_id", "id"])
    .execute();
  await db.schema
    .createIndex("hcoin_ledger_account_kind_time")
    .on("hcoin_ledger")
    .columns(["account_id", "kind", "created_at"])
    .execute();
  // A receipt's purchase and refunds.
  await db.schema
    .createIndex("hcoin_ledger_receipt")
    .on("hcoin_ledger")
    .columns(["store_code", "receipt_no"])
    .execute();
  // A till's purchases of the last minute (velocity).
  await db.schema
    .createIndex("hcoin_ledger_actor_time")
    .on("hcoin_ledger")
    .columns(["actor", "created_at"])
    .execute();
  // Credits with coins left: what a debit takes from and what the expiry job looks at.
  await db.schema
    .createIndex("hcoin_ledger_open_credits")
    .on("hcoin_ledger")
    .columns(["account_id", "expires_at", "id"])
    .where(sql.ref("remaining"), ">", 0)
    .execute();
  await db.schema
    .createIndex("hcoin_ledger_expiring")
    .on("hcoin_ledger")
    .columns(["expires_at"])
    .where(sql.ref("remaining"), ">", 0)
    .execute();

  await sql`
    insert into hcoin_ledger (account_id, kind, entry_key, store_code, receipt_no, refund_no, actor_type, actor,
      client, reason, net_cents, electronic_cents, partner_store, birthday_multiplier, holiday_multiplier,
      base_coins, birthday_bonus, holiday_bonus, coins, remaining, expires_at, qr_unix_seconds, created_at)
    select t.account_id, t.kind,
      case when t.kind = 'purchase' then 'purchase:' || t.store_code || ':' || t.receipt_no else null end,
      t.store_code, t.receipt_no, null, 'till', t.client, t.client, t.kind,
      t.net_cents, t.electronic_cents, t.partner_store, t.birthday_multiplier, t.holiday_multiplier,
      t.base_coins, t.birthday_bonus, t.holiday_bonus, t.coins,
      case when t.kind = 'purchase' and not exists (
        select 1 from hcoin_transactions r
        where r.kind = 'refund' and r.store_code = t.store_code and r.receipt_no = t.receipt_no
      ) then t.coins else 0 end,
      null, t.qr_unix_seconds, t.created_at
    from hcoin_transactions t
    order by t.id`.execute(db);
  await sql`
    update hcoin_accounts set balance = (
      select coalesce(sum(l.coins), 0) from hcoin_ledger l where l.account_id = hcoin_accounts.id
    )`.execute(db);
  await db.schema.dropTable("hcoin_transactions").execute();

  await db.schema
    .createTable("hcoin_settings")
    .addColumn("key", "varchar(64)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_by", "varchar(64)", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}
