import { describe, expect, it } from "vitest";
import { nextPhone } from "../testing/flows.ts";
import type { TestApp } from "../testing/test-app.ts";
import { advance, deployments, tally, turn } from "./abuse-support.ts";

/**
 * SMS pumping: a client that asks codes for many numbers gets SMS_CLIENT_HOURLY_LIMIT of
 * them, and a number asked from many clients gets SMS_NUMBER_HOURLY_LIMIT; whatever the
 * client writes in X-Forwarded-For, and however the calls are spread over the instances.
 * The figure that matters is the SMS actually sent (the console sender's outbox).
 */

const REQUEST = "/crm/registration/request-sms-token";
const FORGOT = "/crm/auth/forgot-password-with-mobile";
const CLIENT_LIMIT = 30; // SMS_CLIENT_HOURLY_LIMIT's default
const NUMBER_LIMIT = 5; // SMS_NUMBER_HOURLY_LIMIT's default

const number = (phone: string) => ({ mobile_phone_prefix: "852", mobile_phone: phone });

/** SMS the instances' console senders hold for these numbers (each instance keeps its own outbox). */
async function sent(instances: TestApp[], phones: string[]): Promise<number> {
  let count = 0;
  for (const t of instances) for (const phone of phones) count += (await t.smsCodes("852", phone)).length;
  return count;
}

let spoof = 0;
/** A different made-up address per call, as a pumping client would write. */
const spoofed = () => {
  spoof += 1;
  return `198.51.${Math.floor(spoof / 250) % 250}.${(spoof % 250) + 1}`;
};

// How the client shows itself: the real client address (the proxy's last entry, or the socket's
// 127.0.0.1) never changes; what the client writes itself changes on every call.
const CLIENTS: { name: string; env: Record<string, string>; headers: () => Record<string, string> }[] = [
  { name: "TRUST_PROXY off, no X-Forwarded-For", env: {}, headers: () => ({}) },
  {
    name: "TRUST_PROXY off, a new spoofed X-Forwarded-For on every call",
    env: {},
    headers: () => ({ "x-forwarded-for": spoofed() }),
  },
  {
    name: "TRUST_PROXY on, the proxy's X-Forwarded-For",
    env: { TRUST_PROXY: "true" },
    headers: () => ({ "x-forwarded-for": "203.0.113.7" }),
  },
  {
    name: "TRUST_PROXY on, a new spoofed entry before the proxy's on every call",
    env: { TRUST_PROXY: "true" },
    headers: () => ({ "x-forwarded-for": `${spoofed()}, 203.0.113.7` }),
  },
  {
    name: "TRUST_PROXY naming the proxy (loopback), a new spoofed entry before its own",
    env: { TRUST_PROXY: "loopback" },
    headers: () => ({ "x-forwarded-for": `${spoofed()}, 203.0.113.7` }),
  },
];

describe.each(deployments())("SMS pumping, $name", (deployment) => {
  it.each(CLIENTS)(
    "one client asking codes for 45 numbers gets 30 sent ($name)",
    { timeout: 60_000 },
    async ({ env, headers }) => {
      const instances = await deployment.start(env);
      const phones = Array.from({ length: CLIENT_LIMIT * 1.5 }, () => nextPhone());
      const answers = [];
      for (const [i, phone] of phones.entries()) {
        answers.push(
          await turn(instances, i).call("POST", REQUEST, { body: number(phone), headers: headers() }),
        );
      }
      expect(tally(answers)).toEqual({ "200": CLIENT_LIMIT, "429/4204": CLIENT_LIMIT / 2 });
      // The refusals come last: nothing slips through once the limit is reached.
      expect(answers.slice(CLIENT_LIMIT).every((res) => res.status === 429)).toBe(true);
      expect(await sent(instances, phones)).toBe(CLIENT_LIMIT);
      if (env.TRUST_PROXY) {
        // The limit is the client's, not everyone's: another address behind the proxy is served.
        const other = nextPhone();
        const res = await turn(instances, 1).call("POST", REQUEST, {
          body: number(other),
          headers: { "x-forwarded-for": "203.0.113.8" },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(await sent(instances, [other])).toBe(1);
      }
    },
  );

  it("one member's number asked by 48 clients, both purposes, over 4 resend windows: 5 SMS sent", async () => {
    // The resend wait (1 s here) lets through one send per purpose per window; the number's
    // hourly limit stops them at 5. Each call comes from an address never seen before.
    const instances = await deployment.start({ TRUST_PROXY: "true", SMS_RESEND_SECONDS: "1" });
    const phone = nextPhone();
    await (instances[0] as TestApp).app.services.members.importMember({
      ...{ mobile_phone_prefix: "852", mobile_phone: phone, member_no: null, first_name: null },
      ...{ last_name: null, email: null, birthday_month: null, register_store_code: null },
      external_customer_id: null,
    });
    const answers = [];
    let call = 0;
    for (let round = 0; round < 4; round++) {
      if (round > 0) advance(instances, 1_100);
      const batch = Array.from({ length: 12 }, () => {
        call += 1;
        return turn(instances, call).call("POST", call % 2 === 0 ? REQUEST : FORGOT, {
          body: number(phone),
          headers: { "x-forwarded-for": `203.0.113.${call}` },
        });
      });
      answers.push(...(await Promise.all(batch)));
    }
    const counts = tally(answers);
    expect(counts["200"]).toBe(NUMBER_LIMIT);
    expect(counts["429/4204"]).toBeGreaterThanOrEqual(1);
    expect((counts["429/4203"] ?? 0) + (counts["429/4204"] ?? 0)).toBe(48 - NUMBER_LIMIT);
    expect(await sent(instances, [phone])).toBe(NUMBER_LIMIT);
  });
});
