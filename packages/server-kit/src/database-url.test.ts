import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { describeDatabaseUrl, maskDatabaseUrl, postgresSchema } from "./database-url.ts";

describe("describeDatabaseUrl", () => {
  it("names a SQLite file by its absolute path, as the server resolves it", () => {
    expect(describeDatabaseUrl("sqlite:./data/members.db")).toBe(`SQLite file ${resolve("data/members.db")}`);
    expect(describeDatabaseUrl("sqlite::memory:")).toBe("SQLite in memory (sqlite::memory:)");
  });

  it("masks the password of a PostgreSQL URL, in the user part and as a parameter, and names the schema", () => {
    expect(describeDatabaseUrl("postgres://hcoins:s3cr%40t@db.internal:5432/members")).toBe(
      "PostgreSQL postgres://hcoins:***@db.internal:5432/members",
    );
    const withOptions = "postgresql://hcoins@db:5432/members?password=s3cret&options=-c%20search_path%3Dlive";
    const line = describeDatabaseUrl(withOptions);
    expect(line).not.toContain("s3cret");
    expect(line).toMatch(
      /^PostgreSQL postgresql:\/\/hcoins@db:5432\/members\?password=\*\*\*&options=.*, schema live$/,
    );
    expect(maskDatabaseUrl("postgres://db/members")).toBe("postgres://db/members");
    expect(postgresSchema(withOptions)).toBe("live");
  });
});
