import { openDatabase } from "@hcoins/server-kit/database";
import { dropIsolatedDatabase, isolatedDatabase } from "@hcoins/server-kit/testing/isolated-database";
import { describe, expect, it } from "vitest";
import { type ColumnPolicy, HOLDER_COLUMNS, TABLES_WITHOUT_HOLDER_DATA } from "./holders.ts";
import { migrateCoinScheme } from "./migrate.ts";

describe("the scheme's holder data", () => {
  it("every column of every table is exported, withheld with a reason, or in a table without holder data", async () => {
    const storage = await isolatedDatabase();
    const database = openDatabase(storage.url);
    try {
      await migrateCoinScheme(database);
      const tables = await database.tables().introspection.getTables();
      const policies: Record<string, Record<string, ColumnPolicy>> = HOLDER_COLUMNS;
      // Both lists name real tables, and together they name them all: a new table must be placed.
      expect(tables.map((table) => table.name).sort()).toEqual(
        [...Object.keys(policies), ...Object.keys(TABLES_WITHOUT_HOLDER_DATA)].sort(),
      );
      for (const table of tables) {
        const policy = policies[table.name];
        if (!policy) continue;
        // A column added by a migration but not to tables.ts (and so to the policy) fails here.
        expect(table.columns.map((column) => column.name).sort(), table.name).toEqual(
          Object.keys(policy).sort(),
        );
        for (const rule of Object.values(policy)) {
          if (rule !== "exported") expect(rule.withheld.length).toBeGreaterThan(10);
        }
      }
    } finally {
      await database.close();
      await dropIsolatedDatabase(storage.schema);
    }
  });
});
