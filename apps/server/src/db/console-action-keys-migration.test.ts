import { openDatabase } from "@hcoins/server-kit/database";
import { migrateToLatest } from "@hcoins/server-kit/migrate";
import { dropIsolatedDatabase, isolatedDatabase } from "@hcoins/server-kit/testing/isolated-database";
import { describe, expect, it } from "vitest";
import { migrateMemberDatabase } from "./migrate.ts";
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

type Keys = { scope: string; request: string; result: string | null; created_at: number };

// On in-memory SQLite in server-sqlite, on a PostgreSQL schema of its own in server-postgres.
describe("0014-console-action-keys", () => {
  it("renames the voucher actions' key store to the console's, keeping its keys", async () => {
    const isolated = await isolatedDatabase();
    const database = openDatabase(isolated.url);
    try {
      await migrateToLatest(database, {
        migrations: {
          "0001-members-and-auth": m0001,
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
        },
      });
      const row: Keys = {
        scope: "cancel:7:key-1",
        request: '{"voucherId":3,"reason":"member asked"}',
        result: '{"voucher_id":3}',
        created_at: 1_764_000_000_000,
      };
      await database
        .tables<{ voucher_action_keys: Keys }>()
        .insertInto("voucher_action_keys")
        .values(row)
        .execute();
      await migrateMemberDatabase(database);
      const kept = await database
        .tables<{ console_action_keys: Keys }>()
        .selectFrom("console_action_keys")
        .selectAll()
        .execute();
      expect(kept.map((each) => ({ ...each, created_at: Number(each.created_at) }))).toEqual([row]);
    } finally {
      await database.close();
      await dropIsolatedDatabase(isolated.schema);
    }
  });
});
