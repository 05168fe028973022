import { openDatabase } from "@hcoins/server-kit/database";
import { expectEveryColumnPlaced } from "@hcoins/server-kit/testing/column-policies";
import { dropIsolatedDatabase, isolatedDatabase } from "@hcoins/server-kit/testing/isolated-database";
import { describe, it } from "vitest";
import { loadCoinSchemeConfig } from "./config.ts";
import { HOLDER_COLUMNS, TABLES_WITHOUT_HOLDER_DATA } from "./holders.ts";
import { migrateCoinScheme } from "./migrate.ts";

describe("the scheme's holder data", () => {
  it("every column of every table is exported, withheld with a reason, or in a table without holder data", async () => {
    const storage = await isolatedDatabase();
    const database = openDatabase(storage.url);
    try {
      await migrateCoinScheme(database, loadCoinSchemeConfig({ NODE_ENV: "test" }).settings);
      await expectEveryColumnPlaced(database, HOLDER_COLUMNS, TABLES_WITHOUT_HOLDER_DATA);
    } finally {
      await database.close();
      await dropIsolatedDatabase(storage.schema);
    }
  });
});
