import { type Kysely, type Migration, Migrator } from "kysely";
import * as m0001 from "./migrations/0001-members-and-auth.ts";
import * as m0002 from "./migrations/0002-coin-scheme.ts";
import * as m0003 from "./migrations/0003-content.ts";
import type { Database } from "./schema.ts";

// Listed by hand (not read from disk) so that tsx, bundlers and tests load the same set.
const migrations: Record<string, Migration> = {
  "0001-members-and-auth": m0001,
  "0002-coin-scheme": m0002,
  "0003-content": m0003,
};

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // On PostgreSQL the dialect's introspector (current-schema-introspector.ts) shows the migrator only
  // the connection's own schema, so its tables land there and another schema's are never mistaken for them.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
