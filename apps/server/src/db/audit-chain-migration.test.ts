import { openDatabase } from "@hcoins/server-kit/database";
import { migrateToLatest } from "@hcoins/server-kit/migrate";
import { dropIsolatedDatabase, isolatedDatabase } from "@hcoins/server-kit/testing/isolated-database";
import { describe, expect, it } from "vitest";
import { GENESIS_HASH } from "../modules/audit/chain.ts";
import { AuditRepository } from "../modules/audit/repository.ts";
import { AuditService } from "../modules/audit/service.ts";
import type { AuditTables } from "../modules/audit/tables.ts";
import { migrateMemberDatabase } from "./migrate.ts";
import * as m0001 from "./migrations/0001-members-and-auth.ts";
import * as m0002 from "./migrations/0002-coin-scheme.ts";
import * as m0003 from "./migrations/0003-content.ts";
import * as m0004 from "./migrations/0004-marketing-consents.ts";
import * as m0005 from "./migrations/0005-operators-and-audit.ts";
import * as m0006 from "./migrations/0006-activity.ts";
import * as m0007 from "./migrations/0007-unsubscribe-reason-other.ts";

// On in-memory SQLite in server-sqlite, on a PostgreSQL schema of its own in server-postgres.
describe("0008-audit-chain", () => {
  it("chains the entries written before it, oldest first, so the check covers them", async () => {
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
        },
      });
      // biome-ignore lint/suspicious/noExplicitAny: the table as it was before the migration
      const before = database.tables<any>();
      for (const action of ["operator.create", "member.disable", "member.enable"]) {
        await before
          .insertInto("audit_log")
          .values({
            at: Date.now(),
            actor: "cli:root",
            action,
            target: null,
            before: null,
            after: "{}",
            address: null,
          })
          .execute();
      }
      await migrateMemberDatabase(database);

      const audit = new AuditService(new AuditRepository(database), { retentionDays: 730 }, Date.now);
      expect(await audit.verifyChain()).toMatchObject({ checked: 3, broken: null });
      const rows = await database
        .tables<AuditTables>()
        .selectFrom("audit_log")
        .selectAll()
        .orderBy("id")
        .execute();
      expect(rows[0]?.prev_hash).toBe(GENESIS_HASH);
      await audit.record({ actor: "system", action: "after.migration" });
      expect(await audit.verifyChain()).toMatchObject({ checked: 4, broken: null });
    } finally {
      await database.close();
      await dropIsolatedDatabase(isolated.schema);
    }
  });
});
