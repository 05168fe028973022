import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import type { Kysely } from "kysely";

/**
 * The console's operators, their cookie sessions, and the audit log. An operator's TOTP secret is
 * kept as the base32 text the authenticator enrolled (the server must read it back to check codes;
 * it is never logged nor answered after enrolment). `last_totp_step` is the time step of the last
 * code accepted, so a code cannot be used twice. Audit `before` / `after` are JSON text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("operators"))
    .addColumn("email", "varchar(254)", (c) => c.notNull().unique())
    .addColumn("role", "varchar(32)", (c) => c.notNull())
    .addColumn("password_hash", "text")
    .addColumn("totp_secret", "varchar(64)")
    .addColumn("pending_totp_secret", "varchar(64)")
    .addColumn("last_totp_step", "bigint")
    .addColumn("invitation_hash", "varchar(64)")
    .addColumn("invitation_expires_at", "bigint")
    .addColumn("active", "integer", (c) => c.notNull())
    .addColumn("activated_at", "bigint")
    .addColumn("last_sign_in_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("created_by", "varchar(300)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("operators_invitation").on("operators").column("invitation_hash").execute();

  await db.schema
    .createTable("operator_sessions")
    .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("operator_id", "integer", (c) => c.notNull().references("operators.id").onDelete("cascade"))
    .addColumn("csrf_token", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_seen_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("revoked_at", "bigint")
    .addColumn("address", "varchar(64)")
    .execute();
  await db.schema
    .createIndex("operator_sessions_operator")
    .on("operator_sessions")
    .column("operator_id")
    .execute();

  await withIdColumn(db, db.schema.createTable("audit_log"))
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("actor", "varchar(300)", (c) => c.notNull())
    .addColumn("action", "varchar(64)", (c) => c.notNull())
    .addColumn("target", "varchar(128)")
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("address", "varchar(64)")
    .execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();
  await db.schema.createIndex("audit_log_actor").on("audit_log").columns(["actor", "at"]).execute();
  await db.schema.createIndex("audit_log_action").on("audit_log").columns(["action", "at"]).execute();
  await db.schema.createIndex("audit_log_target").on("audit_log").columns(["target", "at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropTable("operator_sessions").execute();
  await db.schema.dropTable("operators").execute();
}
