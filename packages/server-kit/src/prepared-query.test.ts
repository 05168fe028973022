import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./database.ts";
import { preparedQuery } from "./prepared-query.ts";
import {
  dropIsolatedDatabase,
  type IsolatedDatabase,
  isolatedDatabase,
} from "./testing/isolated-database.ts";

type Tables = {
  blocked_numbers: { mobile_phone_prefix: string; mobile_phone: string; reason: string; created_at: number };
};

/** The version of the kysely package this file resolves (its package.json, above its entry point). */
function installedKysely(): string {
  for (
    let directory = dirname(createRequire(import.meta.url).resolve("kysely"));
    ;
    directory = dirname(directory)
  ) {
    const manifest = join(directory, "package.json");
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, "utf8"));
      if (name === "kysely") return version;
    }
    if (dirname(directory) === directory) throw new Error("kysely's package.json not found");
  }
}

// On in-memory SQLite in the server-sqlite project, on a schema of its own in server-postgres.
describe("preparedQuery", () => {
  let storage: IsolatedDatabase;
  let database: DatabaseHandle;
  let db: Kysely<Tables>;

  beforeAll(async () => {
    storage = await isolatedDatabase();
    database = openDatabase(storage.url);
    db = database.tables<Tables>();
    await db.schema
      .createTable("blocked_numbers")
      .addColumn("mobile_phone_prefix", "varchar(4)", (c) => c.notNull())
      .addColumn("mobile_phone", "varchar(16)", (c) => c.notNull())
      .addColumn("reason", "varchar(200)", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db
      .insertInto("blocked_numbers")
      .values([
        { mobile_phone_prefix: "852", mobile_phone: "91234567", reason: "first", created_at: 1 },
        { mobile_phone_prefix: "853", mobile_phone: "91234567", reason: "second", created_at: 2 },
        { mobile_phone_prefix: "852", mobile_phone: "61234567", reason: "third", created_at: 3 },
      ])
      .execute();
  });
  afterAll(async () => {
    await database.close();
    await dropIsolatedDatabase(storage.schema);
  });

  it("runs the query compiled once with each call's values, constants kept", async () => {
    const reasons = preparedQuery(db, (prefix: string, phone: string) =>
      db
        .selectFrom("blocked_numbers")
        .select("reason")
        .where("mobile_phone_prefix", "=", prefix)
        .where("mobile_phone", "=", phone)
        .where("created_at", ">", 0),
    );
    expect(await reasons("852", "91234567")).toEqual([{ reason: "first" }]);
    expect(await reasons("853", "91234567")).toEqual([{ reason: "second" }]);
    expect(await reasons("852", "61234567")).toEqual([{ reason: "third" }]);
    expect(await reasons("852", "00000000")).toEqual([]);
  });

  it("puts an argument wherever it appears", async () => {
    const either = preparedQuery(db, (number: string) =>
      db
        .selectFrom("blocked_numbers")
        .select("reason")
        .where((eb) => eb.or([eb("mobile_phone", "=", number), eb("reason", "=", number)]))
        .orderBy("reason"),
    );
    expect(await either("third")).toEqual([{ reason: "third" }]);
    expect(await either("91234567")).toEqual([{ reason: "first" }, { reason: "second" }]);
  });

  it("gives the rows Kysely itself gives, with the same fields", async () => {
    const rows = preparedQuery(db, (prefix: string) =>
      db
        .selectFrom("blocked_numbers")
        .selectAll()
        .where("mobile_phone_prefix", "=", prefix)
        .orderBy("created_at"),
    );
    const expected = await db
      .selectFrom("blocked_numbers")
      .selectAll()
      .where("mobile_phone_prefix", "=", "852")
      .orderBy("created_at")
      .execute();
    expect(await rows("852")).toEqual(expected);
    expect(Object.keys((await rows("852"))[0] ?? {})).toEqual(Object.keys(expected[0] ?? {}));
  });

  it("waits for a transaction that holds the connection: never reads what it has not committed", async () => {
    const reasons = preparedQuery(db, (phone: string) =>
      db.selectFrom("blocked_numbers").select("reason").where("mobile_phone", "=", phone),
    );
    let inside!: () => void;
    const insideTransaction = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const transaction = database.transaction(async (trx) => {
      await trx
        .tables<Tables>()
        .insertInto("blocked_numbers")
        .values({ mobile_phone_prefix: "852", mobile_phone: "51234567", reason: "pending", created_at: 4 })
        .execute();
      inside();
      await finished;
      throw new Error("rolled back");
    });
    await insideTransaction;
    const read = reasons("51234567");
    finish();
    await expect(transaction).rejects.toThrow("rolled back");
    expect(await read).toEqual([]);
  });

  // preparedQuery leans on what Kysely does not promise: a value given to the builder reaches
  // `compile().parameters` as it was, in the order of the SQL's placeholders (that is how each
  // argument finds its slot), and a compiled query run again with other parameters through
  // `executeQuery` (the same `queryId` every time) gives that statement's rows. Re-read for 0.29:
  // the compiler passes values through as before, and `executeQuery` without an abort signal
  // still hands the compiled query to the connection unchanged; 0.29 has no prepared queries of
  // its own to replace this one.
  it("was checked against Kysely 0.29: an upgrade fails here until the tests below are re-read and the line moved", () => {
    expect(installedKysely()).toMatch(/^0\.29\./);
  });

  it("relies on compile() passing each value through untouched, in the SQL's order", () => {
    const compiled = db
      .selectFrom("blocked_numbers")
      .select("reason")
      .where("mobile_phone_prefix", "=", "\u0000a")
      .where("created_at", ">", 0)
      .where("mobile_phone", "=", "\u0000b")
      .compile();
    expect(Object.keys(compiled)).toEqual(["query", "queryId", "sql", "parameters"]);
    expect(compiled.parameters).toEqual(["\u0000a", 0, "\u0000b"]);
    const [first, second, third] = database.dialect === "sqlite" ? ["?", "?", "?"] : ["$1", "$2", "$3"];
    expect(compiled.sql).toBe(
      `select "reason" from "blocked_numbers" where "mobile_phone_prefix" = ${first} and "created_at" > ${second} and "mobile_phone" = ${third}`,
    );
  });

  it("refuses an argument the query does not use, rather than ignore it", async () => {
    const unused = preparedQuery(db, (_phone: string) => db.selectFrom("blocked_numbers").select("reason"));
    await expect(unused("91234567")).rejects.toThrow(/not a parameter/);
  });
});
