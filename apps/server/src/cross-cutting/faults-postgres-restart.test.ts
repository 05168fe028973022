import { afterEach, describe, expect, it, vi } from "vitest";
import { nextPhone } from "../testing/flows.ts";
import { postgresBinaries, startPrivatePostgres } from "../testing/private-postgres.ts";
import { startServerProcess, stopServerProcesses } from "../testing/server-process.ts";
import { envelopeProblem, usePostgres } from "./support.ts";

/*
 * PostgreSQL restarted under load: the real server process runs on a cluster the test
 * creates itself (initdb, its own port; never the machine's shared server), callers keep
 * reading and writing, and the cluster is stopped and started again. Every answer must be
 * 200 or 503 / 5030 in the envelope (never a 500, never a hang), and the same server
 * process must answer 200 again once PostgreSQL is back, without being restarted.
 *
 * It brings its own PostgreSQL, so it runs once, in the server-sqlite project.
 */

const bin = postgresBinaries();
/** Longer than the pool's connection timeout (5 s): past it a call counts as a hang. */
const HANG_MS = 10_000;
const CALLERS = 6;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await stopServerProcesses();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** For a 503: null when it is the contract's 5030 envelope, else what is wrong. */
function unavailableProblem(raw: string): string | null {
  const body = JSON.parse(raw);
  const message = body.error_message;
  const whole =
    body.code === 503 &&
    body.error_code === 5030 &&
    typeof message === "string" &&
    message !== "" &&
    body.payload?.error_code === 5030 &&
    body.payload?.error_message === message;
  return whole ? null : `not the 5030 envelope: ${raw}`;
}

interface Answer {
  at: number;
  ms: number;
  status: number;
  errorCode: number | null;
  problem: string | null;
}

describe.skipIf(usePostgres)("PostgreSQL restarted under load", () => {
  it.skipIf(!bin)(
    "answers 503 / 5030 while it is down and 200 again after, in the same process",
    {
      timeout: 180_000,
    },
    async () => {
      const postgres = await startPrivatePostgres(bin as string);
      cleanups.push(() => postgres.remove());
      const server = await startServerProcess({
        env: {
          DATABASE_URL: postgres.url,
          SMS_CLIENT_HOURLY_LIMIT: "100000",
          SMS_PER_NETWORK_HOURLY_LIMIT: "100000",
          RATE_LIMIT_PER_MINUTE: "100000",
          LOOKUP_CLIENT_MINUTE_LIMIT: "100000",
          LOOKUP_CLIENT_DAILY_LIMIT: "100000",
          SMS_TOTAL_HOURLY_LIMIT: "100000",
          SEED_CONTENT: "false",
        },
      });

      // Reads (CheckEmail), writes (a new SMS code) and /healthz, each caller in a loop.
      const calls = [
        () => ({ path: "/custom-api/api/Member/CheckEmail", body: { email: "nobody@example.com" } }),
        () => ({
          path: "/crm/registration/request-sms-token",
          body: { mobile_phone_prefix: "852", mobile_phone: nextPhone() },
        }),
        () => ({ path: "/healthz", body: undefined }),
      ];
      const answers: Answer[] = [];
      let running = true;
      const caller = async (index: number) => {
        for (let n = index; running; n++) {
          const { path, body } = (calls[n % calls.length] as (typeof calls)[number])();
          const started = Date.now();
          try {
            const res = await fetch(`${server.url}${path}`, {
              method: body ? "POST" : "GET",
              headers: { authorization: "Bearer web:guest", "content-type": "application/json" },
              ...(body ? { body: JSON.stringify(body) } : {}),
              signal: AbortSignal.timeout(HANG_MS),
            });
            const raw = await res.text();
            answers.push({
              at: started,
              ms: Date.now() - started,
              status: res.status,
              errorCode: res.status === 200 ? null : (JSON.parse(raw).error_code ?? null),
              problem:
                res.status === 503
                  ? unavailableProblem(raw)
                  : envelopeProblem(path, res.status, res.headers.get("content-type") ?? "", raw),
            });
          } catch (error) {
            // No answer at all (a hang past HANG_MS, a dropped connection): the worst outcome.
            answers.push({
              at: started,
              ms: Date.now() - started,
              status: 0,
              errorCode: null,
              problem: String(error),
            });
          }
          // real sleep: the load's pace, not a wait: each caller makes some 50 calls a second at most.
          await new Promise((done) => setTimeout(done, 20));
        }
      };
      const load = Array.from({ length: CALLERS }, (_, index) => caller(index));
      /** Resolves once `count` calls started at `from` or later answered `status`. */
      const answered = (status: number, from: number, count: number) =>
        vi.waitFor(
          () =>
            expect(answers.filter((a) => a.at >= from && a.status === status).length).toBeGreaterThanOrEqual(
              count,
            ),
          { timeout: 30_000 },
        );

      let stopped = 0;
      let back = 0;
      let recovered: number | null = null;
      try {
        // Under load: every caller has been answered a few times.
        await answered(200, 0, 3 * CALLERS);
        stopped = Date.now();
        await postgres.stop();
        // Down for a moment, until calls made after the stop met it: new connections are
        // refused, not only the open ones dropped.
        await answered(503, Date.now(), CALLERS);
        await postgres.start();
        back = Date.now();
        recovered = await answered(200, back, 1).then(
          () => {
            const ok = answers.find((a) => a.at >= back && a.status === 200) as Answer;
            return ok.at + ok.ms;
          },
          () => null,
        );
        // Still under load after the recovery: every caller answered twice more (all 200, below).
        if (recovered !== null) await answered(200, recovered, 2 * CALLERS).catch(() => {});
      } finally {
        running = false;
        await Promise.all(load);
      }

      // What the server logged for anything that was not a clean 5030, for the failure message.
      const unhandled = server
        .output()
        .split("\n")
        .filter((line) => line.includes("unhandled error"))
        .join("\n");
      const failed = answers.filter((a) => a.status !== 200);
      expect(failed.length, "some calls should meet PostgreSQL down").toBeGreaterThan(0);
      for (const a of failed) {
        expect(a.status, `${JSON.stringify(a)}\n${unhandled}`).toBe(503);
        expect(a.errorCode).toBe(5030);
      }
      expect(answers.filter((a) => a.problem !== null)).toEqual([]);
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(HANG_MS);
      expect(recovered, "no 200 after PostgreSQL came back").not.toBeNull();
      const afterRecovery = answers.filter((a) => a.at > (recovered as number));
      expect(afterRecovery.length).toBeGreaterThan(0);
      expect(afterRecovery.filter((a) => a.status !== 200)).toEqual([]);
      expect(server.child.exitCode).toBeNull();

      const firstFailure = Math.min(...failed.map((a) => a.at));
      console.info(
        `faults-postgres-restart: ${answers.length} calls, ${failed.length} answered 503 / 5030 ` +
          `(first ${firstFailure - stopped} ms after the stop began); PostgreSQL down ${back - stopped} ms; ` +
          `first 200 ${(recovered as number) - back} ms after it accepted connections again; ` +
          `slowest call ${Math.max(...answers.map((a) => a.ms))} ms`,
      );
    },
  );
});
