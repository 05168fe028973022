/**
 * Made the coin scheme's `hcoin_*` tables until the scheme became an app of its own with its
 * own migrations (apps/coin-scheme/src/migrations, recorded in `coin_scheme_migration`), whose
 * first one creates them where they do not exist yet. Kept, doing nothing, because Kysely's
 * migrator refuses to run on a database that records a migration missing from this list, and
 * every database made before the split records this one.
 */
export async function up(): Promise<void> {}
