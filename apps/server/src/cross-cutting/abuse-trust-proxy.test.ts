import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { nextPhone } from "../testing/flows.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { deployments, tally, turn } from "./abuse-support.ts";
import { logCollector } from "./support.ts";

/**
 * TRUST_PROXY from outside, over real connections from different loopback addresses (every
 * 127.x.y.z is another client to the server): with the proxy's address configured, a client
 * that connects directly cannot name its own address in X-Forwarded-For, while the proxy's
 * entries are believed. With a count (`true`), the direct client can, which is why a
 * production start with a count warns.
 */

const PROXY = "127.0.0.2";
const DIRECT_CLIENT = "127.0.0.3";
const CLIENT_LIMIT = 4;
const REQUEST = "/crm/registration/request-sms-token";

let spoof = 0;
const spoofed = () => {
  spoof += 1;
  return `198.51.100.${(spoof % 250) + 1}`;
};

/** A JSON POST to a listening instance, sent from `from` (a loopback address) on a connection of its own. */
function postFrom(
  t: TestApp,
  from: string,
  path: string,
  body: object,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const address = t.app.server.address();
  if (!address || typeof address !== "object") throw new Error("not listening");
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port: address.port,
        path,
        method: "POST",
        localAddress: from,
        agent: false,
        headers: { authorization: "Bearer web:guest", "content-type": "application/json", ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(JSON.stringify(body));
  });
}

async function listening(instances: TestApp[]) {
  for (const t of instances) await t.app.listen({ host: "127.0.0.1", port: 0 });
  return instances;
}

/** SMS the instances' console senders hold for these numbers. */
async function sent(instances: TestApp[], phones: string[]) {
  let count = 0;
  for (const t of instances) for (const phone of phones) count += (await t.smsCodes("852", phone)).length;
  return count;
}

/** One client asks codes for 1.5 × the limit's numbers, from `from` with `headers()` on each call. */
async function askCodes(instances: TestApp[], from: string, headers: () => Record<string, string>) {
  const phones = Array.from({ length: CLIENT_LIMIT * 1.5 }, () => nextPhone());
  const answers = [];
  for (const [i, phone] of phones.entries()) {
    const body = { mobile_phone_prefix: "852", mobile_phone: phone };
    answers.push(await postFrom(turn(instances, i), from, REQUEST, body, headers()));
  }
  return { answers, phones };
}

describe.each(deployments())("TRUST_PROXY naming the proxy's address, $name", (deployment) => {
  const start = (trustProxy: string) =>
    deployment
      .start({ TRUST_PROXY: trustProxy, SMS_CLIENT_HOURLY_LIMIT: String(CLIENT_LIMIT) })
      .then(listening);

  it("a client not in the list cannot set its address: its own allowance, whatever it forwards", async () => {
    const instances = await start(PROXY);
    const { answers, phones } = await askCodes(instances, DIRECT_CLIENT, () => ({
      "x-forwarded-for": spoofed(),
    }));
    expect(tally(answers)).toEqual({ "200": CLIENT_LIMIT, "429/4204": CLIENT_LIMIT / 2 });
    expect(await sent(instances, phones)).toBe(CLIENT_LIMIT);
  });

  it("the proxy in the list forwards its clients' addresses: each has its own allowance", async () => {
    const instances = await start(`${PROXY}, 10.0.0.0/8`);
    // What a client wrote itself stays left of the entry the proxy appended, and is not believed.
    const { answers, phones } = await askCodes(instances, PROXY, () => ({
      "x-forwarded-for": `${spoofed()}, 203.0.113.7`,
    }));
    expect(tally(answers)).toEqual({ "200": CLIENT_LIMIT, "429/4204": CLIENT_LIMIT / 2 });
    expect(await sent(instances, phones)).toBe(CLIENT_LIMIT);
    const other = nextPhone();
    const res = await postFrom(
      turn(instances, 1),
      PROXY,
      REQUEST,
      { mobile_phone_prefix: "852", mobile_phone: other },
      { "x-forwarded-for": "203.0.113.8" },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it("with a count instead (TRUST_PROXY=true), the same direct client names its own address", async () => {
    const instances = await start("true");
    const { answers, phones } = await askCodes(instances, DIRECT_CLIENT, () => ({
      "x-forwarded-for": spoofed(),
    }));
    expect(tally(answers)).toEqual({ "200": CLIENT_LIMIT * 1.5 });
    expect(await sent(instances, phones)).toBe(CLIENT_LIMIT * 1.5);
  });
});

describe("a production start", () => {
  const warnings = async (env: Record<string, string>) => {
    const log = logCollector();
    const t = await createTestApp({
      env: { LOG_LEVEL: "warn", COIN_SCHEME_API_KEYS: "pos:aaaaaaaaaaaaaaaa:till:S1", ...env },
      logStream: log.stream,
    });
    await t.close();
    return log.lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level === 40 && line.msg.includes("X-Forwarded-For"));
  };

  it("warns when TRUST_PROXY is a count, and names the address form", async () => {
    for (const trustProxy of ["true", "2"]) {
      const [line, ...more] = await warnings({ NODE_ENV: "production", TRUST_PROXY: trustProxy });
      expect(more).toEqual([]);
      expect(line?.msg).toContain(`TRUST_PROXY=${trustProxy} believes X-Forwarded-For from any peer`);
      expect(line?.msg).toContain("Set TRUST_PROXY to the proxies' addresses");
    }
  });

  it("says nothing with the proxies' addresses, without a proxy, or outside production", async () => {
    expect(await warnings({ NODE_ENV: "production", TRUST_PROXY: "10.0.0.5, 10.0.1.0/24" })).toEqual([]);
    expect(await warnings({ NODE_ENV: "production" })).toEqual([]);
    expect(await warnings({ NODE_ENV: "development", TRUST_PROXY: "true" })).toEqual([]);
  });
});
