import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  InProcessScheduler,
  SCHEDULE_TIME_ZONE,
  type ScheduledJob,
  type Scheduler,
  SLOT_OPTIONS,
  startScheduler,
} from "./scheduler.ts";
import {
  dropIsolatedDatabase,
  type IsolatedDatabase,
  isolatedDatabase,
} from "./testing/isolated-database.ts";

const databaseUrl = process.env.DATABASE_URL ?? "";
const postgres = /^postgres(ql)?:\/\//.test(databaseUrl);

/** A real pino logger whose lines the test reads back, parsed. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino(stream), lines };
}

/** A job that counts its runs and answers with the time it was given. */
function countingJob(name: string, cron: string, work: () => Promise<void> = async () => {}) {
  const runs: number[] = [];
  const job: ScheduledJob = {
    name,
    cron,
    async run(now) {
      runs.push(now);
      await work();
      return { deleted: runs.length };
    },
  };
  return { job, runs };
}

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

// The in-process runner has no database; the server-sqlite project runs it once.
describe.skipIf(postgres)("the in-process scheduler (SQLite)", () => {
  const at = (hongKongTime: string) => Date.parse(`${hongKongTime}+08:00`);

  it("runs a job each minute at its slot, once, with the clock's time, and logs one line", async () => {
    let clock = at("2024-05-01T10:00:30");
    const { job, runs } = countingJob("every-minute", "* * * * *");
    const { log, lines } = capturedLog();
    const scheduler = new InProcessScheduler([job], log, () => clock);
    expect(scheduler.nextRuns()).toEqual({ "every-minute": at("2024-05-01T10:01:00") });

    await scheduler.runDue();
    expect(runs).toEqual([]);
    clock = at("2024-05-01T10:01:00");
    await scheduler.runDue();
    await scheduler.runDue();
    expect(runs).toEqual([clock]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      job: "every-minute",
      counts: { deleted: 1 },
      msg: "scheduled job done",
    });
    expect(lines[0]?.durationMs).toEqual(expect.any(Number));

    // Three slots slept through: one run, not three, and the next slot after now.
    clock = at("2024-05-01T10:04:10");
    await scheduler.runDue();
    expect(runs).toHaveLength(2);
    expect(scheduler.nextRuns()).toEqual({ "every-minute": at("2024-05-01T10:05:00") });
  });

  it("reads the cron in Hong Kong time", () => {
    const { job } = countingJob("at-three", "0 3 * * *");
    const scheduler = new InProcessScheduler([job], capturedLog().log, () =>
      Date.parse("2024-05-01T12:00:00Z"),
    );
    expect(SCHEDULE_TIME_ZONE).toBe("Asia/Hong_Kong");
    // 03:00 in Hong Kong is 19:00 UTC the day before.
    expect(scheduler.nextRuns()).toEqual({ "at-three": Date.parse("2024-05-01T19:00:00Z") });
  });

  it("never overlaps a run: a slot that comes while the job still runs is skipped", async () => {
    let clock = at("2024-05-01T10:00:00");
    const gate = deferred();
    const { job, runs } = countingJob("slow", "* * * * *", () => gate.promise);
    const scheduler = new InProcessScheduler([job], capturedLog().log, () => clock);
    clock = at("2024-05-01T10:01:00");
    const first = scheduler.runDue();
    clock = at("2024-05-01T10:02:00");
    await scheduler.runDue();
    expect(runs).toHaveLength(1);
    gate.resolve();
    await first;
    clock = at("2024-05-01T10:03:00");
    await scheduler.runDue();
    expect(runs).toHaveLength(2);
  });

  it("logs a failed run without throwing, and runs the job again at its next slot", async () => {
    let clock = at("2024-05-01T10:00:00");
    let fail = true;
    const { job, runs } = countingJob("flaky", "*/5 * * * *", async () => {
      if (fail) throw new Error("database is locked");
    });
    const { log, lines } = capturedLog();
    const scheduler = new InProcessScheduler([job], log, () => clock);
    clock = at("2024-05-01T10:05:00");
    await scheduler.runDue();
    expect(lines[0]).toMatchObject({
      level: 50,
      job: "flaky",
      msg: "scheduled job failed",
      err: { message: "database is locked" },
    });
    // Not retried before the next slot.
    clock = at("2024-05-01T10:09:59");
    await scheduler.runDue();
    expect(runs).toHaveLength(1);
    fail = false;
    clock = at("2024-05-01T10:10:00");
    await scheduler.runDue();
    expect(runs).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: 30, job: "flaky", counts: { deleted: 2 } });
  });

  it("stop() waits for the run in flight and starts no more", async () => {
    let clock = at("2024-05-01T10:00:00");
    const gate = deferred();
    let finished = false;
    const { job, runs } = countingJob("long", "* * * * *", async () => {
      await gate.promise;
      finished = true;
    });
    const scheduler = new InProcessScheduler([job], capturedLog().log, () => clock);
    clock = at("2024-05-01T10:01:00");
    void scheduler.runDue();
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    // One turn of the event loop settles everything pending in this process: a stop() that did
    // not wait for the run would have resolved by now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(finished).toBe(true);
    clock = at("2024-05-01T10:02:00");
    await scheduler.runDue();
    expect(runs).toHaveLength(1);
  });

  it("startScheduler on SQLite runs a job when its slot comes, on its own timer", async () => {
    // The clock stands 30 ms before a minute's slot, then moves onto it.
    let clock = at("2024-05-01T10:00:59.970");
    const { job, runs } = countingJob("timed", "* * * * *");
    const { log, lines } = capturedLog();
    const scheduler = await startScheduler({
      databaseUrl: "sqlite::memory:",
      jobs: [job],
      log,
      now: () => clock,
    });
    clock = at("2024-05-01T10:01:00");
    await vi.waitFor(() => expect(runs).toEqual([clock]), { timeout: 2000 });
    await scheduler.stop();
    expect(lines[0]).toMatchObject({ job: "timed", counts: { deleted: 1 } });
  });

  it.each([
    [{ name: "purge tokens", cron: "* * * * *" }, /bad name/],
    [{ name: "purge", cron: "0 * * * * *" }, /must have 5 fields/],
    [{ name: "purge", cron: "61 * * * *" }, /.+/],
  ])("refuses the job %j", (definition, message) => {
    const job = { ...definition, run: async () => ({}) };
    expect(() => new InProcessScheduler([job], capturedLog().log)).toThrow(message);
  });

  it("refuses two jobs of one name", async () => {
    const { job } = countingJob("twice", "* * * * *");
    await expect(
      startScheduler({ databaseUrl: "sqlite::memory:", jobs: [job, job], log: capturedLog().log }),
    ).rejects.toThrow(/listed twice/);
  });
});

describe.runIf(postgres)("the pg-boss scheduler (PostgreSQL)", () => {
  let storage: IsolatedDatabase;
  const pgBossSchema = `test_pgboss_${randomBytes(6).toString("hex")}`;
  const schedulers: Scheduler[] = [];
  let client: PgBoss;

  beforeAll(async () => {
    // The URL carries the isolated schema's search_path, as the server's tests' URLs do.
    storage = await isolatedDatabase();
  });
  afterEach(async () => {
    await Promise.all(schedulers.splice(0).map((scheduler) => scheduler.stop()));
  });
  afterAll(async () => {
    await client?.stop({ graceful: false });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop schema if exists ${pgBossSchema} cascade`);
    await admin.end();
    await dropIsolatedDatabase(storage.schema);
  });

  async function start(jobs: ScheduledJob[], log = capturedLog().log) {
    const scheduler = await startScheduler({ databaseUrl: storage.url, jobs, log, pgBossSchema });
    schedulers.push(scheduler);
    return scheduler;
  }

  /** A pg-boss of the test's own on the schedulers' schema: it reads the schedules and sends slots. */
  async function bossClient() {
    if (!client) {
      client = new PgBoss({
        connectionString: storage.url,
        schema: pgBossSchema,
        supervise: false,
        schedule: false,
      });
      client.on("error", () => {});
      await client.start();
    }
    return client;
  }

  // A slot that pg-boss's own timekeeper will not bring during the test: the test sends the slots.
  const RARE = "0 4 29 2 *";

  /** What pg-boss's timekeeper inserts when a slot comes, as each instance's would. */
  async function sendSlot(name: string) {
    const { tz: _tz, ...options } = SLOT_OPTIONS;
    return (await bossClient()).send(name, {}, options);
  }

  it("two schedulers on one database keep one schedule per job, in Hong Kong time, and run a slot once", async () => {
    const name = `purge-${randomBytes(4).toString("hex")}`;
    const first = countingJob(name, RARE);
    const second = countingJob(name, RARE);
    const logs = [capturedLog(), capturedLog()];
    // Started together: pg-boss's schema, the queue and the schedule are created once.
    await Promise.all([start([first.job], logs[0]?.log), start([second.job], logs[1]?.log)]);

    const schedules = await (await bossClient()).getSchedules();
    expect(schedules.filter((schedule) => schedule.name === name)).toEqual([
      expect.objectContaining({ cron: RARE, timezone: "Asia/Hong_Kong" }),
    ]);

    // Both instances' timekeepers fire for the same slot: the second insert is a no-op.
    const ids = [await sendSlot(name), await sendSlot(name)].filter((id) => id !== null);
    expect(ids).toHaveLength(1);
    // The slot's one job is done (a final state: nothing runs it again) and ran once: no time
    // window to wait out for a second run, as there is no second job to run.
    await vi.waitFor(
      async () => expect((await client.getJobById(name, ids[0] as string))?.state).toBe("completed"),
      { timeout: 10_000 },
    );
    expect(first.runs.length + second.runs.length).toBe(1);
    const lines = logs.flatMap(({ lines }) => lines).filter((line) => line.job === name);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: "scheduled job done", counts: { deleted: 1 } }),
    ]);
  });

  it("logs a failed run without crashing and does not retry it before its next slot", async () => {
    const name = `failing-${randomBytes(4).toString("hex")}`;
    const { job, runs } = countingJob(name, RARE, async () => {
      throw new Error("relation does not exist");
    });
    const { log, lines } = capturedLog();
    await start([job], log);
    const id = await sendSlot(name);
    await vi.waitFor(() => expect(lines.some((line) => line.job === name)).toBe(true), { timeout: 10_000 });
    expect(lines.find((line) => line.job === name)).toMatchObject({
      level: 50,
      msg: "scheduled job failed",
      err: { message: "relation does not exist" },
    });
    // "failed" is final (a job left to retry is "retry"), and it was never retried: no time
    // window to wait out for a retry.
    await vi.waitFor(async () => expect((await client.getJobById(name, id as string))?.state).toBe("failed"));
    expect((await client.getJobById(name, id as string))?.retryCount).toBe(0);
    expect(runs).toHaveLength(1);
  });

  it("stop() waits for the run in flight", async () => {
    const name = `slow-${randomBytes(4).toString("hex")}`;
    const gate = deferred();
    let finished = false;
    const started = deferred();
    const { job } = countingJob(name, RARE, async () => {
      started.resolve();
      await gate.promise;
      finished = true;
    });
    const scheduler = await start([job]);
    await sendSlot(name);
    await started.promise;
    const stopped = scheduler.stop();
    // stop() goes through pg-boss's own I/O, so no event says "it would have returned by now";
    // real sleep: an observation window, the run is let go only after it.
    setTimeout(gate.resolve, 300);
    await stopped;
    expect(finished).toBe(true);
  });
});
