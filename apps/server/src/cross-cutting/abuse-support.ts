import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { usePostgres, useRedis } from "./support.ts";

/**
 * The deployments the abuse suites attack: one instance (its own counters: in-process
 * under server-sqlite, Redis under server-postgres) and, with PostgreSQL and Redis, two
 * instances sharing both, the attacker's calls alternating between them. `sqliteFile` adds,
 * without PostgreSQL, two instances on one SQLite file: they share what the database
 * holds (a code's wrong tries), not the in-process counters.
 */
export interface Deployment {
  name: string;
  /** Whether the instances count limits in one place (always so for one instance). */
  sharedCounters: boolean;
  start(env?: Record<string, string>): Promise<TestApp[]>;
}

export function deployments({ sqliteFile = false } = {}): Deployment[] {
  let open: TestApp[] = [];
  let directories: string[] = [];
  afterEach(async () => {
    // Shared instances first: the first one drops the storage they share.
    for (const t of open.reverse()) await t.close();
    open = [];
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
    directories = [];
  });
  const one: Deployment = {
    name: "one instance",
    sharedCounters: true,
    async start(env = {}) {
      const t = await createTestApp({ env });
      open.push(t);
      return [t];
    },
  };
  const two: Deployment = {
    name: "two instances on one PostgreSQL and one Redis",
    sharedCounters: true,
    async start(env = {}) {
      const first = await createTestApp({ env });
      open.push(first);
      const second = await createTestApp({ shareWith: first });
      open.push(second);
      return [first, second];
    },
  };
  if (usePostgres) return useRedis ? [one, two] : [one];
  if (!sqliteFile) return [one];
  const onOneFile: Deployment = {
    name: "two instances on one SQLite file",
    sharedCounters: false,
    async start(env = {}) {
      const directory = mkdtempSync(join(tmpdir(), "hcoins-abuse-"));
      directories.push(directory);
      return two.start({ ...env, DATABASE_URL: `sqlite:${join(directory, "members.db")}` });
    },
  };
  return [one, onOneFile];
}

/** The instance that takes the i-th call: they take turns. */
export const turn = (instances: TestApp[], i: number) => instances[i % instances.length] as TestApp;

/** Moves the instances' clock (one clock, which they share) by `ms`: past a resend wait, say, without waiting. */
export const advance = (instances: TestApp[], ms: number) => (instances[0] as TestApp).clock.advance(ms);

/** How many answers had each status and error code, e.g. {"200": 30, "429/4204": 15}. */
// biome-ignore lint/suspicious/noExplicitAny: envelope bodies are read freely
export function tally(answers: { status: number; body: any }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, body } of answers) {
    const key = status === 200 ? "200" : `${status}/${body?.error_code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
