import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { COIN_MESSAGES } from "../modules/coins/messages.ts";
import { registerMember } from "../testing/flows.ts";
import { type ServerProcess, startServerProcess, stopServerProcesses } from "../testing/server-process.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

/*
 * The external coin scheme (COIN_SCHEME_URL) going down and coming back, as a real process:
 * stopped (nothing listens), or frozen with SIGSTOP (connections are accepted, nothing
 * answers, and the requests it queued are carried out once it runs again). The member gets
 * -1 with the reason in the three languages, and once the scheme is back the member side and
 * the scheme side agree: no member row names an account the scheme does not link to it, and
 * a link the scheme made while its answer was lost is completed by the next check.
 */

const KEY = "faults-member-server-key";
const BASE = "/custom-api/custom/cuapp/customer";
// Long enough for a freshly started scheme on a loaded CI machine (400 ms timed a create out),
// short enough that the frozen case stays quick.
const TIMEOUT_MS = 1_500;

let directory: string;
let scheme: ServerProcess;
let t: TestApp;
const schemeEnv = () => ({
  COIN_SCHEME_DATABASE_URL: `sqlite:${join(directory, "scheme.db")}`,
  COIN_SCHEME_API_KEYS: `member-server:${KEY}`,
});

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "hcoins-scheme-faults-"));
  scheme = await startServerProcess({ entry: "coin-scheme", env: schemeEnv() });
  t = await createTestApp({
    env: {
      COIN_SCHEME_URL: scheme.url,
      COIN_SCHEME_API_KEY: KEY,
      COIN_SCHEME_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (scheme?.child.signalCode === null) scheme.child.kill("SIGCONT");
  await stopServerProcesses();
  rmSync(directory, { recursive: true, force: true });
});

const check = (phone: string, lang: string, token?: string) =>
  t.call("POST", `${BASE}/hcoin-check-linked`, {
    body: { mobile_phone_prefix: "852", mobile_phone: phone },
    lang,
    ...(token ? { token } : {}),
  });
const externalId = async (token: string) =>
  (await t.call("GET", "/crm/user/profile?include_custom_field=1", { token })).body.payload
    .external_customer_id as string | null;
const schemeAccount = (phone: string) => t.app.services.coinSchemeClient.findAccountByPhone("852", phone);

/** Every H Coins call of a member answers -1 with the unavailable reason; the member row stays untouched. */
async function expectUnavailable(member: { phone: string; token: string }) {
  for (const [lang, language] of [
    ["en", "en"],
    ["zh-HK", "tc"],
    ["zh-CN", "sc"],
  ] as const) {
    const res = await check(member.phone, lang, member.token);
    expect(res.body).toMatchObject({
      code: 200,
      message: COIN_MESSAGES.unavailable[language],
      payload: {
        status_code: -1,
        hcoins_memberno: null,
        msg_en: COIN_MESSAGES.unavailable.en,
        msg_tc: COIN_MESSAGES.unavailable.tc,
        msg_sc: COIN_MESSAGES.unavailable.sc,
      },
    });
  }
  for (const path of ["hcoin-create", "link-hcoin-2"]) {
    const res = await t.call("POST", `${BASE}/${path}`, { body: {}, token: member.token, lang: "zh-HK" });
    expect(res.body).toMatchObject({
      code: 5030,
      message: COIN_MESSAGES.unavailable.tc,
      payload: { status_code: -1, hcoins_memberno: null, msg_sc: COIN_MESSAGES.unavailable.sc },
    });
  }
  expect(await externalId(member.token)).toBeNull();
}

describe("the coin scheme going down and coming back", () => {
  it("stopped: -1 in three languages; back on its storage, nothing half-linked and linking works", {
    timeout: 120_000,
  }, async () => {
    const member = await registerMember(t);
    const { port } = scheme;
    await scheme.kill("SIGTERM");
    await expectUnavailable(member);

    scheme = await startServerProcess({ entry: "coin-scheme", env: schemeEnv(), port });
    // The scheme kept nothing of the failed calls, and the member row names nothing.
    expect(await schemeAccount(member.phone)).toBeNull();
    expect((await check(member.phone, "en", member.token)).body.payload.status_code).toBe(999);
    const created = await t.call("POST", `${BASE}/hcoin-create`, { body: {}, token: member.token });
    expect(created.body).toMatchObject({ code: 200, payload: { status_code: 101 } });
    const account = await schemeAccount(member.phone);
    expect(account?.linked_member_ref).toBe(member.user.member_no);
    expect(await externalId(member.token)).toBe(account?.hcoins_memberno);
  });

  it("frozen mid-create: -1 after the timeout; once it runs again both sides agree after one check", {
    timeout: 120_000,
  }, async () => {
    const member = await registerMember(t);
    scheme.child.kill("SIGSTOP");
    const started = Date.now();
    await expectUnavailable(member);
    // Five calls of up to two attempts each, cut off at the timeout: no waiting on a dead scheme.
    expect(Date.now() - started).toBeLessThan(5 * 2 * TIMEOUT_MS + 5_000);

    // Running again, the scheme works through what it had queued: hcoin-create may now have
    // opened and linked the account although the member server answered -1.
    scheme.child.kill("SIGCONT");
    // Either outcome is allowed, so this waits a bounded time (2 s) for the account to appear.
    const account = await vi
      .waitFor(
        async () => {
          const found = await schemeAccount(member.phone);
          if (!found) throw new Error("no account yet");
          return found;
        },
        { timeout: 2_000, interval: 100 },
      )
      .catch(() => null);
    const linkedMeanwhile = account !== null;
    // Until someone checks, the member row does not know (it was answered -1).
    expect(await externalId(member.token)).toBeNull();
    const res = await check(member.phone, "en", member.token);
    if (account) {
      // One account for the number however many creates arrived, linked to this member.
      expect(account.linked_member_ref).toBe(member.user.member_no);
      expect(res.body.payload).toMatchObject({ status_code: 101, hcoins_memberno: account.hcoins_memberno });
    } else {
      expect(res.body.payload.status_code).toBe(999);
    }
    expect(await externalId(member.token)).toBe(account?.hcoins_memberno ?? null);
    console.info(
      `faults-coin-scheme: the frozen scheme ${linkedMeanwhile ? "did" : "did not"} link once resumed`,
    );

    const created = await t.call("POST", `${BASE}/hcoin-create`, { body: {}, token: member.token });
    expect(created.body).toMatchObject({ code: 200, payload: { status_code: 101 } });
    expect(await externalId(member.token)).toBe(created.body.payload.hcoins_memberno);
  });
});
