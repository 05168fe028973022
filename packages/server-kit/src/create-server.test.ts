import { afterEach, describe, expect, it, vi } from "vitest";
import { createServer, DEFAULT_PRESSURE, DEFAULT_TIMEOUTS, type PressureLimits } from "./create-server.ts";
import { EnvelopeError, type ErrorEnvelope } from "./error-envelope.ts";
import { healthRoutes } from "./health-routes.ts";

/*
 * Issue 25: an instance under pressure sheds load with the app's own 5030 and Retry-After, never
 * a bare 503 or a 500, while its health checks still answer.
 */

class TestError extends EnvelopeError {
  constructor(code: 4000 | 4040 | 5030, details: Record<string, unknown> = {}) {
    super(code, code === 5030 ? 503 : code === 4040 ? 404 : 400, details);
  }
}
const text = (en: string) => ({ en, tc: `${en}（繁）`, sc: `${en}（简）` });
const ENVELOPE: ErrorEnvelope<4000 | 4040 | 5030> = {
  errorClass: TestError,
  messages: { 4000: text("invalid"), 4040: text("no such call"), 5030: text("busy, try again") },
  codes: { validation: 4000, notFound: 4040, serviceUnavailable: 5030 },
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function server(pressure?: PressureLimits) {
  const app = await createServer({
    logLevel: "silent",
    trustProxy: 0,
    bodyLimit: 1024,
    envelope: ENVELOPE,
    pressure,
  });
  await app.register(healthRoutes, { ping: async () => {}, unavailable: () => new TestError(5030) });
  app.get("/work", async () => ({ code: 200, payload: { done: true } }));
  await app.ready();
  close = () => app.close();
  return app;
}

/** Asks until the instance sheds (its pressure held for three samples); fails after a second. */
function untilShed(app: Awaited<ReturnType<typeof server>>) {
  return vi.waitFor(
    async () => {
      const res = await app.inject({ url: "/work", headers: { "accept-language": "en" } });
      if (res.statusCode === 200) throw new Error("not shedding yet");
      return res;
    },
    { timeout: 1000, interval: 5 },
  );
}

describe("load shedding (@fastify/under-pressure)", () => {
  it("past a threshold for three samples answers 5030 in the envelope with Retry-After; /healthz and /readyz still answer", async () => {
    const app = await server({ maxEventLoopDelayMs: 0, maxHeapUsedBytes: 1, sampleIntervalMs: 10 });
    const shed = await untilShed(app);
    expect(shed.statusCode).toBe(503);
    expect(shed.headers["retry-after"]).toBe("5");
    expect(shed.json()).toEqual({
      code: 503,
      error_code: 5030,
      error_message: "busy, try again",
      payload: {
        error_code: 5030,
        error_message: "busy, try again",
        reason: "overloaded",
        retry_after_seconds: 5,
      },
    });
    expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/readyz" })).statusCode).toBe(200);
  });

  it("sheds nothing under the default thresholds", async () => {
    // The default thresholds, sampled often. Once a sample has measured the heap (0 before the
    // first) and the event loop (the first sample may find no delay recorded yet and read it as
    // infinite) and found no pressure, the count of pressed samples starts again from 0.
    const app = await server({ ...DEFAULT_PRESSURE, sampleIntervalMs: 10 });
    await vi.waitFor(
      () => {
        const { heapUsed, eventLoopDelay } = app.memoryUsage();
        expect(heapUsed).toBeGreaterThan(0);
        expect(eventLoopDelay).toBeLessThan(Infinity);
      },
      { interval: 5 },
    );
    expect(app.isUnderPressure()).toBe(false);
    expect((await app.inject({ url: "/work", headers: { "accept-language": "en" } })).statusCode).toBe(200);
  });
});

/*
 * Both servers (the member server and the standalone coin scheme) bound a request's time: Fastify
 * leaves Node's request timeout off, and an outside probe held a slowly sent body open 330 s.
 * The member server's own test sends one (cross-cutting/abuse-slow-body.test.ts).
 */
describe("createServer's timeouts", () => {
  it("by default a whole request has at most 60 s and headers no longer, checked often enough", async () => {
    const app = await createServer({
      logLevel: "silent",
      trustProxy: 0,
      bodyLimit: 1024,
      envelope: ENVELOPE,
    });
    expect(DEFAULT_TIMEOUTS.requestMs).toBeLessThanOrEqual(60_000);
    expect(app.server.requestTimeout).toBe(DEFAULT_TIMEOUTS.requestMs);
    expect(app.server.headersTimeout).toBe(DEFAULT_TIMEOUTS.requestMs);
    expect(app.server.keepAliveTimeout).toBe(DEFAULT_TIMEOUTS.keepAliveMs);
    await app.close();
  });

  it("takes the app's own", async () => {
    const app = await createServer({
      logLevel: "silent",
      trustProxy: 0,
      bodyLimit: 1024,
      envelope: ENVELOPE,
      timeouts: { requestMs: 5_000, keepAliveMs: 4_000 },
    });
    expect([app.server.requestTimeout, app.server.headersTimeout, app.server.keepAliveTimeout]).toEqual([
      5_000, 5_000, 4_000,
    ]);
    await app.close();
  });
});
