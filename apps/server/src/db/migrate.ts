import type { TableViews } from "@hcoins/server-kit/database";
import { migrateToLatest } from "@hcoins/server-kit/migrate";
import * as m0001 from "./migrations/0001-members-and-auth.ts";
import * as m0002 from "./migrations/0002-coin-scheme.ts";
import * as m0003 from "./migrations/0003-content.ts";
import * as m0004 from "./migrations/0004-marketing-consents.ts";
import * as m0005 from "./migrations/0005-operators-and-audit.ts";
import * as m0006 from "./migrations/0006-activity.ts";
import * as m0007 from "./migrations/0007-unsubscribe-reason-other.ts";
import * as m0008 from "./migrations/0008-audit-chain.ts";
import * as m0009 from "./migrations/0009-coin-controls.ts";
import * as m0010 from "./migrations/0010-member-records.ts";
import * as m0011 from "./migrations/0011-operator-session-agent.ts";
import * as m0013 from "./migrations/0013-voucher-action-keys.ts";
import * as m0014 from "./migrations/0014-console-action-keys.ts";
import * as m0015 from "./migrations/0015-scheme-outbox.ts";
import * as m0016 from "./migrations/0016-member-referrals.ts";

/** The first migration: a database that has recorded it holds the member server's tables. */
export const FIRST_MEMBER_MIGRATION = "0001-members-and-auth";

/** The member server's tables, recorded in Kysely's default `kysely_migration`. */
export function migrateMemberDatabase(database: TableViews): Promise<void> {
  return migrateToLatest(database, {
    migrations: {
      [FIRST_MEMBER_MIGRATION]: m0001,
      "0002-coin-scheme": m0002,
      "0003-content": m0003,
      "0004-marketing-consents": m0004,
      "0005-operators-and-audit": m0005,
      "0006-activity": m0006,
      "0007-unsubscribe-reason-other": m0007,
      "0008-audit-chain": m0008,
      "0009-coin-controls": m0009,
      "0010-member-records": m0010,
      "0011-operator-session-agent": m0011,
      "0013-voucher-action-keys": m0013,
      "0014-console-action-keys": m0014,
      "0015-scheme-outbox": m0015,
      "0016-member-referrals": m0016,
    },
  });
}
