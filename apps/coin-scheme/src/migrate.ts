import type { TableViews } from "@hcoins/server-kit/database";
import { migrateToLatest } from "@hcoins/server-kit/migrate";
import type { Migration } from "kysely/migration";
import * as m0001 from "./migrations/0001-accounts-and-ledger.ts";
import * as m0002 from "./migrations/0002-ledger-integrity.ts";
import * as m0003 from "./migrations/0003-rewards-and-vouchers.ts";
import * as m0004 from "./migrations/0004-ledger-by-time.ts";
import * as m0005 from "./migrations/0005-till-keys.ts";
import * as m0006 from "./migrations/0006-refund-keys.ts";
import * as m0007 from "./migrations/0007-suspensions-and-goodwill.ts";
import * as m0008 from "./migrations/0008-ledger-lookups.ts";
import * as m0009 from "./migrations/0009-low-stock-alerts.ts";
import * as m0010 from "./migrations/0010-campaigns-and-earn-lines.ts";
import * as m0011 from "./migrations/0011-tiers.ts";
import * as m0012 from "./migrations/0012-referrals.ts";
import * as m0013 from "./migrations/0013-store-brands.ts";
import * as m0014 from "./migrations/0014-segments.ts";
import * as m0015 from "./migrations/0015-missions.ts";
import * as m0016 from "./migrations/0016-earn-line-extras.ts";
import * as m0017 from "./migrations/0017-profile-facts.ts";
import {
  type ProgrammeRuleSeed,
  programmeRulesAsCampaigns,
} from "./migrations/0018-programme-rules-as-campaigns.ts";
import * as m0019 from "./migrations/0019-reward-segments.ts";

/**
 * The scheme's migrations by name, in order. 0018 turns the earn settings into campaigns, with
 * COIN_BIRTHDAY_MULTIPLIER and COIN_HOLIDAYS as `seed` (what they say is what a database without
 * an operator's settings earned by).
 */
export function coinSchemeMigrations(seed: ProgrammeRuleSeed): Record<string, Migration> {
  return {
    "0001-accounts-and-ledger": m0001,
    "0002-ledger-integrity": m0002,
    "0003-rewards-and-vouchers": m0003,
    "0004-ledger-by-time": m0004,
    "0005-till-keys": m0005,
    "0006-refund-keys": m0006,
    "0007-suspensions-and-goodwill": m0007,
    "0008-ledger-lookups": m0008,
    "0009-low-stock-alerts": m0009,
    "0010-campaigns-and-earn-lines": m0010,
    "0011-tiers": m0011,
    "0012-referrals": m0012,
    "0013-store-brands": m0013,
    "0014-segments": m0014,
    "0015-missions": m0015,
    "0016-earn-line-extras": m0016,
    "0017-profile-facts": m0017,
    "0018-programme-rules-as-campaigns": programmeRulesAsCampaigns(seed),
    "0019-reward-segments": m0019,
  };
}

/**
 * The scheme's migrations, recorded in tables of their own so that the scheme can share a
 * database with the member server (embedded), whose migrations Kysely records in its default
 * `kysely_migration`: each app's migrator then sees only its own. `seed` is the scheme's
 * settings (config.ts), read only by the migration that made the earn rules campaigns.
 */
export function migrateCoinScheme(database: TableViews, seed: ProgrammeRuleSeed): Promise<void> {
  return migrateToLatest(database, {
    migrations: coinSchemeMigrations(seed),
    migrationTableName: "coin_scheme_migration",
    migrationLockTableName: "coin_scheme_migration_lock",
  });
}
