import { openDatabase } from "@hcoins/server-kit/database";
import { expectEveryColumnPlaced } from "@hcoins/server-kit/testing/column-policies";
import { describe, it } from "vitest";
import { migrateMemberDatabase } from "../../db/migrate.ts";
import { dropIsolatedStorage, isolatedStorage } from "../../testing/test-app.ts";
import { MEMBER_COLUMNS, TABLES_WITHOUT_MEMBER_DATA } from "./service.ts";

// What a data access request exports of a member is shown by cli/member-export.test.ts, an erasure by cli/member-erase.test.ts.

describe("the column policies of the member data", () => {
  it("every column of the member server's tables is exported, withheld with a reason, or in a table without member data", async () => {
    // The member server's migrations alone: the embedded scheme's tables are checked by the scheme (holders.test.ts).
    const storage = await isolatedStorage();
    const database = openDatabase(storage.DATABASE_URL as string);
    try {
      await migrateMemberDatabase(database);
      await expectEveryColumnPlaced(database, MEMBER_COLUMNS, TABLES_WITHOUT_MEMBER_DATA);
    } finally {
      await database.close();
      await dropIsolatedStorage(storage);
    }
  });
});
