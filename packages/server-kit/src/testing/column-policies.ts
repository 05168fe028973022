import { expect } from "vitest";
import type { ColumnPolicy } from "../column-policy.ts";
import type { TableViews } from "../database.ts";

/**
 * Checks a migrated database against an app's column policies: its tables are exactly those
 * with a policy and those said to hold no personal data (a new table must be placed); each
 * policy names exactly its table's columns (a column added by a migration and not to the
 * policy fails); and every withheld column says why.
 */
export async function expectEveryColumnPlaced(
  database: TableViews,
  policies: Record<string, Record<string, ColumnPolicy>>,
  tablesWithoutPersonalData: Record<string, string>,
) {
  const tables = await database.tables().introspection.getTables();
  expect(tables.map((table) => table.name).sort()).toEqual(
    [...Object.keys(policies), ...Object.keys(tablesWithoutPersonalData)].sort(),
  );
  for (const table of tables) {
    const policy = policies[table.name];
    if (!policy) continue;
    expect(table.columns.map((column) => column.name).sort(), table.name).toEqual(Object.keys(policy).sort());
    for (const rule of Object.values(policy)) {
      if (rule !== "exported") expect(rule.withheld.length).toBeGreaterThan(10);
    }
  }
}
