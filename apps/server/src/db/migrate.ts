import { type Kysely, type Migration, Migrator, PostgresAdapter, sql } from "kysely";
import * as m0001 from "./migrations/0001-members-and-auth.ts";
import * as m0002 from "./migrations/0002-coin-scheme.ts";
import * as m0003 from "./migrations/0003-content.ts";

// Listed by hand (not read from disk) so that tsx, bundlers and tests load the same set.
const migrations: Record<string, Migration> = {
  "0001-members-and-auth": m0001,
  "0002-coin-scheme": m0002,
  "0003-content": m0003,
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  // On PostgreSQL Kysely looks for its migration tables in any schema: another schema's (a test's, a
  // neighbour deployment's) would stop it creating its own. Pin them to the connection's current schema.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error } = await migrator.migrateToLatest();
    if (!error) return;
    // Kysely's table lookup reads every schema of the database; one dropped at that moment (a finished
    // test's, for instance) fails it with "schema / relation / column does not exist" although ours is
    // fine. Looking again succeeds.
    const catalogRace = ["3F000", "42P01", "42703"].includes((error as { code?: string }).code ?? "");
    if (!catalogRace || attempt === 5) throw error;
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}
