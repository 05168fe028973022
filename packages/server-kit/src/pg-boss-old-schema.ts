import type pg from "pg";

/**
 * The oldest schema version pg-boss 12 migrates from: 25, pg-boss 11.0's. pg-boss 11 rewrote the
 * schema with no migration from pg-boss 10's (version 24), and 12's start() refuses anything older
 * ("Cannot migrate pg-boss schema from version 24: the oldest supported starting version is 25").
 */
const OLDEST_MIGRATABLE_VERSION = 25;

/**
 * Renames a pg-boss schema too old for pg-boss to migrate to `<schema>_v<version>`, so that
 * pg-boss installs a new one under the name. What the scheduler keeps there is rebuilt on every
 * start (the queues, the schedules); a slot queued in the old schema is dropped, and its job runs
 * at its next slot. The old schema stays for a look or a rollback, and is the operator's to drop.
 * Answers the new name, or undefined when the schema is absent or current. Run by one instance
 * at a time (the scheduler's advisory lock).
 */
export async function setAsideOldPgBossSchema(
  client: pg.Client,
  schema: string,
): Promise<string | undefined> {
  const installed = await client.query<{ table: string | null }>("select to_regclass($1)::text as table", [
    `${client.escapeIdentifier(schema)}.version`,
  ]);
  if (!installed.rows[0]?.table) return undefined;
  const { rows } = await client.query<{ version: number }>(
    `select version::int as version from ${client.escapeIdentifier(schema)}.version`,
  );
  const version = rows[0]?.version;
  if (version === undefined || version >= OLDEST_MIGRATABLE_VERSION) return undefined;
  const retired = `${schema}_v${version}`;
  await client.query(
    `alter schema ${client.escapeIdentifier(schema)} rename to ${client.escapeIdentifier(retired)}`,
  );
  return retired;
}
