import { describe, expect, it } from "vitest";
import { createServer, DEFAULT_TIMEOUTS } from "./create-server.ts";
import { EnvelopeError } from "./error-envelope.ts";

const text = { en: "failed", tc: "失敗", sc: "失败" };
const envelope = {
  errorClass: class extends EnvelopeError {
    constructor(code: number) {
      super(code, 400);
    }
  },
  messages: { 1: text, 2: text, 3: text },
  codes: { validation: 1, notFound: 2, serviceUnavailable: 3 },
};

/*
 * Both servers (the member server and the standalone coin scheme) bound a request's time: Fastify
 * leaves Node's request timeout off, and an outside probe held a slowly sent body open 330 s.
 * The member server's own test sends one (cross-cutting/abuse-slow-body.test.ts).
 */
describe("createServer's timeouts", () => {
  it("by default a whole request has at most 60 s and headers no longer, checked often enough", async () => {
    const app = await createServer({ logLevel: "silent", trustProxy: 0, bodyLimit: 1024, envelope });
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
      envelope,
      timeouts: { requestMs: 5_000, keepAliveMs: 4_000 },
    });
    expect([app.server.requestTimeout, app.server.headersTimeout, app.server.keepAliveTimeout]).toEqual([
      5_000, 5_000, 4_000,
    ]);
    await app.close();
  });
});
