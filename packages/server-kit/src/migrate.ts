import { type Migration, Migrator } from "kysely/migration";
import type { TableViews } from "./database.ts";

/**
 * An app's migrations, in order, and the tables that record which have run. Two apps that
 * share a database (the member server and the embedded coin scheme) each keep their own
 * record, so neither sees the other's migrations as missing or unknown.
 */
export interface MigrationSet {
  /** Listed by hand (not read from disk) so that tsx, bundlers and tests load the same set. */
  migrations: Record<string, Migration>;
  /** Kysely's `kysely_migration` / `kysely_migration_lock` when left out. */
  migrationTableName?: string;
  migrationLockTableName?: string;
}

export async function migrateToLatest(database: TableViews, set: MigrationSet): Promise<void> {
  // On PostgreSQL the dialect's introspector (current-schema-introspector.ts) shows the migrator only
  // the connection's own schema, so its tables land there and another schema's are never mistaken for them.
  const migrator = new Migrator({
    db: database.tables(),
    provider: { getMigrations: async () => set.migrations },
    migrationTableName: set.migrationTableName,
    migrationLockTableName: set.migrationLockTableName,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
