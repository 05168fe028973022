import { createServer, type Server } from "node:net";
import { ErrorCode } from "@hcoins/domain/codes";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startTcpRelay, type TcpRelay } from "../testing/tcp-relay.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { expectFailure, logCollector, useRedis } from "./support.ts";

/*
 * An instance started while Redis cannot be reached (docs/reliability.md, "Faults"): it starts
 * degraded instead of crashing — /readyz answers 503 until Redis answers, the counters behave as
 * when Redis drops later (the general limit and lookup budgets count in the process, SMS and login
 * counters fail closed) — and says so once in the log, then once more when Redis is back.
 */

let t: TestApp | undefined;
let relay: TcpRelay | undefined;
let refusing: Server | undefined;
afterEach(async () => {
  await t?.close();
  await relay?.cut();
  await new Promise((done) => (refusing ? refusing.close(done) : done(undefined)));
  t = undefined;
  relay = undefined;
  refusing = undefined;
});

/** A loopback port that resets every connection at once (no Redis there), counting the attempts. */
async function resettingPort() {
  const seen = { attempts: 0 };
  const server = createServer((socket) => {
    seen.attempts += 1;
    socket.resetAndDestroy();
  });
  refusing = server;
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  return { port: typeof address === "object" && address ? address.port : 0, seen };
}

const messages = (lines: string[]) => lines.map((line) => String(JSON.parse(line).msg));
const DOWN = "redis unreachable: counters fail closed or count in this process until it answers";
const UP = "redis reachable: counters shared again";

describe("Redis unreachable at start", () => {
  it("the server starts degraded: /readyz 503 (redis down), /healthz 200, lookups served; one log line", async () => {
    const log = logCollector();
    const redis = await resettingPort();
    t = await createTestApp({
      env: { REDIS_URL: `redis://127.0.0.1:${redis.port}`, LOG_LEVEL: "warn" },
      logStream: log.stream,
    });
    const ready = await t.call("GET", "/readyz", { token: null });
    expectFailure(ready, 503, ErrorCode.serviceUnavailable);
    expect(ready.body.payload).toMatchObject({
      status: "degraded",
      dependencies: { database: "up", redis: "down" },
    });
    expect((await t.call("GET", "/healthz", { token: null })).status).toBe(200);
    const checked = await t.call("POST", "/custom-api/api/Member/CheckPhone", {
      body: { mobile_phone_prefix: "852", mobile_phone: "91234567" },
    });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    // SMS sends fail closed, as when Redis drops later.
    expectFailure(
      await t.call("POST", "/crm/registration/request-sms-token", {
        body: { mobile_phone_prefix: "852", mobile_phone: "91234568" },
      }),
      503,
      ErrorCode.serviceUnavailable,
    );
    // ioredis keeps retrying: several failed attempts, one line.
    await vi.waitFor(() => expect(redis.seen.attempts).toBeGreaterThanOrEqual(4), { timeout: 10_000 });
    expect(messages(log.lines).filter((msg) => msg.startsWith("redis"))).toEqual([DOWN]);
  });

  it.runIf(useRedis)("once Redis answers, /readyz turns 200 and the log says so once", async () => {
    const redisUrl = new URL(process.env.REDIS_URL as string);
    relay = await startTcpRelay(Number(redisUrl.port || 6379), redisUrl.hostname);
    await relay.cut();
    redisUrl.hostname = "127.0.0.1";
    redisUrl.port = String(relay.port);
    const log = logCollector();
    t = await createTestApp({
      env: { REDIS_URL: redisUrl.toString(), LOG_LEVEL: "warn" },
      logStream: log.stream,
    });
    const app = t;
    const ready = () => app.call("GET", "/readyz", { token: null });
    expectFailure(await ready(), 503, ErrorCode.serviceUnavailable);

    await relay.restore();
    await vi.waitFor(async () => expect((await ready()).status).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
    expect((await ready()).body.payload).toEqual({
      status: "ok",
      dependencies: { database: "up", redis: "up" },
    });
    const sms = await t.call("POST", "/crm/registration/request-sms-token", {
      body: { mobile_phone_prefix: "852", mobile_phone: "91234569" },
    });
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);
    expect(messages(log.lines).filter((msg) => msg.startsWith("redis"))).toEqual([DOWN, UP]);
  });
});
