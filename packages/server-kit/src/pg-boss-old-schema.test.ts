import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type ScheduledJob, startScheduler } from "./scheduler.ts";

const databaseUrl = process.env.DATABASE_URL ?? "";
const postgres = /^postgres(ql)?:\/\//.test(databaseUrl);

/** pg-boss 10's schema, as a database that ran it before the upgrade holds it. */
const PG_BOSS_10_SCHEMA = readFileSync(new URL("./testing/pg-boss-10-schema.sql", import.meta.url), "utf8");

async function query<Row extends pg.QueryResultRow>(text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

function recordingLog() {
  const lines: Record<string, unknown>[] = [];
  const log = {
    info: (fields: Record<string, unknown>, msg: string) => lines.push({ ...fields, msg }),
    error: (fields: Record<string, unknown>, msg: string) => lines.push({ ...fields, msg }),
  };
  return { log: log as never, lines };
}

describe.runIf(postgres)("a pg-boss 10 schema under the scheduler (PostgreSQL)", () => {
  const schema = `test_pgboss10_${randomBytes(6).toString("hex")}`;
  const job: ScheduledJob = { name: "purge-old-rows", cron: "0 3 * * *", run: async () => ({}) };

  afterAll(async () => {
    await query(`drop schema if exists ${schema} cascade; drop schema if exists ${schema}_v24 cascade`);
  });

  it("is renamed to <schema>_v24, kept, and a current one installed with the jobs' schedules; once", async () => {
    await query(PG_BOSS_10_SCHEMA.replaceAll("PGBOSS_SCHEMA", schema));
    expect(await query(`select version from ${schema}.version`)).toEqual([{ version: 24 }]);

    const first = recordingLog();
    const scheduler = await startScheduler({
      databaseUrl,
      jobs: [job],
      log: first.log,
      pgBossSchema: schema,
    });
    await scheduler.stop();
    expect(first.lines).toContainEqual(
      expect.objectContaining({ schema, retired: `${schema}_v24`, msg: expect.stringMatching(/renamed/) }),
    );
    expect(await query(`select version from ${schema}_v24.version`)).toEqual([{ version: 24 }]);
    const [current] = await query<{ version: number }>(`select version from ${schema}.version`);
    expect(current?.version).toBeGreaterThanOrEqual(25);
    expect(await query(`select name, cron, timezone from ${schema}.schedule`)).toEqual([
      { name: job.name, cron: job.cron, timezone: "Asia/Hong_Kong" },
    ]);

    // The next start finds the current schema and leaves it.
    const second = recordingLog();
    await (await startScheduler({ databaseUrl, jobs: [job], log: second.log, pgBossSchema: schema })).stop();
    expect(second.lines).toEqual([]);
    expect(await query(`select version from ${schema}.version`)).toEqual([current]);
  });
});
