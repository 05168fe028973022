import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import { type Kysely, sql } from "kysely";

/**
 * Campaigns (campaign-rules.ts) and the earn lines of every purchase and refund (earn-lines.ts).
 *
 * `hcoin_campaigns` keeps the operator's definition as JSON, with the columns the till's query and
 * the budget need beside it: status and schedule (which are live), the budget and `spent_coins`,
 * the coins taken from it (refunds give theirs back), moved only by a conditional UPDATE in the
 * purchase's transaction, so that no instance can take more than the budget.
 *
 * `hcoin_earn_lines` says what each coin of an entry was for; an entry's lines add up to its coins
 * (ledger-check proves it). Existing purchases and refunds get theirs here, from the columns that
 * held the same figures: a purchase's base splits into 1 per whole HKD of the net amount and the
 * electronic-payment extra (base − that); a refund's base stays one `base` line, since what part
 * of it was the extra depends on what had been refunded before (new refunds split it exactly).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("hcoin_campaigns"))
    .addColumn("definition", "text", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("starts_at", "bigint", (c) => c.notNull())
    .addColumn("ends_at", "bigint", (c) => c.notNull())
    .addColumn("budget_coins", "integer")
    .addColumn("spent_coins", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "varchar(128)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_by", "varchar(128)")
    .addColumn("updated_at", "bigint")
    .addColumn("activated_by", "varchar(128)")
    .addColumn("approved_by", "varchar(128)")
    .addColumn("activated_at", "bigint")
    .execute();
  await db.schema
    .createIndex("hcoin_campaigns_status")
    .on("hcoin_campaigns")
    .columns(["status", "ends_at"])
    .execute();

  await db.schema
    .createTable("hcoin_earn_lines")
    .addColumn("entry_id", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("coins", "integer", (c) => c.notNull())
    .addColumn("campaign_id", "integer")
    .addColumn("name_en", "text")
    .addColumn("name_tc", "text")
    .addColumn("name_sc", "text")
    .addPrimaryKeyConstraint("hcoin_earn_lines_pk", ["entry_id", "position"])
    .execute();
  await db.schema
    .createIndex("hcoin_earn_lines_campaign")
    .on("hcoin_earn_lines")
    .column("campaign_id")
    .execute();

  // Integer division on both databases: net_cents is an integer column.
  const lines = [
    {
      position: 0,
      kind: "base",
      coins: sql`case when kind = 'purchase' then net_cents / 100 else base_coins end`,
    },
    {
      position: 1,
      kind: "electronic",
      coins: sql`case when kind = 'purchase' then base_coins - net_cents / 100 else 0 end`,
    },
    { position: 2, kind: "birthday", coins: sql`birthday_bonus` },
    { position: 3, kind: "holiday", coins: sql`holiday_bonus` },
  ];
  for (const line of lines) {
    await sql`insert into hcoin_earn_lines (entry_id, position, kind, coins)
      select id, ${sql.lit(line.position)}, ${sql.lit(line.kind)}, ${line.coins} from hcoin_ledger
      where kind in ('purchase', 'refund') and ${line.coins} <> 0`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("hcoin_earn_lines").execute();
  await db.schema.dropTable("hcoin_campaigns").execute();
}
