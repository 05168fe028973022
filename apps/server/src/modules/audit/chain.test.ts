import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { usePostgres } from "../../cross-cutting/support.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { GENESIS_HASH } from "./chain.ts";
import type { AuditTables } from "./tables.ts";

// On in-memory SQLite in server-sqlite, on a PostgreSQL schema of its own in server-postgres.
let apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.reverse()) await app.close();
  apps = [];
});

async function start(shareWith?: TestApp) {
  const t = await createTestApp(shareWith ? { shareWith } : {});
  apps.push(t);
  return t;
}

const tables = (t: TestApp) => t.app.services.database.tables<AuditTables>();
const ids = async (t: TestApp) =>
  (await tables(t).selectFrom("audit_log").select("id").orderBy("id").execute()).map((row) => row.id);

async function write(t: TestApp, count: number, actor = "cli:tester") {
  for (let i = 0; i < count; i++) {
    await t.app.services.audit.record({
      actor,
      action: "member.disable",
      target: `member:${i + 1}`,
      before: { disabled: false },
      after: { disabled: true },
      address: "203.0.113.7",
    });
  }
}

describe("the audit log's hash chain", () => {
  it("is intact after writes, each entry carrying the previous one's hash", async () => {
    const t = await start();
    await write(t, 5);
    const rows = await tables(t).selectFrom("audit_log").selectAll().orderBy("id").execute();
    expect(rows).toHaveLength(5);
    expect(rows[0]?.prev_hash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prev_hash).toBe(rows[i - 1]?.hash);
    expect(await t.app.services.audit.verifyChain()).toEqual({
      checked: 5,
      lastHash: rows[4]?.hash,
      broken: null,
    });
  });

  it("finds an entry changed by hand (UPDATE), naming it", async () => {
    const t = await start();
    await write(t, 5);
    const [, , third] = await ids(t);
    await tables(t)
      .updateTable("audit_log")
      .set({ after: JSON.stringify({ disabled: false }) })
      .where("id", "=", third as number)
      .execute();
    expect((await t.app.services.audit.verifyChain()).broken).toEqual({ id: third, reason: "changed" });
  });

  it("finds an entry deleted from the middle (the next one's link) and from the end", async () => {
    const t = await start();
    await write(t, 5);
    const [, second, third] = await ids(t);
    await tables(t)
      .deleteFrom("audit_log")
      .where("id", "=", second as number)
      .execute();
    expect((await t.app.services.audit.verifyChain()).broken).toEqual({ id: third, reason: "unlinked" });

    const u = await start();
    await write(u, 3);
    const last = (await ids(u)).at(-1) as number;
    await tables(u).deleteFrom("audit_log").where("id", "=", last).execute();
    expect((await u.app.services.audit.verifyChain()).broken).toEqual({ id: last - 1, reason: "truncated" });
  });

  it("stays intact when the retention purge removes the oldest entries", async () => {
    const t = await start();
    await write(t, 3);
    t.clock.advance(731 * 86_400_000);
    await write(t, 2);
    expect(await t.app.services.audit.purgeExpired(t.clock.now())).toBe(3);
    expect(await t.app.services.audit.verifyChain()).toMatchObject({ checked: 2, broken: null });
    // The oldest kept entry deleted by hand now shows: the anchor no longer matches.
    const [first, second] = await ids(t);
    await tables(t)
      .deleteFrom("audit_log")
      .where("id", "=", first as number)
      .execute();
    expect((await t.app.services.audit.verifyChain()).broken).toEqual({ id: second, reason: "unlinked" });
  });

  it("keeps one chain when entries are written at once, from one instance and from two", async () => {
    const a = await start();
    // In-memory SQLite is one process's database: the second instance is PostgreSQL's case.
    const b = usePostgres ? await start(a) : a;
    await Promise.all([
      ...Array.from({ length: 10 }, () => write(a, 3, "operator:a@example.com")),
      ...Array.from({ length: 10 }, () => write(b, 3, "operator:b@example.com")),
    ]);
    const check = await a.app.services.audit.verifyChain();
    expect(check).toMatchObject({ checked: 60, broken: null });
    expect(await b.app.services.audit.verifyChain()).toEqual(check);
    if (usePostgres) {
      // Both instances' entries interleave in one chain (each writer waited on the head row).
      const actors = await tables(a).selectFrom("audit_log").select("actor").orderBy("id").execute();
      expect(new Set(actors.map((row) => row.actor)).size).toBe(2);
    }
  });

  it("rolls back with the caller's change: an entry in a failed transaction leaves no gap", async () => {
    const t = await start();
    await write(t, 1);
    await expect(
      t.app.services.database.transaction(async (trx) => {
        await t.app.services.audit.record({ actor: "system", action: "x" }, trx);
        await sql`select * from no_such_table`.execute(trx.tables());
      }),
    ).rejects.toThrow();
    await write(t, 1);
    expect(await t.app.services.audit.verifyChain()).toMatchObject({ checked: 2, broken: null });
  });
});
