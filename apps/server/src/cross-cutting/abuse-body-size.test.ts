import type { IncomingMessage, ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";
import { CONTRACT } from "@hcoins/domain/api/contract";
import { serverPath } from "@hcoins/domain/api/routes";
import { ERROR_MESSAGES } from "@hcoins/domain/codes";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registerMember } from "../testing/flows.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { apiRoutes, expectFailure } from "./support.ts";

/**
 * Bodies over the 64 KiB limit are refused with 413 / 4130 in the envelope, in the
 * request's language, on every POST call; and early: a body announced too large is
 * refused before any of it is read, a streamed one as soon as it passes the limit.
 */

const LIMIT = 64 * 1024; // app.ts's bodyLimit

let t: TestApp;
let port: number;
/** A member-only call refuses a guest before reading the body (plugins/auth-header.ts): those calls go as a member. */
let memberToken: string;
const MEMBER_ONLY = new Set(
  Object.values(CONTRACT)
    .filter((entry) => entry.access === "member")
    .map(serverPath),
);
let postPaths: string[];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "100000" } });
  memberToken = (await registerMember(t)).token;
  postPaths = apiRoutes(t.app)
    .filter((route) => route.method === "POST")
    .map((route) => route.path);
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t?.close());

/** A JSON body of exactly `size` bytes. */
const jsonOf = (size: number) => {
  const shell = JSON.stringify({ mobile_phone_prefix: "852", x: "" });
  return `${shell.slice(0, -2)}${"a".repeat(size - shell.length)}"}`;
};
const formOf = (size: number) => `x=${"a".repeat(size - 2)}`;

async function post(url: string, payload: string, contentType: string, lang = "en") {
  const res = await t.app.inject({
    method: "POST",
    url,
    payload,
    headers: {
      "content-type": contentType,
      "accept-language": lang,
      authorization: `Bearer web:${MEMBER_ONLY.has(url) ? memberToken : "guest"}`,
    },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe("a body over the limit", () => {
  it("is refused with 413 / 4130 on every POST call, as JSON and as a form", async () => {
    expect(postPaths.length).toBeGreaterThan(15);
    for (const path of postPaths) {
      for (const [payload, type] of [
        [jsonOf(LIMIT + 1), "application/json"],
        [formOf(LIMIT + 1), "application/x-www-form-urlencoded"],
      ] as const) {
        expect(payload.length).toBe(LIMIT + 1);
        const res = await post(path, payload, type);
        expectFailure(res, 413, 4130);
      }
    }
  });

  it("is read at the limit itself (an answer other than 413)", async () => {
    for (const path of postPaths) {
      const res = await post(path, jsonOf(LIMIT), "application/json");
      expect(res.status, path).not.toBe(413);
    }
  });

  it.each([
    ["en", "en"],
    ["zh-HK", "tc"],
    ["zh-CN", "sc"],
  ] as const)("is refused in the request's language (Accept-Language %s)", async (lang, language) => {
    const res = await post(
      "/crm/auth/login-with-mobile-password",
      jsonOf(LIMIT + 1),
      "application/json",
      lang,
    );
    expectFailure(res, 413, 4130);
    expect(res.body.error_message).toBe(ERROR_MESSAGES[4130][language]);
  });
});

/** Opens a connection and collects what the server answers, with the time it came. */
function rawRequest(head: string) {
  const socket: Socket = connect(port, "127.0.0.1");
  const started = performance.now();
  let answer = "";
  let answeredAt: number | undefined;
  const closed = new Promise<number>((resolve) =>
    socket.on("close", () => resolve(performance.now() - started)),
  );
  socket.on("data", (chunk) => {
    answer += chunk.toString();
    answeredAt ??= performance.now() - started;
  });
  socket.on("error", () => {}); // the server closing on us mid-write is the expected end
  socket.write(head);
  return {
    socket,
    closed,
    answer: () => answer,
    answeredAt: () => answeredAt,
  };
}

const HEAD = (extra: string) =>
  "POST /crm/auth/login-with-mobile-password HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
  `Authorization: Bearer web:guest\r\nAccept-Language: en\r\n${extra}\r\n`;

describe("a body over the limit, on a real connection", () => {
  it("announced as 1 GiB with 10 bytes sent: 413 at once, and the connection closed", async () => {
    const request = rawRequest(`${HEAD("Content-Length: 1073741824\r\n")}{"mobile_`);
    const closedAfter = await request.closed;
    const answer = request.answer();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(answer).toContain('"error_code":4130');
    expect(request.answeredAt()).toBeLessThan(1_000);
    expect(closedAfter).toBeLessThan(2_000);
  });

  it("streamed slowly without a length: 413 as soon as it passes the limit, not at its end", async () => {
    // The server's side of the connection: what it has read, and whether it has answered.
    const served = new Promise<{ req: IncomingMessage; res: ServerResponse }>((resolve) =>
      t.app.server.once("request", (req, res) => resolve({ req, res })),
    );
    const head = HEAD("Transfer-Encoding: chunked\r\n");
    const request = rawRequest(head);
    let sent = Buffer.byteLength(head);
    const chunk = (text: string) => {
      const framed = `${text.length.toString(16)}\r\n${text}\r\n`;
      sent += Buffer.byteLength(framed);
      request.socket.write(framed);
    };
    chunk(`{"x":"${"a".repeat(LIMIT - 100)}`);
    // Under the limit: once the server has read every byte sent and handled them (one turn of
    // its event loop), it is still reading, not answering.
    const { req, res } = await served;
    await vi.waitFor(() => expect(req.socket.bytesRead).toBe(sent));
    await new Promise((resolve) => setImmediate(resolve));
    expect(res.headersSent).toBe(false);
    expect(request.answer()).toBe("");
    const over = performance.now();
    const drip = setInterval(() => {
      if (!request.socket.destroyed) chunk("a".repeat(50));
    }, 20);
    try {
      await request.closed;
    } finally {
      clearInterval(drip);
    }
    expect(request.answer()).toMatch(/^HTTP\/1\.1 413 /);
    expect(request.answer()).toContain('"error_code":4130');
    // Two 50-byte drips pass the limit; the answer follows them, while the body has not ended.
    expect(performance.now() - over).toBeLessThan(2_000);
  });
});
