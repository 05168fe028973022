import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("members"))
    .addColumn("member_no", "varchar(32)", (c) => c.unique())
    .addColumn("mobile_phone_prefix", "varchar(4)", (c) => c.notNull())
    .addColumn("mobile_phone", "varchar(16)", (c) => c.notNull())
    .addColumn("password_hash", "text")
    .addColumn("title", "integer")
    .addColumn("name", "varchar(100)")
    .addColumn("first_name", "varchar(50)")
    .addColumn("last_name", "varchar(50)")
    .addColumn("email", "varchar(254)", (c) => c.unique())
    .addColumn("gender", "integer")
    .addColumn("birthday_month", "integer")
    .addColumn("age_range", "varchar(20)")
    .addColumn("region", "varchar(8)")
    .addColumn("district", "varchar(8)")
    .addColumn("referral_code", "varchar(50)")
    .addColumn("sms_subscription", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("email_subscription", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("do_not_call", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unsubscribe_reasons", "varchar(32)", (c) => c.notNull().defaultTo(""))
    .addColumn("register_store_code", "varchar(32)")
    .addColumn("external_customer_id", "varchar(64)")
    .addColumn("source", "varchar(16)", (c) => c.notNull())
    .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("members_phone_unique", ["mobile_phone_prefix", "mobile_phone"])
    .execute();

  await db.schema
    .createTable("blocked_numbers")
    .addColumn("mobile_phone_prefix", "varchar(4)", (c) => c.notNull())
    .addColumn("mobile_phone", "varchar(16)", (c) => c.notNull())
    .addColumn("reason", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("blocked_numbers_pk", ["mobile_phone_prefix", "mobile_phone"])
    .execute();

  await withIdColumn(db, db.schema.createTable("sms_codes"))
    .addColumn("mobile_phone_prefix", "varchar(4)", (c) => c.notNull())
    .addColumn("mobile_phone", "varchar(16)", (c) => c.notNull())
    .addColumn("purpose", "varchar(16)", (c) => c.notNull())
    .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("verified_at", "bigint")
    .addColumn("consumed_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sms_codes_number_purpose")
    .on("sms_codes")
    .columns(["mobile_phone_prefix", "mobile_phone", "purpose"])
    .execute();

  await db.schema
    .createTable("access_tokens")
    .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("member_id", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("revoked_at", "bigint")
    .execute();
  await db.schema.createIndex("access_tokens_member").on("access_tokens").column("member_id").execute();

  await db.schema
    .createTable("reset_tokens")
    .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("member_id", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();

  await db.schema
    .createTable("signature_nonces")
    .addColumn("nonce", "varchar(128)", (c) => c.primaryKey())
    .addColumn("seen_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "varchar(64)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "settings",
    "signature_nonces",
    "reset_tokens",
    "access_tokens",
    "sms_codes",
    "blocked_numbers",
    "members",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
