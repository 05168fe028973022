import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { setAsideOldPgBossSchema } from "./pg-boss-old-schema.ts";

/** Cron expressions are read in Hong Kong time, where the members and the operators are. */
export const SCHEDULE_TIME_ZONE = "Asia/Hong_Kong";

export interface ScheduledJob {
  /** Letters, digits and `-`, e.g. "purge-expired-tokens"; the pg-boss queue's name too. */
  name: string;
  /** 5-field cron, Hong Kong time (Asia/Hong_Kong). */
  cron: string;
  /** Idempotent; returns counts that the run's log line carries. */
  run(now: number): Promise<Record<string, number>>;
}

export interface Scheduler {
  /** Stops starting runs and waits for the one in flight, if any. */
  stop(): Promise<void>;
}

export type SchedulerLog = Pick<FastifyBaseLogger, "info" | "error">;

export interface SchedulerOptions {
  /** `postgres://…`: pg-boss on that database, each run once across instances; `sqlite:…`: in this process. */
  databaseUrl: string;
  jobs: readonly ScheduledJob[];
  log: SchedulerLog;
  /** Clock in unix milliseconds, handed to each run. */
  now?: () => number;
  /** pg-boss's own schema (PostgreSQL only); `pgboss` by default. */
  pgBossSchema?: string;
}

/**
 * Starts the scheduled jobs. On PostgreSQL pg-boss keeps the schedules and the runs in its
 * schema, so with several instances on one database each slot is run by one of them; on SQLite
 * croner times the runs in this process. Either way a run never overlaps itself, a
 * failed run is logged and waits for its next slot, and stop() waits for the run in flight.
 */
export async function startScheduler({
  databaseUrl,
  jobs,
  log,
  now = Date.now,
  pgBossSchema = "pgboss",
}: SchedulerOptions): Promise<Scheduler> {
  checkJobs(jobs);
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    return startPgBossScheduler(databaseUrl, pgBossSchema, jobs, log, now);
  }
  const scheduler = new InProcessScheduler(jobs, log, now);
  scheduler.start();
  return scheduler;
}

function checkJobs(jobs: readonly ScheduledJob[]) {
  const names = new Set<string>();
  for (const job of jobs) {
    if (!/^[A-Za-z0-9-]+$/.test(job.name)) throw new Error(`scheduled job "${job.name}": bad name`);
    if (names.has(job.name)) throw new Error(`scheduled job "${job.name}": listed twice`);
    names.add(job.name);
    // croner takes seconds (6 or 7 fields), and pg-boss sends at most one run a minute: five, for both.
    if (job.cron.trim().split(/\s+/).length !== 5) {
      throw new Error(`scheduled job "${job.name}": cron "${job.cron}" must have 5 fields`);
    }
    new Cron(job.cron, { timezone: SCHEDULE_TIME_ZONE, paused: true });
  }
}

/** Runs the job once and logs one line: its name, how long it took, and its counts or its error. */
async function runAndLog(
  job: ScheduledJob,
  log: SchedulerLog,
  now: () => number,
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const counts = await job.run(now());
    log.info({ job: job.name, durationMs: durationMs(), counts }, "scheduled job done");
    return { ok: true };
  } catch (error) {
    log.error({ job: job.name, durationMs: durationMs(), err: error }, "scheduled job failed");
    return { ok: false, error };
  }
}

/**
 * The queue of each job. `stately`: at most one run queued and one active per job across every
 * instance, so a slow run is never overlapped and a backlog never builds. No retries: a failed run
 * waits for its next slot. A run that outlives expireInSeconds (its instance died) is failed by
 * pg-boss's supervisor, which lets the next slot run.
 */
const QUEUE_POLICY = "stately";
const QUEUE_OPTIONS = { retryLimit: 0, expireInSeconds: 15 * 60 } as const;

/**
 * What each scheduled slot inserts. pg-boss's timekeeper already sends a slot once across
 * instances; the singleton per job and minute makes a second insert of the same slot a no-op too.
 */
export const SLOT_OPTIONS = { tz: SCHEDULE_TIME_ZONE, singletonKey: "slot", singletonSeconds: 60 } as const;

async function startPgBossScheduler(
  databaseUrl: string,
  schema: string,
  jobs: readonly ScheduledJob[],
  log: SchedulerLog,
  now: () => number,
): Promise<Scheduler> {
  // pg-boss names every object with its schema, so a search_path in the URL (the tests' isolated
  // schemas, a deployment's own schema) leaves it alone.
  const boss = new PgBoss({ connectionString: databaseUrl, schema, max: 4, application_name: "scheduler" });
  // Without a listener an 'error' event (a lost connection in its maintenance) would end the process.
  boss.on("error", (error) => log.error({ err: error }, "pg-boss error"));
  try {
    await oneAtATime(databaseUrl, `scheduler:${schema}`, async (client) => {
      const retired = await setAsideOldPgBossSchema(client, schema);
      if (retired)
        log.info({ schema, retired }, "pg-boss schema too old to migrate, renamed; a new one installed");
      await boss.start();
      for (const job of jobs) {
        await boss.createQueue(job.name, { policy: QUEUE_POLICY, ...QUEUE_OPTIONS });
        // createQueue leaves an existing queue as it was: bring its options to these (its policy
        // is fixed at creation).
        await boss.updateQueue(job.name, QUEUE_OPTIONS);
        await boss.schedule(job.name, job.cron, {}, SLOT_OPTIONS);
      }
    });
    for (const job of jobs) {
      await boss.work(job.name, { batchSize: 1, pollingIntervalSeconds: 2 }, async () => {
        const result = await runAndLog(job, log, now);
        // Recorded as failed in pg-boss's archive; already logged, and not retried (retryLimit 0).
        if (!result.ok) throw result.error;
      });
    }
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => {});
    throw error;
  }
  return {
    stop: () => boss.stop({ graceful: true, timeout: 8_000 }),
  };
}

/**
 * Runs `work` under a session advisory lock named `key`, on the connection that holds it:
 * instances starting together would otherwise set aside the same old schema or create the same
 * queue at once, and pg-boss's queue creation (a partition of its job table) then deadlocks.
 */
async function oneAtATime(
  databaseUrl: string,
  key: string,
  work: (client: pg.Client) => Promise<void>,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext($1))", [key]);
    try {
      await work(client);
    } finally {
      await client.query("select pg_advisory_unlock(hashtext($1))", [key]);
    }
  } finally {
    await client.end();
  }
}

interface Slot {
  job: ScheduledJob;
  cron: Cron;
  /** The next slot's time (unix ms); null when the expression has none left. */
  next: number | null;
  running: Promise<void> | undefined;
}

/** Re-read the clock at least this often, so a clock change or a long sleep delays no slot for long. */
const MAX_SLEEP_MS = 60_000;

/**
 * The jobs in this one process (SQLite). croner computes each job's next slot in Hong Kong time;
 * runDue() runs the jobs whose slot has come. A job still running at its next slot skips that
 * slot, and slots missed while the process slept or ran are run once, not once each. Exported so
 * that tests drive runDue() with their own clock instead of waiting for the minute.
 */
export class InProcessScheduler implements Scheduler {
  private readonly slots: Slot[];
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    jobs: readonly ScheduledJob[],
    private readonly log: SchedulerLog,
    private readonly now: () => number = Date.now,
  ) {
    checkJobs(jobs);
    const from = now();
    this.slots = jobs.map((job) => {
      const cron = new Cron(job.cron, { timezone: SCHEDULE_TIME_ZONE, paused: true });
      return { job, cron, next: nextAfter(cron, from), running: undefined };
    });
  }

  /** The next slot of each job (unix ms, null for none), by name. */
  nextRuns(): Record<string, number | null> {
    return Object.fromEntries(this.slots.map((slot) => [slot.job.name, slot.next]));
  }

  /** Starts the runs whose slot has come and resolves when those have finished. */
  runDue(): Promise<void> {
    const started: Promise<void>[] = [];
    const now = this.now();
    for (const slot of this.slots) {
      if (this.stopped || slot.next === null || slot.next > now) continue;
      slot.next = nextAfter(slot.cron, now);
      if (slot.running) continue;
      const run = runAndLog(slot.job, this.log, this.now).then(() => {
        slot.running = undefined;
      });
      slot.running = run;
      started.push(run);
    }
    return Promise.all(started).then(() => {});
  }

  /** Arms the timer: runDue() at each slot. */
  start(): void {
    if (this.stopped) return;
    const nexts = this.slots.map((slot) => slot.next).filter((next) => next !== null);
    if (nexts.length === 0) return;
    const delay = Math.min(Math.max(Math.min(...nexts) - this.now(), 0), MAX_SLEEP_MS);
    this.timer = setTimeout(() => {
      void this.runDue();
      this.start();
    }, delay);
    // The timer alone does not keep the process alive: the server does.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.all(this.slots.map((slot) => slot.running));
  }
}

function nextAfter(cron: Cron, time: number): number | null {
  return cron.nextRun(new Date(time))?.getTime() ?? null;
}
