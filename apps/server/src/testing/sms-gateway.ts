import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the external SMS gateway (`SMS_PROVIDER=http`): it takes the
 * server's `POST {from, to, text}` and keeps every message. Several server processes
 * pointed at it deliver to one place, as with a real gateway, whereas the development
 * outbox lives in the memory of the instance that sent the code.
 */
export interface SmsGateway {
  /** The value for SMS_HTTP_URL. */
  url: string;
  /** Every message to `+<prefix><phone>`, oldest first. */
  messages(prefix: string, phone: string): string[];
  /** The six-digit code of the newest message to the number. */
  latestCode(prefix: string, phone: string): string;
  close(): Promise<void>;
}

export async function startSmsGateway(): Promise<SmsGateway> {
  const inbox = new Map<string, string[]>();
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      try {
        const { to, text } = JSON.parse(body) as { to: string; text: string };
        inbox.set(to, [...(inbox.get(to) ?? []), text]);
        response.writeHead(202).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  // The servers reuse keep-alive connections to it; close() must not wait for them to idle out.
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  const messages = (prefix: string, phone: string) => inbox.get(`+${prefix}${phone}`) ?? [];
  return {
    url: `http://127.0.0.1:${port}/sms`,
    messages,
    latestCode(prefix, phone) {
      const code = /\b\d{6}\b/.exec(messages(prefix, phone).at(-1) ?? "")?.[0];
      if (!code) throw new Error(`no SMS code was sent to +${prefix} ${phone}`);
      return code;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
