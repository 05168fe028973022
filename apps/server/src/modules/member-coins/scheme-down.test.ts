import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestCode } from "../../testing/flows.ts";
import { type ServerProcess, startServerProcess, stopServerProcesses } from "../../testing/server-process.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { COIN_MESSAGES } from "../coins/messages.ts";
import { balanceOf, linkedMember, type Member, memberCall, newReward, redeem } from "./coins-test-support.ts";

/*
 * The member's H Coins calls while the external scheme (COIN_SCHEME_URL), a real process, is
 * stopped, or its answers are lost on the way back. Every call answers 5030 with the reason in the
 * three languages; a stopped scheme spent nothing and a redeeming SMS code stays usable; a
 * redemption the scheme made while its answer was lost is answered to the retry with the same key
 * as a duplicate, spent once.
 */

const KEY = "member-coins-faults-key";
// Long enough for a freshly started scheme on a loaded machine, short enough for the lost answer's wait.
const TIMEOUT_MS = 1_500;

let directory: string;
let scheme: ServerProcess;
let t: TestApp;
let relay: Awaited<ReturnType<typeof answerDroppingRelay>>;
const schemeEnv = () => ({
  COIN_SCHEME_DATABASE_URL: `sqlite:${join(directory, "scheme.db")}`,
  COIN_SCHEME_API_KEYS: `member-server:${KEY}`,
});

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "hcoins-member-coins-faults-"));
  scheme = await startServerProcess({ entry: "coin-scheme", env: schemeEnv() });
  relay = await answerDroppingRelay(scheme.port);
  t = await createTestApp({
    env: {
      COIN_SCHEME_URL: `http://127.0.0.1:${relay.port}`,
      COIN_SCHEME_API_KEY: KEY,
      COIN_SCHEME_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  // An external scheme learns the stores from the member server on demand, not at its start.
  await t.app.services.stores.syncToScheme();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await relay?.close();
  await stopServerProcesses();
  rmSync(directory, { recursive: true, force: true });
});

const LANGUAGES = [
  ["en", "en"],
  ["zh-HK", "tc"],
  ["zh-CN", "sc"],
] as const;

function expectUnavailable(res: { status: number; body: Record<string, unknown> }) {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expect(res.body).toMatchObject({
    error_code: 5030,
    payload: {
      msg_en: COIN_MESSAGES.unavailable.en,
      msg_tc: COIN_MESSAGES.unavailable.tc,
      msg_sc: COIN_MESSAGES.unavailable.sc,
    },
  });
}

const vouchersOf = async (member: Member) =>
  (await memberCall(t, "hcoin-vouchers", member.token)).body.payload.vouchers as { code: string }[];

describe("the member's H Coins calls with the scheme down", () => {
  it("stopped: 5030 everywhere, nothing spent, and the SMS code redeems once it is back", {
    timeout: 180_000,
  }, async () => {
    const member = await linkedMember(t, 200);
    const reward = await newReward(t, { coins: 80 });
    await memberCall(t, "hcoin-redeem-sms", member.token);
    const code = await latestCode(t, member.phone);
    const { port } = scheme;
    await scheme.kill("SIGTERM");

    for (const [lang] of LANGUAGES) {
      expectUnavailable(await memberCall(t, "hcoin-balance", member.token, {}, lang));
    }
    expectUnavailable(await memberCall(t, "hcoin-history", member.token));
    expectUnavailable(await memberCall(t, "hcoin-vouchers", member.token));
    expectUnavailable(await memberCall(t, "hcoin-rewards", undefined));
    expectUnavailable(await memberCall(t, "hcoin-reward", member.token, { reward_id: reward.id }));
    expectUnavailable(await redeem(t, member, reward.id));
    const key = randomUUID();
    const bySms = { reward_id: reward.id, idempotency_key: key, sms_token: code };
    expectUnavailable(await memberCall(t, "hcoin-redeem", member.token, bySms));

    scheme = await startServerProcess({ entry: "coin-scheme", env: schemeEnv(), port });
    expect(await balanceOf(t, member.token)).toBe(200);
    expect(await vouchersOf(member)).toEqual([]);
    const back = await memberCall(t, "hcoin-redeem", member.token, bySms);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.payload).toMatchObject({ balance: 120, duplicate: false });
  });

  it("answer lost after the redemption: 5030, and the retry with the same key answers it as a duplicate", {
    timeout: 60_000,
  }, async () => {
    const member = await linkedMember(t, 200);
    const reward = await newReward(t, { coins: 80 });
    const key = randomUUID();
    relay.dropRedemptions = true;
    try {
      expectUnavailable(await redeem(t, member, reward.id, { idempotency_key: key }));
    } finally {
      relay.dropRedemptions = false;
    }
    // The scheme made it: the coins are spent though the member heard 5030.
    const made = await t.app.services.coinSchemeClient.vouchers(member.hcoins);
    expect(made.vouchers).toHaveLength(1);

    const retry = await redeem(t, member, reward.id, { idempotency_key: key });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.payload).toMatchObject({
      balance: 120,
      duplicate: true,
      voucher: { code: made.vouchers[0]?.code },
    });
    expect(await balanceOf(t, member.token)).toBe(120);
    expect(await vouchersOf(member)).toHaveLength(1);
  });
});

/**
 * Between the member server and the scheme: passes every request on, and while `dropRedemptions`
 * drops the answer to a redemption (and whatever follows on its connection), as a network that
 * fails after the scheme has done the work.
 */
async function answerDroppingRelay(targetPort: number) {
  const sockets = new Set<Socket>();
  const control = { dropRedemptions: false, port: 0, close: async () => {} };
  const server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    let deaf = false;
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on("data", (chunk) => {
      if (control.dropRedemptions && chunk.toString("latin1").includes("/redemptions ")) deaf = true;
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!deaf) client.write(chunk);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  control.port = (server.address() as AddressInfo).port;
  control.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((done) => server.close(() => done()));
  };
  return control;
}
