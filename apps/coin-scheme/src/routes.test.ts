import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  admin,
  linkedMember,
  nextReceipt,
  programmeRule,
  qr,
  scheme,
  schemeApp,
  setHoliday,
  TILL_KEY,
  TODAY,
} from "./testing/scheme-calls.ts";
import type { TestScheme } from "./testing/test-scheme.ts";

/*
 * The scheme's HTTP API as a till and the member server use it, served by the standalone
 * scheme (the member server serves the same routes when it embeds the scheme).
 */

describe("earning at the till: the earn rules", () => {
  let t: TestScheme;
  beforeAll(async () => {
    t = await schemeApp();
    // Born in January, in July (the clock's month) and with no birth month recorded.
    await linkedMember(t, "M000000101", 1);
    await linkedMember(t, "M000000107", 7);
    await linkedMember(t, "M000000100");
  });
  const memberBorn = { "01": "M000000101", "07": "M000000107", "00": "M000000100" } as const;
  afterAll(() => t.close());

  // [case, store, net, electronic, birth month (recorded, and on the QR code), holiday multiplier or null, expected base, birthday, holiday, coins]
  const cases: [
    string,
    string,
    string | number,
    string | number,
    string,
    string | null,
    number,
    number,
    number,
    number,
  ][] = [
    ["net spend, whole dollars", "PLAIN1", "100.00", "0", "01", null, 100, 0, 0, 100],
    ["cents of the net spend are dropped", "PLAIN1", "123.99", "0", "01", null, 123, 0, 0, 123],
    ["amounts as JSON numbers", "PLAIN1", 88.5, 0, "01", null, 88, 0, 0, 88],
    [
      "electronic payment earns nothing extra outside partner stores",
      "PLAIN1",
      "100",
      "60",
      "01",
      null,
      100,
      0,
      0,
      100,
    ],
    [
      "electronic payment earns 1 per HKD at a partner store",
      "PARTNER1",
      "100",
      "60",
      "01",
      null,
      160,
      0,
      0,
      160,
    ],
    [
      "net and electronic cents are dropped separately",
      "PARTNER1",
      "100.50",
      "50.75",
      "01",
      null,
      150,
      0,
      0,
      150,
    ],
    ["under one dollar earns nothing", "PARTNER1", "0.99", "0.99", "01", null, 0, 0, 0, 0],
    [
      "birthday month doubles (COIN_BIRTHDAY_MULTIPLIER 2)",
      "PLAIN1",
      "100",
      "0",
      "07",
      null,
      100,
      100,
      0,
      200,
    ],
    ["no birth month on the QR code, no birthday bonus", "PLAIN1", "100", "0", "00", null, 100, 0, 0, 100],
    ["holiday ×3", "PLAIN1", "100", "0", "01", "3", 100, 0, 200, 300],
    ["birthday and holiday bonuses add up on the base", "PLAIN1", "100", "0", "07", "3", 100, 100, 200, 400],
    [
      "docs/coin-scheme.md example: partner store, birthday, holiday ×3",
      "PARTNER1",
      "123.45",
      "80.99",
      "07",
      "3",
      203,
      203,
      406,
      812,
    ],
    ["fractional holiday multiplier floors the bonus", "PLAIN1", "101", "0", "01", "1.5", 101, 0, 50, 151],
  ];

  it.each(cases)(
    "%s",
    async (_name, store, net, electronic, month, holiday, base_coins, birthday_bonus, holiday_bonus, coins) => {
      await setHoliday(t, TODAY, holiday);
      const member = memberBorn[month as keyof typeof memberBorn];
      const before = (await admin(t, "GET", `/accounts?member_ref=${member}`)).body.payload.account.balance;
      const res = await scheme(t, "POST", "/purchases", {
        qr_text: qr(t, member, month),
        store_code: store,
        receipt_no: nextReceipt(),
        net_amount: net,
        electronic_amount: electronic,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.payload.transaction).toMatchObject({
        kind: "purchase",
        client: "pos-1",
        actor_type: "till",
        actor: "pos-1",
        partner_store: store === "PARTNER1",
        base_coins,
        birthday_bonus,
        holiday_bonus,
        coins,
      });
      expect(res.body.payload.duplicate).toBe(false);
      expect(res.body.payload.balance).toBe(before + coins);
    },
  );
});

describe("earning at the till: receipts, refunds and refusals", () => {
  let t: TestScheme;
  afterEach(() => t?.close());

  it("credits a receipt once: the same receipt again answers the first result", async () => {
    t = await schemeApp();
    await linkedMember(t, "M000000201");
    const body = {
      qr_text: qr(t, "M000000201", "01"),
      store_code: "S1",
      receipt_no: "R-1",
      net_amount: "250.40",
    };
    const first = await scheme(t, "POST", "/purchases", body);
    const second = await scheme(t, "POST", "/purchases", body);
    expect(first.body.payload).toMatchObject({ duplicate: false, balance: 250 });
    expect(second.status).toBe(200);
    expect(second.body.payload).toMatchObject({ duplicate: true, balance: 250 });
    expect(second.body.payload.transaction.id).toBe(first.body.payload.transaction.id);
  });

  it("credits a receipt once when a till sends it five times at once", async () => {
    t = await schemeApp();
    await linkedMember(t, "M000000202");
    const body = {
      qr_text: qr(t, "M000000202", "01"),
      store_code: "S1",
      receipt_no: "R-9",
      net_amount: "40",
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => scheme(t, "POST", "/purchases", body)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((res) => res.body.payload.transaction.id)).size).toBe(1);
    expect(answers.filter((res) => res.body.payload.duplicate === false)).toHaveLength(1);
    const account = await admin(t, "GET", "/accounts?member_ref=M000000202");
    expect(account.body.payload.account.balance).toBe(40);
  });

  it("accepts a retry of a receipt after its QR code has expired, but credits nothing again", async () => {
    t = await schemeApp();
    await linkedMember(t, "M000000203");
    const body = {
      qr_text: qr(t, "M000000203", "01"),
      store_code: "S1",
      receipt_no: "R-2",
      net_amount: "10",
    };
    expect((await scheme(t, "POST", "/purchases", body)).status).toBe(200);
    t.clock.advance(10 * 60_000);
    const retry = await scheme(t, "POST", "/purchases", body);
    expect(retry.status).toBe(200);
    expect(retry.body.payload).toMatchObject({ duplicate: true, balance: 10 });
  });

  it("refuses a receipt number reused for another amount or member (6009)", async () => {
    t = await schemeApp();
    await linkedMember(t, "M000000204");
    await linkedMember(t, "M000000205");
    const body = {
      qr_text: qr(t, "M000000204", "01"),
      store_code: "S1",
      receipt_no: "R-3",
      net_amount: "10",
    };
    expect((await scheme(t, "POST", "/purchases", body)).status).toBe(200);
    const otherAmount = await scheme(t, "POST", "/purchases", { ...body, net_amount: "11" });
    expect(otherAmount.status).toBe(409);
    expect(otherAmount.body.error_code).toBe(6009);
    const otherMember = await scheme(t, "POST", "/purchases", {
      ...body,
      qr_text: qr(t, "M000000205", "01"),
    });
    expect(otherMember.body.error_code).toBe(6009);
    // The same receipt number at another store is another receipt.
    const otherStore = await scheme(t, "POST", "/purchases", { ...body, store_code: "S2" });
    expect(otherStore.body.payload).toMatchObject({ duplicate: false, balance: 20 });
  });

  it("a refund reverses exactly what the receipt earned, bonuses included, once", async () => {
    t = await schemeApp();
    await linkedMember(t, "M000000206", 7);
    await admin(t, "PUT", "/stores/P1", { partner_property: true });
    await setHoliday(t, TODAY, "2");
    const kept = await scheme(t, "POST", "/purchases", {
      qr_text: qr(t, "M000000206", "01"),
      store_code: "P1",
      receipt_no: "KEEP",
      net_amount: "30",
    });
    const purchase = await scheme(t, "POST", "/purchases", {
      qr_text: qr(t, "M000000206", "07"),
      store_code: "P1",
      receipt_no: "BACK",
      net_amount: "99.99",
      electronic_amount: "50",
    });
    // base 99 + 50 = 149; birthday +149; holiday +149
    expect(purchase.body.payload.transaction.coins).toBe(447);
    expect(purchase.body.payload.balance).toBe(90 + 447);
    // 30, doubled by the birthday and again by the holiday on the base.
    expect(kept.body.payload.transaction.coins).toBe(90);

    // The holiday is gone by the time of the refund: the refund still takes back what was given.
    await setHoliday(t, TODAY, null);
    t.clock.advance(3 * 86_400_000);
    const refund = await scheme(t, "POST", "/refunds", { store_code: "P1", receipt_no: "BACK" });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.payload.transaction).toMatchObject({
      kind: "refund",
      base_coins: -149,
      birthday_bonus: -149,
      holiday_bonus: -149,
      coins: -447,
      net_amount: "99.99",
      electronic_amount: "50.00",
    });
    expect(refund.body.payload).toMatchObject({ duplicate: false, balance: 90 });

    expect(refund.body.payload.receipt).toMatchObject({ fully_refunded: true, refunded_net_amount: "99.99" });

    // Sent again, the refund says the receipt is refunded in full, and so does the purchase.
    const again = await scheme(t, "POST", "/refunds", { store_code: "P1", receipt_no: "BACK" });
    expect(again.status).toBe(409);
    expect(again.body.error_code).toBe(6015);
    const purchaseAgain = await scheme(t, "POST", "/purchases", {
      qr_text: qr(t, "M000000206", "07", -3 * 86_400),
      store_code: "P1",
      receipt_no: "BACK",
      net_amount: "99.99",
      electronic_amount: "50",
    });
    expect(purchaseAgain.body.payload).toMatchObject({ duplicate: true, balance: 90 });
    expect(purchaseAgain.body.payload.receipt).toMatchObject({ fully_refunded: true });

    const unknown = await scheme(t, "POST", "/refunds", { store_code: "P1", receipt_no: "NEVER" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_code).toBe(6005);
  });

  it.each([
    ["exactly 3 minutes old", -180, 200, undefined],
    ["3 minutes and 1 second old", -181, 422, 6001],
    ["a day old", -86_400, 422, 6001],
    ["1 minute ahead", 60, 200, undefined],
    ["61 seconds ahead", 61, 422, 6002],
  ])("a QR code %s: HTTP %i", async (_name, offset, status, errorCode) => {
    t = await schemeApp();
    await linkedMember(t, "M000000207");
    const res = await scheme(t, "POST", "/purchases", {
      qr_text: qr(t, "M000000207", "01", offset),
      store_code: "S1",
      receipt_no: "R-QR",
      net_amount: "10",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error_code).toBe(errorCode);
    const account = await admin(t, "GET", "/accounts?member_ref=M000000207");
    expect(account.body.payload.account.balance).toBe(status === 200 ? 10 : 0);
  });

  it("refuses a QR code of a member the scheme does not know, or one not linked (6003)", async () => {
    t = await schemeApp();
    await admin(t, "POST", "/accounts", { mobile_phone_prefix: "852", mobile_phone: "61999999" });
    const res = await scheme(t, "POST", "/purchases", {
      qr_text: qr(t, "M000000999", "01"),
      store_code: "S1",
      receipt_no: "R-1",
      net_amount: "10",
    });
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe(6003);
    expect(res.body.error_message).toBe("此會員 QR Code 不屬於 H Coins 計劃的會員。");
  });

  it.each([
    ["a negative net amount", { net_amount: "-5" }, "net_amount", "amountNegative"],
    [
      "a negative electronic amount",
      { net_amount: "5", electronic_amount: -1 },
      "electronic_amount",
      "amountNegative",
    ],
    ["an absurd amount", { net_amount: "1000000.01" }, "net_amount", "amountTooLarge"],
    ["an absurd number", { net_amount: 1e12 }, "net_amount", "amountTooLarge"],
    ["three decimals", { net_amount: "12.345" }, "net_amount", "amountFormat"],
    ["text", { net_amount: "twelve" }, "net_amount", "amountFormat"],
    ["no net amount", {}, "net_amount", "required"],
    [
      "more paid electronically than spent",
      { net_amount: "10", electronic_amount: "10.01" },
      "electronic_amount",
      "electronicExceedsNet",
    ],
    [
      "a QR text of another format",
      { net_amount: "10", qr_text: "M000000208,1,07,1752552000" },
      "qr_text",
      "qrInvalid",
    ],
    ["a store code with spaces", { net_amount: "10", store_code: "S 1" }, "store_code", "storeCodeInvalid"],
  ])("refuses %s (4000, rule %s)", async (_name, fields, field, rule) => {
    t = await schemeApp();
    await linkedMember(t, "M000000208");
    const res = await scheme(t, "POST", "/purchases", {
      qr_text: qr(t, "M000000208", "01"),
      store_code: "S1",
      receipt_no: "R-1",
      ...fields,
    });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(4000);
    expect(res.body.payload.errors).toContainEqual({ field, rule });
    const account = await admin(t, "GET", "/accounts?member_ref=M000000208");
    expect(account.body.payload.account.balance).toBe(0);
  });

  it("earns by the programme rules migration 0018 made of COIN_HOLIDAYS and COIN_BIRTHDAY_MULTIPLIER; ending one ends its bonus", async () => {
    t = await schemeApp({
      COIN_HOLIDAYS: `2025-12-25:2,${TODAY}:1.5,2025-12-26:1`,
      COIN_BIRTHDAY_MULTIPLIER: "3",
    });
    await linkedMember(t, "M000000209", 7);
    const earn = (receipt: string) =>
      scheme(t, "POST", "/purchases", {
        qr_text: qr(t, "M000000209", "07"),
        store_code: "S1",
        receipt_no: receipt,
        net_amount: "100",
      });
    expect((await earn("R-1")).body.payload.transaction).toMatchObject({
      birthday_bonus: 200,
      holiday_bonus: 50,
    });

    const birthday = await programmeRule(t, "birthday");
    const days = await admin(t, "GET", "/bonus-days");
    // A configured day at ×1 is no holiday.
    expect(days.body.payload).toEqual({
      birthday_multiplier: "3",
      birthday_campaign_id: birthday.id,
      days: [
        { date: TODAY, multiplier: "1.5", campaign_id: expect.any(Number) },
        { date: "2025-12-25", multiplier: "2", campaign_id: expect.any(Number) },
      ],
    });
    await setHoliday(t, TODAY, null);
    expect((await earn("R-2")).body.payload.transaction).toMatchObject({
      birthday_bonus: 200,
      holiday_bonus: 0,
    });
    expect((await admin(t, "GET", "/bonus-days")).body.payload.days).toEqual([
      { date: "2025-12-25", multiplier: "2", campaign_id: expect.any(Number) },
    ]);
  });
});

describe("accounts and links", () => {
  let t: TestScheme;
  afterEach(() => t?.close());

  it("creates one account per number, idempotently, and answers lookups", async () => {
    t = await schemeApp();
    const body = { mobile_phone_prefix: "852", mobile_phone: "62000001" };
    const first = await admin(t, "POST", "/accounts", body);
    const second = await admin(t, "POST", "/accounts", body);
    expect(first.body.payload).toMatchObject({ created: true, linked_now: false });
    expect(first.body.payload.account.hcoins_memberno).toMatch(/^HC\d{10}$/);
    expect(second.body.payload).toMatchObject({ created: false, linked_now: false });
    expect(second.body.payload.account.hcoins_memberno).toBe(first.body.payload.account.hcoins_memberno);

    const byPhone = await admin(t, "GET", "/accounts?mobile_phone_prefix=852&mobile_phone=62000001");
    expect(byPhone.body.payload.account).toMatchObject({
      linked: false,
      linked_member_ref: null,
      balance: 0,
    });
    const none = await admin(t, "GET", "/accounts?mobile_phone_prefix=852&mobile_phone=62000002");
    expect(none.status).toBe(200);
    expect(none.body.payload.account).toBeNull();
  });

  it("makes one account and one link when creates for one member race", async () => {
    t = await schemeApp();
    const body = { mobile_phone_prefix: "852", mobile_phone: "62000003", member_ref: "M000000301" };
    const answers = await Promise.all(Array.from({ length: 6 }, () => admin(t, "POST", "/accounts", body)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((res) => res.body.payload.account.hcoins_memberno)).size).toBe(1);
    expect(answers.filter((res) => res.body.payload.created)).toHaveLength(1);
    const rows = await t.db.selectFrom("hcoin_accounts").select("linked_member_ref").execute();
    expect(rows).toEqual([{ linked_member_ref: "M000000301" }]);
  });

  it("links idempotently and refuses a second member (6010) or a second account (6011)", async () => {
    t = await schemeApp();
    const a = (await admin(t, "POST", "/accounts", { mobile_phone_prefix: "852", mobile_phone: "62000004" }))
      .body.payload.account.hcoins_memberno;
    const b = (await admin(t, "POST", "/accounts", { mobile_phone_prefix: "852", mobile_phone: "62000005" }))
      .body.payload.account.hcoins_memberno;
    const first = await admin(t, "POST", `/accounts/${a}/link`, { member_ref: "M000000401" });
    expect(first.body.payload).toMatchObject({
      linked_now: true,
      account: { linked: true, linked_member_ref: "M000000401" },
    });
    const again = await admin(t, "POST", `/accounts/${a}/link`, { member_ref: "M000000401" });
    expect(again.body.payload.linked_now).toBe(false);
    const other = await admin(t, "POST", `/accounts/${a}/link`, { member_ref: "M000000402" });
    expect(other.status).toBe(409);
    expect(other.body.error_code).toBe(6010);
    const secondAccount = await admin(t, "POST", `/accounts/${b}/link`, { member_ref: "M000000401" });
    expect(secondAccount.status).toBe(409);
    expect(secondAccount.body.error_code).toBe(6011);
    const missing = await admin(t, "POST", "/accounts/HC0000000000/link", { member_ref: "M000000401" });
    expect(missing.status).toBe(404);
    expect(missing.body.error_code).toBe(6004);
  });

  it("shows the ledger newest first, with the actor and reason of each entry", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "M000000501");
    for (const [receipt, amount] of [
      ["R-1", "12"],
      ["R-2", "30"],
    ]) {
      await scheme(t, "POST", "/purchases", {
        qr_text: qr(t, "M000000501", "01"),
        store_code: "S1",
        receipt_no: receipt,
        net_amount: amount,
      });
    }
    await scheme(t, "POST", "/refunds", { store_code: "S1", receipt_no: "R-1" });
    const ledger = await admin(t, "GET", `/accounts/${number}/ledger`);
    expect(ledger.status).toBe(200);
    expect(ledger.body.payload.balance).toBe(30);
    expect(
      ledger.body.payload.entries.map((entry: { kind: string; coins: number }) => [entry.kind, entry.coins]),
    ).toEqual([
      ["refund", -12],
      ["purchase", 30],
      ["purchase", 12],
    ]);
    expect(ledger.body.payload.entries[0]).toMatchObject({
      client: "pos-1",
      actor_type: "till",
      actor: "pos-1",
      reason: "refund",
      receipt_no: "R-1",
      store_code: "S1",
    });
  });
});

describe("API keys", () => {
  let t: TestScheme;
  beforeAll(async () => {
    t = await schemeApp();
  });
  afterAll(() => t.close());

  it.each([
    ["no key", ""],
    ["an unknown key", "not-a-configured-key-000"],
    ["a key that differs in the last character", `${TILL_KEY.slice(0, -1)}2`],
  ])("refuses %s (401, 4010)", async (_name, key) => {
    const res = await scheme(t, "GET", "/bonus-days", undefined, key);
    expect(res.status).toBe(401);
    expect(res.body.error_code).toBe(4010);
  });

  it("lets a till key earn but not look accounts up, create, link or configure (403, 4030)", async () => {
    const create = await scheme(t, "POST", "/accounts", {
      mobile_phone_prefix: "852",
      mobile_phone: "63000001",
    });
    expect(create.status).toBe(403);
    expect(create.body.error_code).toBe(4030);
    expect((await scheme(t, "PUT", "/stores/S1", { partner_property: true })).status).toBe(403);
    expect((await scheme(t, "GET", "/campaigns")).status).toBe(403);
    expect((await scheme(t, "GET", "/bonus-days")).status).toBe(200);
    expect((await scheme(t, "GET", "/accounts?mobile_phone_prefix=852&mobile_phone=63000001")).status).toBe(
      403,
    );
    expect((await scheme(t, "GET", "/accounts/HC0000000001/ledger")).status).toBe(403);
    expect((await scheme(t, "GET", "/stores")).status).toBe(403);
    const lookup = await admin(t, "GET", "/accounts?mobile_phone_prefix=852&mobile_phone=63000001");
    expect(lookup.body.payload.account).toBeNull();
  });

  it("validates the operator's inputs", async () => {
    const badPhone = await admin(t, "POST", "/accounts", { mobile_phone_prefix: "852", mobile_phone: "123" });
    expect(badPhone.body.payload.errors).toContainEqual({ field: "mobile_phone", rule: "mobileLength8" });
  });
});
