import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

/*
 * A client that sends its body a byte at a time holds a connection (and its parser) for as long as
 * it likes unless the server bounds the whole request (docs/reliability.md, "Slow requests"). An
 * outside probe kept one open 330 s. Here a real listening server with REQUEST_TIMEOUT_MS=1000
 * must close such a connection within a few seconds, and the default must be at most 60 s.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Sends a POST's headers, then one body byte every 200 ms; resolves with what came back and when the socket closed. */
function dribble(port: number, giveUpMs: number) {
  return new Promise<{ closedAfterMs: number | null; answer: string }>((done) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedAfterMs: number | null) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      done({ closedAfterMs, answer });
    };
    const giveUp = setTimeout(() => finish(null), giveUpMs);
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("error", () => {});
    socket.on("close", () => finish(Date.now() - started));
    socket.on("connect", () => {
      socket.write(
        "POST /crm/auth/login-with-mobile-password HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
          "Content-Type: application/json\r\nContent-Length: 1000\r\nAuthorization: Bearer web:guest\r\n\r\n{",
      );
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(" ");
      }, 200);
    });
  });
}

describe("slow request bodies", () => {
  it("a body sent a byte at a time is cut off at REQUEST_TIMEOUT_MS (408), not held open", async () => {
    t = await createTestApp({ env: { REQUEST_TIMEOUT_MS: "1000" } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const { closedAfterMs, answer } = await dribble(port, 8_000);
    expect(closedAfterMs, "still open after 8 s").not.toBeNull();
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(4_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("by default a whole request has at most 60 s, headers no longer than that, on the listening server", async () => {
    const config = loadConfig({ NODE_ENV: "test" });
    expect(config.REQUEST_TIMEOUT_MS).toBeGreaterThan(0);
    expect(config.REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(60_000);
    t = await createTestApp();
    const server = t.app.server;
    expect(server.requestTimeout).toBe(config.REQUEST_TIMEOUT_MS);
    expect(server.headersTimeout).toBeGreaterThan(0);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
  });
});
