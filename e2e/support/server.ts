import type { AddressInfo } from "node:net";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";

/**
 * The real server (API and built web app) on a free loopback port with a fresh
 * in-memory database. Limits are raised so that journeys are not throttled by
 * each other; the journeys that test limits set their own. Its clock is the wall clock, moved on by
 * `clock.advance` for a journey about a wait the server keeps (the SMS resend wait) rather than
 * waiting it out.
 */
export async function startServer(env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: "sqlite::memory:",
    REDIS_URL: "",
    HOST: "127.0.0.1",
    RATE_LIMIT_PER_MINUTE: "100000",
    SMS_CLIENT_HOURLY_LIMIT: "10000",
    SMS_PER_NETWORK_HOURLY_LIMIT: "10000",
    SMS_NUMBER_HOURLY_LIMIT: "100",
    SMS_NUMBER_CLIENT_HOURLY_LIMIT: "100",
    LOGIN_CLIENT_MAX_FAILURES: "1000",
    LOOKUP_CLIENT_MINUTE_LIMIT: "100000",
    LOOKUP_CLIENT_DAILY_LIMIT: "100000",
    ...env,
  });
  let ahead = 0;
  const app = await buildApp({ config, now: () => Date.now() + ahead });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  return {
    url,
    services: app.services,
    /** The server's clock (the scheme's too): `advance(ms)` moves it on for the rest of the file's journeys. */
    clock: {
      advance(ms: number) {
        ahead += ms;
      },
      now: () => Date.now() + ahead,
    },
    /** The newest SMS code the console sender "sent" to a number. */
    async smsCode(prefix: string, phone: string): Promise<string> {
      const response = await fetch(
        `${url}/dev/sms-outbox?mobile_phone_prefix=${prefix}&mobile_phone=${phone}`,
      );
      const body = (await response.json()) as { payload: { code: string }[] };
      const code = body.payload[0]?.code;
      if (!code) throw new Error(`no SMS was sent to +${prefix} ${phone}`);
      return code;
    },
    close: () => app.close(),
  };
}

export type TestServer = Awaited<ReturnType<typeof startServer>>;
