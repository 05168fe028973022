import type { Kysely } from "kysely";

/**
 * One idempotency-key store for the console (modules/console-action-keys): 0013's
 * `voucher_action_keys` now also holds bulk adjustment requests' keys, so it is renamed to
 * `console_action_keys`, its rows kept (a voucher action's key sent again after the upgrade still
 * answers its first result). Scopes name their action (`cancel:…`, `goodwill:…`, `goodwill-request:…`, `bulk-request:…`), so keys
 * of different actions never meet. PostgreSQL keeps the primary key's old constraint name, which
 * nothing reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("voucher_action_keys").renameTo("console_action_keys").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("console_action_keys").renameTo("voucher_action_keys").execute();
}
