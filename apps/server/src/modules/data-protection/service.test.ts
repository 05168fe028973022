import { type ColumnPolicy, HOLDER_COLUMNS } from "@hcoins/coin-scheme/holders";
import { openDatabase } from "@hcoins/server-kit/database";
import { describe, expect, it } from "vitest";
import { migrateMemberDatabase } from "../../db/migrate.ts";
import { dropIsolatedStorage, isolatedStorage } from "../../testing/test-app.ts";
import { MEMBER_COLUMNS, TABLES_WITHOUT_MEMBER_DATA } from "./service.ts";

// What a data access request exports of a member is shown by cli/member-export.test.ts, an erasure by cli/member-erase.test.ts.

const POLICIES: Record<string, Record<string, ColumnPolicy>> = { ...MEMBER_COLUMNS, ...HOLDER_COLUMNS };

describe("the column policies of the member data", () => {
  it("every column of the member server's tables is exported, withheld with a reason, or in a table without member data", async () => {
    // The member server's migrations alone: the embedded scheme's tables are checked by the scheme (holders.test.ts).
    const storage = await isolatedStorage();
    const database = openDatabase(storage.DATABASE_URL as string);
    try {
      await migrateMemberDatabase(database);
      const tables = await database.tables().introspection.getTables();
      const names = tables.map((table) => table.name).sort();
      // Both lists name real tables, and together they name them all: a new table must be placed.
      expect(names).toEqual(
        [...Object.keys(MEMBER_COLUMNS), ...Object.keys(TABLES_WITHOUT_MEMBER_DATA)].sort(),
      );
      for (const table of tables) {
        const policy = POLICIES[table.name];
        if (!policy) continue;
        // A column added by a migration but not to its module's tables.ts (and so to the policy) fails here.
        expect(table.columns.map((column) => column.name).sort(), table.name).toEqual(
          Object.keys(policy).sort(),
        );
        for (const rule of Object.values(policy)) {
          if (rule !== "exported") expect(rule.withheld.length).toBeGreaterThan(10);
        }
      }
    } finally {
      await database.close();
      await dropIsolatedStorage(storage);
    }
  });
});
