import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { programmeDate } from "@hcoins/domain/earn-rules";
import { addDays } from "@hcoins/domain/figures-range";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { nextPhone, registerMember } from "../../testing/flows.ts";
import { freePort, type ServerProcess, startServerProcess } from "../../testing/server-process.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { CoinSchemeRefusedError, CoinSchemeUnavailableError } from "./coin-scheme-client.ts";
import { COIN_MESSAGES } from "./messages.ts";

/*
 * The HTTP implementation against the scheme running as a separate process
 * (`apps/coin-scheme/src/main.ts`) on loopback, and against schemes that
 * are not there, never answer, or fail.
 */

const MEMBER_SERVER_KEY = "http-test-member-server-key";
const TILL_KEY = "http-test-till-key-000001";
const BASE = "/custom-api/custom/cuapp/customer";

async function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<number> {
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return (server.address() as { port: number }).port;
}

const profile = async (t: TestApp, token: string) =>
  (await t.call("GET", "/crm/user/profile?include_custom_field=1", { token })).body.payload;

describe("HTTP scheme: a separate coin-scheme process on loopback", () => {
  let scheme: ServerProcess;
  let dataDir: string;
  let url: string;
  let t: TestApp;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "coin-scheme-"));
    scheme = await startServerProcess({
      entry: "coin-scheme",
      env: {
        NODE_ENV: "test",
        COIN_SCHEME_DATABASE_URL: `sqlite:${join(dataDir, "scheme.db")}`,
        COIN_SCHEME_API_KEYS: `member-server:${MEMBER_SERVER_KEY},pos-7:${TILL_KEY}:till:S9`,
      },
    });
    url = scheme.url;
    // The till's store, in the scheme's registry (the member server registers its own stores at start).
    await fetch(`${url}/coin-scheme/v1/stores/S9`, {
      method: "PUT",
      headers: { "x-api-key": MEMBER_SERVER_KEY, "content-type": "application/json" },
      body: JSON.stringify({ partner_property: false }),
    });
    t = await createTestApp({ env: { COIN_SCHEME_URL: url, COIN_SCHEME_API_KEY: MEMBER_SERVER_KEY } });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await scheme?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("uses the HTTP client and does not serve the scheme's API itself", async () => {
    expect(t.app.services.coinSchemeClient.kind).toBe("http");
    expect(t.app.services.coinScheme).toBeNull();
    const res = await t.app.inject({
      method: "GET",
      url: "/coin-scheme/v1/bonus-days",
      headers: { "x-api-key": TILL_KEY },
    });
    expect(res.statusCode).toBe(404);
  });

  it("999 → hcoin-create → 101, and the member earns at a till of that process", async () => {
    const member = await registerMember(t);
    const before = await t.call("POST", `${BASE}/hcoin-check-linked`, {
      body: { mobile_phone_prefix: "852", mobile_phone: member.phone },
      token: member.token,
    });
    expect(before.body.payload.status_code).toBe(999);

    const created = await t.call("POST", `${BASE}/hcoin-create`, { body: {}, token: member.token });
    expect(created.body).toMatchObject({ code: 200, payload: { status_code: 101 } });
    const number = created.body.payload.hcoins_memberno as string;
    expect((await profile(t, member.token)).external_customer_id).toBe(number);

    const after = await t.call("POST", `${BASE}/hcoin-check-linked`, {
      body: { mobile_phone_prefix: "852", mobile_phone: member.phone },
      token: member.token,
    });
    expect(after.body.payload).toMatchObject({ status_code: 101, hcoins_memberno: number });

    // The till talks to the scheme process directly, with the QR text of the member's screen.
    const qrText = `${member.user.member_no},0,07,${Math.floor(Date.now() / 1000)}`;
    const purchase = await fetch(`${url}/coin-scheme/v1/purchases`, {
      method: "POST",
      headers: { "x-api-key": TILL_KEY, "content-type": "application/json" },
      body: JSON.stringify({ qr_text: qrText, store_code: "S9", receipt_no: "HTTP-1", net_amount: "42.50" }),
    }).then((res) => res.json() as Promise<{ payload: { transaction: unknown; balance: number } }>);
    expect(purchase.payload.transaction).toMatchObject({
      base_coins: 42,
      client: "pos-7",
      hcoins_memberno: number,
    });

    const ledger = await t.app.services.coinSchemeClient.ledger(number);
    expect(ledger.balance).toBe(purchase.payload.balance);
    expect(ledger.entries[0]).toMatchObject({ receipt_no: "HTTP-1", kind: "purchase" });
    // A receipt dispute over HTTP: the receipt's account, and the ledger filtered to it.
    const found = await t.app.services.coinSchemeClient.accountsWithReceipt("HTTP-1");
    expect(found.accounts.map((account) => account.hcoins_memberno)).toEqual([number]);
    const receipt = await t.app.services.coinSchemeClient.ledger(number, {
      receiptNo: "http-",
      storeCode: "S9",
      kind: "purchase",
      from: Date.now() - 3_600_000,
      to: Date.now() + 60_000,
      order: "oldest",
    });
    expect(receipt).toMatchObject({ total: 1, entries: [{ receipt_no: "HTTP-1" }] });
    expect((await t.app.services.coinSchemeClient.ledger(number, { kind: "refund" })).total).toBe(0);
  });

  it("100 → link-hcoin-2 → 101", async () => {
    const member = await registerMember(t);
    const { account, created } = await t.app.services.coinSchemeClient.createAccount({
      prefix: "852",
      phone: member.phone,
    });
    expect(created).toBe(true);
    const check = await t.call("POST", `${BASE}/hcoin-check-linked`, {
      body: { mobile_phone_prefix: "852", mobile_phone: member.phone },
      token: member.token,
    });
    expect(check.body.payload.status_code).toBe(100);
    const linked = await t.call("POST", `${BASE}/link-hcoin-2`, { body: {}, token: member.token });
    expect(linked.body).toMatchObject({
      code: 200,
      payload: { status_code: 101, hcoins_memberno: account.hcoins_memberno },
    });
    expect((await profile(t, member.token)).external_customer_id).toBe(account.hcoins_memberno);
  });

  it("a number linked to another member: 40021, the member untouched", async () => {
    const member = await registerMember(t);
    await t.app.services.coinSchemeClient.createAccount({
      prefix: "852",
      phone: member.phone,
      memberRef: "M777777777",
    });
    const res = await t.call("POST", `${BASE}/hcoin-create`, { body: {}, token: member.token });
    expect(res.body).toMatchObject({ code: 40021, payload: { status_code: -1 } });
    expect((await profile(t, member.token)).external_customer_id).toBeNull();
  });

  it("two concurrent creates for one member make one account and one link", async () => {
    const member = await registerMember(t);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call("POST", `${BASE}/hcoin-create`, { body: {}, token: member.token }),
      ),
    );
    expect(answers.map((res) => res.body.code)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((res) => res.body.payload.hcoins_memberno)).size).toBe(1);
    const account = await t.app.services.coinSchemeClient.findAccountByPhone("852", member.phone);
    expect(account?.linked_member_ref).toBe(member.user.member_no);
  });

  it("reports the scheme's refusals as refusals", async () => {
    const error = await t.app.services.coinSchemeClient
      .linkAccount("HC0000000000", "M1", null)
      .catch((e) => e);
    expect(error).toBeInstanceOf(CoinSchemeRefusedError);
    expect(error.errorCode).toBe(6004);
  });

  it("a member's profile facts over HTTP: sent with the link and each change, none left missing; refusals as refusals", async () => {
    const client = t.app.services.coinSchemeClient;
    const member = await registerMember(t);
    const created = await t.call("POST", `${BASE}/hcoin-create`, { body: {}, token: member.token });
    const number = created.body.payload.hcoins_memberno as string;
    const saved = await t.call("POST", "/crm/user/profile", {
      token: member.token,
      body: { residential_country_region__c: "3003", residential_district__c: "3003", sms_subscription: 1 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const holder = { memberRef: member.user.member_no, prefix: "852", phone: member.phone };
    expect((await client.holderData(holder)).accounts[0]).toMatchObject({
      hcoins_memberno: number,
      region: "3003",
      district: "3003",
      age_range: "26 - 35",
      consent_email: 1,
      consent_sms: 0,
      consent_phone: 1,
    });
    expect((await client.countSegment([{ fact: "district", in: ["3003"] }])).members).toBe(1);
    const missing = (await client.accountsWithoutProfileFacts(null, 1000)).accounts;
    expect(missing.map((account) => account.hcoins_memberno)).not.toContain(number);
    const facts = {
      region: null,
      district: null,
      age_range: null,
      marketing_consent: { email: false, sms: false, phone: false },
    };
    const refusal = await client.setProfileFacts("HC0000000000", "M1", facts).catch((e) => e);
    expect(refusal).toBeInstanceOf(CoinSchemeRefusedError);
    expect(refusal.errorCode).toBe(6004);
    const notTheirs = await client.setProfileFacts(number, "M1", facts).catch((e) => e);
    expect(notTheirs.errorCode).toBe(6034);
  });

  it("rewards, redemption, vouchers, balance and the ledger's pages over HTTP, refusals as refusals", async () => {
    const client = t.app.services.coinSchemeClient;
    const member = await registerMember(t);
    const { account } = await client.createAccount({
      prefix: "852",
      phone: member.phone,
      memberRef: member.user.member_no,
    });
    await client.adjust({
      hcoinsMemberNo: account.hcoins_memberno,
      coins: 300,
      reason: "welcome",
      operator: "amy",
      allowNegative: false,
    });
    const text = { en: "HKD 50 e-gift voucher", tc: "HK$50 電子禮券", sc: "HK$50 电子礼券" };
    const empty = { en: "", tc: "", sc: "" };
    const fields = {
      kind: "evoucher" as const,
      coins: 100,
      stock: 1,
      valueCents: 5000,
      storeCodes: ["S9"],
      title: text,
      description: empty,
      terms: empty,
      imageUrl: null,
      startsAt: Date.now() - 60_000,
      endsAt: null,
      perMemberLimit: 2,
      lowStockThreshold: 1,
      voucherValidDays: 30,
      active: true,
      sortOrder: 0,
    };
    const { reward } = await client.saveReward(fields);
    expect(reward).toMatchObject({
      kind: "evoucher",
      coins: 100,
      stock: 1,
      value_amount: "50.00",
      store_codes: ["S9"],
      low_stock_threshold: 1,
      stock_level: "low",
    });
    const replaced = await client.saveReward({ ...fields, coins: 120 }, reward.id);
    expect(replaced.reward).toMatchObject({ coins: 120, stock: 1, low_stock_threshold: 1 });
    expect((await client.changeStock(reward.id, 2)).reward.stock).toBe(3);
    const listed = await client.rewards({ activeOnly: true, memberRef: member.user.member_no });
    expect(listed.rewards.find((each) => each.id === reward.id)?.redeemed_by_member).toBe(0);

    const redeemed = await client.redeem({
      hcoinsMemberNo: account.hcoins_memberno,
      rewardId: reward.id,
      key: "k-1",
    });
    expect(redeemed).toMatchObject({
      balance: 180,
      duplicate: false,
      voucher: { status: "issued", coins: 120 },
    });
    const again = await client.redeem({
      hcoinsMemberNo: account.hcoins_memberno,
      rewardId: reward.id,
      key: "k-1",
    });
    expect(again).toMatchObject({ duplicate: true, voucher: { code: redeemed.voucher.code } });
    expect((await client.reward(reward.id, member.user.member_no)).reward).toMatchObject({
      stock: 2,
      redeemed_by_member: 1,
    });
    expect((await client.vouchers(account.hcoins_memberno)).vouchers.map((v) => v.code)).toEqual([
      redeemed.voucher.code,
    ]);
    expect((await client.voucher(redeemed.voucher.code.toLowerCase())).voucher.code).toBe(
      redeemed.voucher.code,
    );
    const balance = await client.balance(account.hcoins_memberno);
    expect(balance).toMatchObject({ hcoins_memberno: account.hcoins_memberno, balance: 180, expiring: [] });
    const page = await client.ledger(account.hcoins_memberno, { limit: 1, offset: 0 });
    expect(page).toMatchObject({ total: 2, rewards: [{ id: reward.id, title: text }] });
    expect(page.entries[0]).toMatchObject({
      kind: "redemption",
      reward_id: reward.id,
      voucher_code: redeemed.voucher.code,
    });

    const cancelled = await client.cancelVoucher(redeemed.voucher.code, "amy", "member asked");
    expect(cancelled).toMatchObject({
      balance: 300,
      voucher: { status: "cancelled" },
      transaction: { kind: "cancellation" },
    });
    const refusals = await Promise.all([
      client.cancelVoucher(redeemed.voucher.code, "amy", "again").catch((e) => e),
      client.changeStock(reward.id, -10).catch((e) => e),
      client.reward(999_999).catch((e) => e),
      client.voucher("ZZZZ-ZZZZ-ZZZZ-ZZZZ").catch((e) => e),
    ]);
    for (const error of refusals) expect(error).toBeInstanceOf(CoinSchemeRefusedError);
    expect(refusals.map((error) => error.errorCode)).toEqual([6027, 4000, 6020, 6024]);
  });

  it("a goodwill voucher and an account's suspension over HTTP, refusals as refusals", async () => {
    const client = t.app.services.coinSchemeClient;
    const member = await registerMember(t);
    const { account } = await client.createAccount({ prefix: "852", phone: member.phone });
    const text = { en: "Gift", tc: "禮物", sc: "礼物" };
    const { reward } = await client.saveReward({
      kind: "product",
      coins: 250,
      stock: 2,
      valueCents: null,
      storeCodes: ["S9"],
      title: text,
      description: text,
      terms: text,
      imageUrl: null,
      startsAt: null,
      endsAt: null,
      perMemberLimit: null,
      voucherValidDays: 30,
      active: true,
      sortOrder: 0,
    });
    const goodwill = {
      hcoinsMemberNo: account.hcoins_memberno,
      rewardId: reward.id,
      operator: "amy",
      key: "gw-1",
    };
    const given = await client.goodwillVoucher(goodwill);
    expect(given).toMatchObject({
      goodwill_coins: 250,
      duplicate: false,
      voucher: { goodwill: true, coins: 0 },
    });
    expect((await client.goodwillVoucher(goodwill)).duplicate).toBe(true);
    const suspended = await client.setSuspended(account.hcoins_memberno, true, "amy");
    expect(suspended).toMatchObject({ changed: true, account: { suspended: true } });
    await expect(client.goodwillVoucher({ ...goodwill, key: "gw-2" })).rejects.toMatchObject({
      errorCode: 6033,
    });
    expect((await client.setSuspended(account.hcoins_memberno, false, "amy")).account.suspended).toBe(false);
  });

  it("the tier ladder and an account's tier over HTTP: amounts and multipliers as the scheme reads them, refusals as refusals", async () => {
    const client = t.app.services.coinSchemeClient;
    const name = (en: string) => ({ en, tc: en, sc: en });
    const ladder = await client.setTierLadder(
      {
        window: "calendar_year",
        review: { rule: "fixed_date", date: "07-01" },
        tiers: [
          {
            code: "base",
            name: name("Base"),
            benefits: name(""),
            qualifyingCents: 0,
            multiplier: 100,
            rewardId: null,
          },
          {
            code: "plus",
            name: name("Plus"),
            benefits: name("More"),
            qualifyingCents: 123_456,
            multiplier: 125,
            rewardId: null,
          },
        ],
      },
      "amy",
    );
    expect(ladder).toMatchObject({
      window: "calendar_year",
      review_rule: "fixed_date",
      review_date: "07-01",
      updated_by: "amy",
    });
    expect(ladder.tiers[1]).toMatchObject({ code: "plus", qualifying_amount: "1234.56", multiplier: "1.25" });
    expect((await client.tierLadder()).tiers).toHaveLength(2);

    const member = await registerMember(t);
    const { account } = await client.createAccount({ prefix: "852", phone: member.phone });
    const set = await client.setAccountTier(account.hcoins_memberno, "plus", "amy");
    expect(set).toMatchObject({ tier: { code: "plus" }, next: null, history: [{ reason: "set" }] });
    expect((await client.accountTier(account.hcoins_memberno)).tier?.code).toBe("plus");
    await expect(client.setAccountTier(account.hcoins_memberno, "gold", "amy")).rejects.toMatchObject({
      errorCode: 6052,
    });
    // Members hold plus: a ladder without it is refused.
    await expect(
      client.setTierLadder({ window: "calendar_year", review: { rule: "anniversary" }, tiers: [] }, "amy"),
    ).rejects.toMatchObject({ errorCode: 6051 });
  });

  it("the figures over HTTP: each day's coins and the liability, a refused range as a refusal", async () => {
    const client = t.app.services.coinSchemeClient;
    const today = programmeDate(Date.now());
    const yesterday = addDays(today, -1);
    const figures = await client.figures(yesterday, today);
    expect(figures.days.map((day) => day.day)).toEqual([yesterday, today]);
    // The tests before credited 300 and more today; nothing comes after today.
    expect(figures.days[1]?.adjusted).toBeGreaterThanOrEqual(300);
    expect(figures.days[1]?.outstanding).toBe(figures.outstanding);
    expect(figures.accounts).toBeGreaterThan(0);
    const refused = await client.figures(today, yesterday).catch((e) => e);
    expect(refused).toBeInstanceOf(CoinSchemeRefusedError);
    expect(refused.errorCode).toBe(4000);
  });

  it("the figures by store and reward over HTTP: the no-store line carries today's adjustments", async () => {
    const client = t.app.services.coinSchemeClient;
    const today = programmeDate(Date.now());
    const [split, figures] = await Promise.all([
      client.figuresBreakdown(today, today),
      client.figures(today, today),
    ]);
    const noStore = split.stores.find((line) => line.store_code === null);
    expect(noStore?.adjusted).toBe(figures.days[0]?.adjusted);
    const refused = await client.figuresBreakdown(today, addDays(today, -1)).catch((e) => e);
    expect(refused).toBeInstanceOf(CoinSchemeRefusedError);
    expect(refused.errorCode).toBe(4000);
  });

  it("till keys over HTTP: made (the key once), used by a till of that process, moved, revoked; refusals as refusals", async () => {
    const client = t.app.services.coinSchemeClient;
    const { key, till_key: made } = await client.createTillKey(
      "http-till-1",
      ["S9"],
      "operator:ops@example.com",
    );
    expect(made).toMatchObject({
      name: "http-till-1",
      stores: ["S9"],
      created_by: "operator:ops@example.com",
    });
    const account = (till: string) =>
      fetch(`${url}/coin-scheme/v1/till/account`, {
        method: "POST",
        headers: { "x-api-key": till, "content-type": "application/json" },
        body: JSON.stringify({ qr_text: "nobody,0,07,0" }),
      }).then((res) => res.status);
    // Past the key check: a stale code for no member (422), not a refused key (401).
    expect(await account(key)).toBe(422);
    const listed = await client.tillKeys();
    expect(listed.till_keys.map((one) => one.name)).toContain("http-till-1");
    expect(JSON.stringify(listed)).not.toContain(key);
    await expect(client.createTillKey("http-till-1", ["S9"], "ops")).rejects.toMatchObject({
      errorCode: 6029,
    });
    await expect(client.setTillKeyStores(made.id, ["NOWHERE"])).rejects.toMatchObject({ errorCode: 6014 });
    expect((await client.setTillKeyStores(made.id, ["S9"])).till_key.stores_changed_at).not.toBeNull();
    expect((await client.revokeTillKey(made.id, "ops")).till_key.revoked_by).toBe("ops");
    expect(await account(key)).toBe(401);
    await expect(client.revokeTillKey(made.id, "ops")).rejects.toBeInstanceOf(CoinSchemeRefusedError);
    await expect(client.revokeTillKey(999_999, "ops")).rejects.toMatchObject({ errorCode: 6030 });
  });

  it("campaigns over HTTP: written, dry-run, activated by a second operator, paused, ended; refusals as refusals", async () => {
    const client = t.app.services.coinSchemeClient;
    const day = 24 * 3_600_000;
    const definition = {
      name: { en: "HTTP weekend", tc: "HTTP 週末", sc: "HTTP 周末" },
      conditions: [{ fact: "weekday" as const, in: [6 as const, 7 as const] }],
      action: { type: "multiplier" as const, multiplier: "2" },
      stacks: false,
      starts_at: new Date(Date.now() + day).toISOString(),
      ends_at: new Date(Date.now() + 8 * day).toISOString(),
      budget_coins: 1_000,
      per_member_cap: null,
      programme_rule: null,
    };
    const { campaign } = await client.createCampaign(definition, "operator:maker@example.com");
    expect(campaign).toMatchObject({ status: "draft", created_by: "operator:maker@example.com" });
    const edited = await client.updateCampaign(
      campaign.id,
      { ...definition, stacks: true },
      "operator:maker@example.com",
    );
    expect(edited.campaign.stacks).toBe(true);
    expect((await client.dryRunCampaign(definition, 7)).dry_run).toMatchObject({ days: 7 });
    expect((await client.campaigns()).campaigns.map((one) => one.id)).toContain(campaign.id);
    await expect(
      client.activateCampaign(campaign.id, "operator:maker@example.com", "operator:maker@example.com"),
    ).rejects.toMatchObject({ errorCode: 6042 });
    const active = await client.activateCampaign(
      campaign.id,
      "operator:other@example.com",
      "operator:checker@example.com",
    );
    expect(active.campaign).toMatchObject({ status: "active", approved_by: "operator:checker@example.com" });
    await expect(client.updateCampaign(campaign.id, definition, "ops")).rejects.toMatchObject({
      errorCode: 6041,
    });
    expect((await client.pauseCampaign(campaign.id, "ops")).campaign.status).toBe("paused");
    expect((await client.endCampaign(campaign.id, "ops")).campaign.status).toBe("ended");
    await expect(client.campaign(999_999)).rejects.toMatchObject({ errorCode: 6040 });
  });

  it("a member server with a wrong API key gets -1, not a crash", async () => {
    const wrong = await createTestApp({
      env: { COIN_SCHEME_URL: url, COIN_SCHEME_API_KEY: "not-the-right-key-0000" },
    });
    try {
      const res = await wrong.call("POST", `${BASE}/hcoin-check-linked`, {
        body: { mobile_phone_prefix: "852", mobile_phone: nextPhone() },
      });
      expect(res.body.payload).toMatchObject({ status_code: -1, msg_en: COIN_MESSAGES.unavailable.en });
    } finally {
      await wrong.close();
    }
  });
});

describe("HTTP scheme: nothing there, no answer, failures", () => {
  let t: TestApp | undefined;
  let server: Server | ReturnType<typeof createTcpServer> | undefined;
  const sockets = new Set<Socket>();
  afterEach(async () => {
    await t?.close();
    t = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (server) await new Promise((done) => server?.close(done));
    server = undefined;
  });

  /** Every call that touches the scheme, for a registered member: all -1 / 5030, the member untouched. */
  async function expectNothingHalfDone(app: TestApp) {
    const member = await registerMember(app);
    const check = await app.call("POST", `${BASE}/hcoin-check-linked`, {
      body: { mobile_phone_prefix: "852", mobile_phone: member.phone },
      lang: "en",
    });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({
      code: 200,
      message: COIN_MESSAGES.unavailable.en,
      payload: {
        status_code: -1,
        hcoins_memberno: null,
        msg_en: "We cannot reach the H Coins service at the moment. Please try again later.",
        msg_tc: "暫時未能連接 H Coins 服務，請稍後再試。",
        msg_sc: "暂时无法连接 H Coins 服务，请稍后再试。",
      },
    });
    for (const path of ["link-hcoin-2", "hcoin-create"]) {
      const res = await app.call("POST", `${BASE}/${path}`, { body: {}, token: member.token, lang: "zh-HK" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        code: 5030,
        message: COIN_MESSAGES.unavailable.tc,
        payload: { status_code: -1, hcoins_memberno: null, msg_en: COIN_MESSAGES.unavailable.en },
      });
    }
    expect((await profile(app, member.token)).external_customer_id).toBeNull();
    // Registration goes on without the scheme: the duplicate check answers from the member data.
    const duplicate = await app.call("POST", `${BASE}/hcoin-check-is-duplicate-reg`, {
      body: { mobile_phone_prefix: "852", mobile_phone: nextPhone(), email: "free@example.com" },
    });
    expect(duplicate.body.payload).toMatchObject({ duplicate: false, hcoin_status_code: -1 });
    expect((await app.call("GET", "/healthz", { token: null })).status).toBe(200);
  }

  it("a COIN_SCHEME_URL where nothing listens: -1 at once, nothing half-linked", async () => {
    const port = await freePort();
    t = await createTestApp({ env: { COIN_SCHEME_URL: `http://127.0.0.1:${port}` } });
    const started = Date.now();
    await expectNothingHalfDone(t);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("a scheme that accepts connections and never answers: cut off after the timeout, retried once", async () => {
    // Count requests, not connections: fetch's pool may open spare connections of its own.
    let requests = 0;
    const tcp = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on("data", (chunk) => {
        requests += (String(chunk).match(/^(GET|POST) \/coin-scheme\/v1\//gm) ?? []).length;
      });
    });
    server = tcp;
    const port = await listen(tcp);
    t = await createTestApp({
      env: { COIN_SCHEME_URL: `http://127.0.0.1:${port}`, COIN_SCHEME_TIMEOUT_MS: "300" },
    });

    const started = Date.now();
    const error = await t.app.services.coinSchemeClient
      .findAccountByPhone("852", nextPhone())
      .catch((e) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(CoinSchemeUnavailableError);
    expect(error.reason).toBe("timeout");
    expect(requests).toBe(2);
    expect(elapsed).toBeGreaterThanOrEqual(550);
    expect(elapsed).toBeLessThan(5_000);

    await expectNothingHalfDone(t);
  });

  it("a scheme that answers 500 or garbage: -1 without a retry", async () => {
    let requests = 0;
    const http = createServer((request, response) => {
      requests += 1;
      if (request.url?.includes("garbage")) response.end("<html>proxy error</html>");
      else response.writeHead(500, { "content-type": "application/json" }).end('{"oops":true}');
    });
    server = http;
    const port = await listen(http);
    t = await createTestApp({ env: { COIN_SCHEME_URL: `http://127.0.0.1:${port}` } });
    const error = await t.app.services.coinSchemeClient
      .findAccountByPhone("852", nextPhone())
      .catch((e) => e);
    expect(error).toBeInstanceOf(CoinSchemeUnavailableError);
    expect(error.reason).toBe("failed");
    expect(requests).toBe(1);
    await expectNothingHalfDone(t);
  });

  it("a scheme whose redemptions are all busy (503, reason busy): a refusal the member is told to retry, other 503s unavailable", async () => {
    const http = createServer((request, response) => {
      const busy = request.url?.includes("/redemptions");
      response.writeHead(503, { "content-type": "application/json" }).end(
        JSON.stringify({
          code: 503,
          error_code: 5030,
          error_message: "busy",
          payload: busy ? { error_code: 5030, reason: "busy", retry_after_seconds: 2 } : { error_code: 5030 },
        }),
      );
    });
    server = http;
    const port = await listen(http);
    t = await createTestApp({ env: { COIN_SCHEME_URL: `http://127.0.0.1:${port}` } });
    const client = t.app.services.coinSchemeClient;
    const busy = await client
      .redeem({ hcoinsMemberNo: "HC0000000001", rewardId: 1, key: "k-1" })
      .catch((e) => e);
    expect(busy).toBeInstanceOf(CoinSchemeRefusedError);
    expect(busy.errorCode).toBe(5030);
    const down = await client.findAccountByPhone("852", nextPhone()).catch((e) => e);
    expect(down).toBeInstanceOf(CoinSchemeUnavailableError);
  });

  it("sends the configured API key", async () => {
    const keys: (string | undefined)[] = [];
    const http = createServer((request, response) => {
      keys.push(request.headers["x-api-key"] as string | undefined);
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ code: 200, payload: { account: null } }));
    });
    server = http;
    const port = await listen(http);
    t = await createTestApp({
      env: { COIN_SCHEME_URL: `http://127.0.0.1:${port}/`, COIN_SCHEME_API_KEY: "configured-key-0000001" },
    });
    const res = await t.call("POST", `${BASE}/hcoin-check-linked`, {
      body: { mobile_phone_prefix: "852", mobile_phone: nextPhone() },
    });
    expect(res.body.payload.status_code).toBe(999);
    expect(keys).toEqual(["configured-key-0000001"]);
  });
});
