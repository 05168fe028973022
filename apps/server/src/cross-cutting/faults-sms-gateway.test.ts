import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { ERROR_MESSAGES, ErrorCode } from "@hcoins/domain/codes";
import { afterEach, describe, expect, it } from "vitest";
import { nextPhone, validRegistration } from "../testing/flows.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { expectFailure } from "./support.ts";

/*
 * The SMS gateway (SMS_PROVIDER=http) failing: a local HTTP server stands in for it and
 * hangs past SMS_HTTP_TIMEOUT_MS, answers 5xx, or is not there at all (connection refused).
 * The member gets 5030 in their language, and the failed send is not counted: neither the
 * resend wait nor the hourly limits are used up, so asking again works as soon as the
 * gateway is back.
 */

type Mode = "deliver" | "hang" | "fail";

/** A gateway that can be switched between delivering, hanging, failing and not listening at all (refused). */
async function startGateway() {
  let mode: Mode = "deliver";
  const delivered: { to: string; text: string }[] = [];
  const sockets = new Set<Socket>();
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      if (mode === "hang") return;
      if (mode === "fail") return response.writeHead(503).end("gateway overloaded");
      // A send cut off by the server's timeout can arrive without its body: refuse it, as a
      // real gateway would, instead of throwing inside the test's own server.
      try {
        delivered.push(JSON.parse(body));
      } catch {
        return response.writeHead(400).end("bad request");
      }
      response.writeHead(202).end();
    });
  };
  const server = createServer(handle);
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  const stop = () =>
    new Promise<void>((done) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => done());
    });
  return {
    url: `http://127.0.0.1:${port}/sms`,
    delivered,
    set(next: Mode) {
      mode = next;
    },
    /** Stops listening: connections are refused until listen(). */
    refuse: stop,
    listen: () => new Promise<void>((done) => server.listen(port, "127.0.0.1", done)),
    stop,
  };
}

type Gateway = Awaited<ReturnType<typeof startGateway>>;

let gateway: Gateway | undefined;
let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  await gateway?.stop();
  app = undefined;
  gateway = undefined;
});

async function start(env: Record<string, string> = {}) {
  gateway = await startGateway();
  app = await createTestApp({
    env: { SMS_PROVIDER: "http", SMS_HTTP_URL: gateway.url, SMS_HTTP_TIMEOUT_MS: "1000", ...env },
  });
  return { t: app, g: gateway };
}

const number = (phone: string) => ({ mobile_phone_prefix: "852", mobile_phone: phone });
const requestCode = (t: TestApp, phone: string, lang = "en") =>
  t.call("POST", "/crm/registration/request-sms-token", { body: number(phone), lang });
const codeIn = (text: string) => /\b\d{6}\b/.exec(text)?.[0] as string;

const FAILURES: [string, (g: Gateway) => Promise<void> | void, (g: Gateway) => Promise<void> | void][] = [
  ["hangs past SMS_HTTP_TIMEOUT_MS", (g) => g.set("hang"), (g) => g.set("deliver")],
  ["answers 503", (g) => g.set("fail"), (g) => g.set("deliver")],
  ["refuses connections", (g) => g.refuse(), (g) => g.listen()],
];

describe("the SMS gateway failing", () => {
  it.each(FAILURES)(
    "%s: 5030 in the member's language, and asking again works once it is back",
    async (_name, fail, recover) => {
      const { t, g } = await start();
      const phone = nextPhone();
      await fail(g);
      for (const [lang, language] of [
        ["en", "en"],
        ["zh-HK", "tc"],
        ["zh-CN", "sc"],
      ] as const) {
        const started = Date.now();
        const res = await requestCode(t, phone, lang);
        expectFailure(res, 503, ErrorCode.serviceUnavailable);
        expect(res.body.error_message).toBe(ERROR_MESSAGES[ErrorCode.serviceUnavailable][language]);
        // A hanging gateway is cut off at the timeout (1 s: a busy CI machine can take 300 ms
        // for a send that went through), not after fetch's own minutes.
        expect(Date.now() - started).toBeLessThan(5_000);
      }
      expect(g.delivered).toEqual([]);

      await recover(g);
      // Right after the failures: no resend wait (4203) and no hourly limit (4204) in the way.
      const res = await requestCode(t, phone);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(g.delivered.map((sms) => sms.to)).toEqual([`+852${phone}`]);
      const code = codeIn((g.delivered[0] as { text: string }).text);
      const verify = await t.call("POST", "/crm/registration/register-token-status", {
        body: { ...number(phone), sms_token: code },
      });
      expect(verify.status, JSON.stringify(verify.body)).toBe(200);
      // The send that went out is counted: a second one within the minute is 4203.
      expectFailure(await requestCode(t, phone), 429, ErrorCode.smsTooSoon);
    },
  );

  it("failed sends use up neither the per-number nor the per-client hourly limit", async () => {
    const { t, g } = await start({ SMS_NUMBER_HOURLY_LIMIT: "1", SMS_CLIENT_HOURLY_LIMIT: "1" });
    const phone = nextPhone();
    g.set("fail");
    for (let i = 0; i < 3; i++) expectFailure(await requestCode(t, phone), 503, ErrorCode.serviceUnavailable);
    g.set("deliver");
    expect((await requestCode(t, phone)).status).toBe(200);
    // The one real send is counted against the client's limit of 1.
    expectFailure(await requestCode(t, nextPhone()), 429, ErrorCode.smsTooMany);
    expect(g.delivered).toHaveLength(1);
  });

  it("a reset code the gateway refused: 5030, and the member can ask again at once", async () => {
    const { t, g } = await start();
    // Registered with the code from the gateway's inbox (the HTTP provider has no dev outbox).
    const phone = nextPhone();
    expect((await requestCode(t, phone)).status).toBe(200);
    const code = codeIn((g.delivered.at(-1) as { text: string }).text);
    const verified = await t.call("POST", "/crm/registration/register-token-status", {
      body: { ...number(phone), sms_token: code },
    });
    expect(verified.status).toBe(200);
    const registered = await t.call("POST", "/crm/registration/register-with-mobile", {
      body: { ...validRegistration(phone), sms_token: code },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);

    g.set("fail");
    const forgot = () =>
      t.call("POST", "/crm/auth/forgot-password-with-mobile", { body: number(phone), lang: "zh-HK" });
    const failed = await forgot();
    expectFailure(failed, 503, ErrorCode.serviceUnavailable);
    expect(failed.body.error_message).toBe(ERROR_MESSAGES[ErrorCode.serviceUnavailable].tc);
    g.set("deliver");
    expect((await forgot()).status).toBe(200);
    expect(g.delivered).toHaveLength(2);
  });
});
