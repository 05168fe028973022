import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { up as migrateRefundKeys } from "./migrations/0006-refund-keys.ts";
import {
  admin,
  changeMultiplier,
  linkedMember,
  MEMBER_SERVER_KEY,
  nextReceipt,
  programmeRule,
  qr,
  type Res,
  scheme,
  schemeApp,
} from "./testing/scheme-calls.ts";
import type { TestScheme } from "./testing/test-scheme.ts";

/*
 * Issue 14, the ledger a programme can trust, from outside as tills, the member server and
 * operators call it: the birthday bonus from the recorded birth month, till keys bound to
 * their stores, the store registry, partial refunds, adjustments, velocity limits, expiry,
 * and a balance row that always agrees with the ledger, also under concurrent writes.
 */

let t: TestScheme;
afterEach(() => t?.close());

const buy = (member: string, fields: Record<string, unknown> = {}, key?: string) =>
  scheme(
    t,
    "POST",
    "/purchases",
    {
      qr_text: qr(t, member, "07"),
      store_code: "S1",
      receipt_no: nextReceipt(),
      net_amount: "100",
      ...fields,
    },
    key,
  );
const refund = (fields: Record<string, unknown>, key?: string) => scheme(t, "POST", "/refunds", fields, key);
const balanceOf = async (member: string) =>
  (await admin(t, "GET", `/accounts?member_ref=${member}`)).body.payload.account.balance as number;
const expectHolds = async () => {
  const check = await admin(t, "GET", "/ledger-check");
  expect(check.status).toBe(200);
  expect(check.body.payload.disagreements).toEqual([]);
};
const refused = (res: Res, status: number, errorCode: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error_code).toBe(errorCode);
};

describe("the birthday bonus follows the recorded birth month", () => {
  it("gives a forged QR month 0 extra coins, and the recorded month its bonus whatever the QR says", async () => {
    t = await schemeApp();
    await linkedMember(t, "M1", 1);
    await linkedMember(t, "M7", 7);
    const forged = await buy("M1", { qr_text: qr(t, "M1", "07") });
    expect(forged.body.payload.transaction).toMatchObject({ base_coins: 100, birthday_bonus: 0, coins: 100 });
    const real = await buy("M7", { qr_text: qr(t, "M7", "00") });
    expect(real.body.payload.transaction).toMatchObject({ birthday_bonus: 100, coins: 200 });
  });

  it("earns with the birthday rule's multiplier as its campaign changes, and none while it is paused", async () => {
    t = await schemeApp();
    await linkedMember(t, "M7", 7);
    const birthday = await programmeRule(t, "birthday");
    expect(birthday).toMatchObject({ action: { type: "multiplier", multiplier: "2" }, status: "active" });
    expect((await admin(t, "GET", "/bonus-days")).body.payload.birthday_multiplier).toBe("2");
    expect((await buy("M7")).body.payload.transaction).toMatchObject({ birthday_bonus: 100, coins: 200 });

    await changeMultiplier(t, birthday.id, "1.5");
    const after = await buy("M7");
    expect(after.body.payload.transaction).toMatchObject({
      birthday_multiplier: "1.5",
      birthday_bonus: 50,
      coins: 150,
    });
    expect(after.body.payload.transaction.lines).toContainEqual({
      kind: "birthday",
      coins: 50,
      campaign_id: birthday.id,
      name: null,
    });
    expect((await admin(t, "GET", "/bonus-days")).body.payload.birthday_multiplier).toBe("1.5");

    await admin(t, "POST", `/campaigns/${birthday.id}/pause`, { operator: "ops" });
    expect((await buy("M7")).body.payload.transaction).toMatchObject({ birthday_bonus: 0, coins: 100 });
    expect((await admin(t, "GET", "/bonus-days")).body.payload).toMatchObject({
      birthday_multiplier: "1",
      birthday_campaign_id: null,
    });
    refused(
      await scheme(t, "POST", `/campaigns/${birthday.id}/activate`, { operator: "a", approver: "b" }),
      403,
      4030,
    );
    await expectHolds();
  });

  it("records a birth month once: the same again changes nothing, another is refused (6013)", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "M2");
    expect((await buy("M2")).body.payload.transaction.birthday_bonus).toBe(0);
    const set = await admin(t, "PUT", `/accounts/${number}/birth-month`, { birth_month: 7 });
    expect(set.body.payload).toEqual({ hcoins_memberno: number, birth_month: 7, changed: true });
    expect((await buy("M2")).body.payload.transaction.birthday_bonus).toBe(100);
    const again = await admin(t, "PUT", `/accounts/${number}/birth-month`, { birth_month: 7 });
    expect(again.body.payload.changed).toBe(false);
    refused(await admin(t, "PUT", `/accounts/${number}/birth-month`, { birth_month: 8 }), 409, 6013);
    const bad = await admin(t, "PUT", `/accounts/${number}/birth-month`, { birth_month: 13 });
    expect(bad.body.payload.errors).toContainEqual({ field: "birth_month", rule: "birthMonthInvalid" });
    // A link that names another month does not change a recorded one.
    const relink = await admin(t, "POST", `/accounts/${number}/link`, { member_ref: "M2", birth_month: 3 });
    expect(relink.body.payload.account.birth_month).toBe(7);
    refused(await scheme(t, "PUT", `/accounts/${number}/birth-month`, { birth_month: 7 }), 403, 4030);
  });
});

describe("till keys bound to their stores, and the store registry", () => {
  const OTHER_TILL = "other-till-key-00000001";
  const keys = `member-server:${MEMBER_SERVER_KEY},pos-1:test-till-key-0000000001:till:S1,pos-2:${OTHER_TILL}:till:S2`;

  it("earns and refunds only at the key's stores (403, 6017); a full-scope client earns anywhere", async () => {
    t = await schemeApp({ COIN_SCHEME_API_KEYS: keys });
    await linkedMember(t, "M3", 1);
    const elsewhere = await buy("M3", { store_code: "S2" });
    refused(elsewhere, 403, 6017);
    expect(elsewhere.body.payload.store_code).toBe("S2");
    const bought = await buy("M3", { receipt_no: "SHARED" });
    expect(bought.status).toBe(200);
    refused(await refund({ store_code: "S1", receipt_no: "SHARED" }, OTHER_TILL), 403, 6017);
    expect(await balanceOf("M3")).toBe(100);
    const byClient = await buy("M3", { store_code: "S2" }, MEMBER_SERVER_KEY);
    expect(byClient.body.payload.transaction).toMatchObject({ actor_type: "client", actor: "member-server" });
  });

  it("refuses an unknown store code clearly (422, 6014), even to a till key that names it", async () => {
    t = await schemeApp({
      COIN_SCHEME_API_KEYS: `member-server:${MEMBER_SERVER_KEY},pos-1:test-till-key-0000000001:till:S1|NEW1`,
    });
    await linkedMember(t, "M4", 1);
    const unknown = await buy("M4", { store_code: "NEW1" });
    refused(unknown, 422, 6014);
    expect(unknown.body.error_message).toBe("此店鋪編號不屬於 H Coins 計劃的店鋪。");
    await admin(t, "PUT", "/stores/NEW1", { partner_property: true });
    const known = await buy("M4", { store_code: "NEW1", electronic_amount: "100" });
    expect(known.body.payload.transaction).toMatchObject({ partner_store: true, coins: 200 });
    const stores = await admin(t, "GET", "/stores");
    expect(stores.body.payload.stores.map((store: { store_code: string }) => store.store_code)).toContain(
      "NEW1",
    );
  });

  it("reads only the account behind a fresh QR code it scanned, without the mobile number", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "M5", 1);
    await buy("M5");
    const read = await scheme(t, "POST", "/till/account", { qr_text: qr(t, "M5", "01") });
    expect(read.body.payload).toEqual({ hcoins_memberno: number, balance: 100 });
    refused(await scheme(t, "POST", "/till/account", { qr_text: qr(t, "M5", "01", -600) }), 422, 6001);
    refused(await scheme(t, "GET", `/accounts?member_ref=M5`), 403, 4030);
    refused(await scheme(t, "GET", `/accounts/${number}/ledger`), 403, 4030);
  });
});

describe("partial refunds", () => {
  it("refunds HKD 40 of 100: 40 coins back; HKD 70 more: refused (6016); the rest; then 6015", async () => {
    t = await schemeApp();
    await linkedMember(t, "M6", 1);
    await buy("M6", { receipt_no: "P-100" });
    const part = await refund({ store_code: "S1", receipt_no: "P-100", net_amount: "40" });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.payload.transaction).toMatchObject({ kind: "refund", coins: -40, net_amount: "40.00" });
    expect(part.body.payload.balance).toBe(60);
    expect(part.body.payload.receipt).toMatchObject({ refunded_net_amount: "40.00", fully_refunded: false });
    const tooMuch = await refund({ store_code: "S1", receipt_no: "P-100", net_amount: "70" });
    refused(tooMuch, 422, 6016);
    expect(tooMuch.body.payload.remaining_net_amount).toBe("60.00");
    const rest = await refund({ store_code: "S1", receipt_no: "P-100" });
    expect(rest.body.payload.transaction).toMatchObject({ coins: -60, net_amount: "60.00" });
    expect(rest.body.payload.receipt.fully_refunded).toBe(true);
    refused(await refund({ store_code: "S1", receipt_no: "P-100" }), 409, 6015);
    expect(await balanceOf("M6")).toBe(0);
    await expectHolds();
  });

  it("reverses with the purchase day's multipliers and partner flag; the parts add up to what it earned", async () => {
    t = await schemeApp();
    await linkedMember(t, "M7", 7);
    await admin(t, "PUT", "/stores/PARTNER1", { partner_property: true });
    // 99.99 net, 50.01 electronic at a partner store in the birth month: base 99 + 50 = 149, ×2 = 298.
    const bought = await buy("M7", {
      store_code: "PARTNER1",
      receipt_no: "P-MIX",
      net_amount: "99.99",
      electronic_amount: "50.01",
    });
    expect(bought.body.payload.transaction.coins).toBe(298);
    // Next month, no partner flag any more: a refund still reverses what the purchase earned.
    await admin(t, "PUT", "/stores/PARTNER1", { partner_property: false });
    t.clock.advance(31 * 86_400_000);
    const parts = [
      { net_amount: "33.33", electronic_amount: "20" },
      { net_amount: "33.33" },
      { net_amount: "0.01", electronic_amount: "0" },
      {},
    ];
    let reversed = 0;
    for (const part of parts) {
      const res = await refund({ store_code: "PARTNER1", receipt_no: "P-MIX", ...part });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      reversed -= res.body.payload.transaction.coins;
    }
    expect(reversed).toBe(298);
    expect(await balanceOf("M7")).toBe(0);
    const ledger = await admin(t, "GET", `/accounts?member_ref=M7`);
    expect(ledger.body.payload.account.balance).toBe(0);
    await expectHolds();
  });

  it("checks the electronic part of a refund", async () => {
    t = await schemeApp();
    await linkedMember(t, "M8", 1);
    await buy("M8", {
      store_code: "PARTNER1",
      receipt_no: "P-E",
      net_amount: "100",
      electronic_amount: "100",
    });
    // All paid by card: a refund of 40 returns 40 by card by default, reversing 40 + 40 coins.
    const byCard = await refund({ store_code: "PARTNER1", receipt_no: "P-E", net_amount: "40" });
    expect(byCard.body.payload.transaction).toMatchObject({ electronic_amount: "40.00", coins: -80 });
    const notByCash = await refund({
      store_code: "PARTNER1",
      receipt_no: "P-E",
      net_amount: "10",
      electronic_amount: "0",
    });
    expect(notByCash.status).toBe(400);
    expect(notByCash.body.payload.errors).toContainEqual({
      field: "electronic_amount",
      rule: "electronicExceedsNet",
    });
    const zero = await refund({ store_code: "PARTNER1", receipt_no: "P-E", net_amount: "0" });
    expect(zero.body.payload.errors).toContainEqual({ field: "net_amount", rule: "refundZero" });
  });

  it("happens once per refund number; the same number for another amount is refused (6009)", async () => {
    t = await schemeApp();
    await linkedMember(t, "M9", 1);
    await buy("M9", { receipt_no: "P-N" });
    const body = { store_code: "S1", receipt_no: "P-N", refund_no: "RF-1", net_amount: "25" };
    const answers = await Promise.all([refund(body), refund(body), refund(body)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(answers.filter((res) => res.body.payload.duplicate === false)).toHaveLength(1);
    expect(await balanceOf("M9")).toBe(75);
    refused(await refund({ ...body, net_amount: "30" }), 409, 6009);
  });

  it("keeps refund numbers of receipts apart when they hold a colon: A:B / C is not A / B:C", async () => {
    t = await schemeApp();
    await linkedMember(t, "M9C", 1);
    await buy("M9C", { receipt_no: "A:B" });
    await buy("M9C", { receipt_no: "A" });
    const first = await refund({ store_code: "S1", receipt_no: "A:B", refund_no: "C", net_amount: "10" });
    expect(first.body.payload.duplicate).toBe(false);
    const second = await refund({ store_code: "S1", receipt_no: "A", refund_no: "B:C", net_amount: "10" });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.payload).toMatchObject({ duplicate: false, transaction: { receipt_no: "A" } });
    // A % in a receipt number is kept apart from the escape of a colon too.
    await buy("M9C", { receipt_no: "A%3AB" });
    const third = await refund({ store_code: "S1", receipt_no: "A%3AB", refund_no: "C", net_amount: "10" });
    expect(third.body.payload.duplicate).toBe(false);
    expect(await balanceOf("M9C")).toBe(270);
    await expectHolds();
  });

  it("still answers a refund recorded under the old key of a receipt with a colon (migration 0006)", async () => {
    t = await schemeApp();
    await linkedMember(t, "M9D", 1);
    await buy("M9D", { receipt_no: "X:Y" });
    const body = { store_code: "S1", receipt_no: "X:Y", refund_no: "Z", net_amount: "10" };
    expect((await refund(body)).body.payload.duplicate).toBe(false);
    // As a scheme before the migration wrote it.
    await t.db
      .updateTable("hcoin_ledger")
      .set({ entry_key: "refund:S1:X:Y:Z" })
      .where("kind", "=", "refund")
      .where("receipt_no", "=", "X:Y")
      .execute();
    await migrateRefundKeys(t.db as unknown as Kysely<unknown>);
    const again = await refund(body);
    expect(again.body.payload.duplicate, JSON.stringify(again.body)).toBe(true);
    expect(await balanceOf("M9D")).toBe(90);
  });

  it("takes the balance below zero when the coins were spent, and later coins repay it", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "M10", 1);
    await buy("M10", { receipt_no: "P-S" });
    await admin(t, "POST", `/accounts/${number}/adjustments`, {
      coins: -90,
      reason: "gift",
      operator: "ops",
    });
    const back = await refund({ store_code: "S1", receipt_no: "P-S" });
    expect(back.body.payload.balance).toBe(-90);
    await buy("M10", { net_amount: "50" });
    expect(await balanceOf("M10")).toBe(-40);
    await buy("M10", { net_amount: "70" });
    expect(await balanceOf("M10")).toBe(30);
    await expectHolds();
  });
});

describe("operator adjustments", () => {
  it("credits and debits with a reason, names the operator, and never goes below zero unless allowed", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "M11", 1);
    const adjust = (body: Record<string, unknown>) =>
      admin(t, "POST", `/accounts/${number}/adjustments`, { operator: "chan.tm@hcoins.example", ...body });
    const credit = await adjust({ coins: 50, reason: "Goodwill: till was down on 14 July" });
    expect(credit.body.payload.transaction).toMatchObject({
      kind: "adjustment",
      coins: 50,
      actor_type: "operator",
      actor: "chan.tm@hcoins.example",
      client: "member-server",
      reason: "Goodwill: till was down on 14 July",
    });
    expect((await adjust({ coins: -30, reason: "Correction" })).body.payload.balance).toBe(20);
    const below = await adjust({ coins: -21, reason: "Correction" });
    refused(below, 422, 6018);
    expect(below.body.payload.balance).toBe(20);
    expect(
      (await adjust({ coins: -21, reason: "Clawback", allow_negative: true })).body.payload.balance,
    ).toBe(-1);
    const noReason = await adjust({ coins: 5, reason: "  " });
    expect(noReason.body.payload.errors).toContainEqual({ field: "reason", rule: "required" });
    const zero = await adjust({ coins: 0, reason: "x" });
    expect(zero.body.payload.errors).toContainEqual({ field: "coins", rule: "coinsInvalid" });
    const keyed = { coins: 7, reason: "Complaint 1234", idempotency_key: "ticket-1234" };
    const [first, second] = await Promise.all([adjust(keyed), adjust(keyed)]);
    expect([first.body.payload.duplicate, second.body.payload.duplicate].sort()).toEqual([false, true]);
    expect(await balanceOf("M11")).toBe(6);
    refused(
      await scheme(t, "POST", `/accounts/${number}/adjustments`, { ...keyed, operator: "x" }),
      403,
      4030,
    );
    await expectHolds();
  });
});

describe("velocity limits", () => {
  it("limits a member's purchases per Hong Kong day, never a retry, and opens again the next day (6012)", async () => {
    t = await schemeApp({ COIN_LIMIT_MEMBER_DAILY_PURCHASES: "2", COIN_LIMIT_MEMBER_DAILY_AMOUNT: "0" });
    await linkedMember(t, "M12", 1);
    const first = { qr_text: qr(t, "M12", "01"), store_code: "S1", receipt_no: "V-1", net_amount: "10" };
    expect((await scheme(t, "POST", "/purchases", first)).status).toBe(200);
    expect((await buy("M12")).status).toBe(200);
    const third = await buy("M12");
    refused(third, 429, 6012);
    expect(third.body.payload).toMatchObject({ limit: "memberDailyPurchases", max: 2 });
    expect((await scheme(t, "POST", "/purchases", first)).body.payload.duplicate).toBe(true);
    t.clock.advance(12 * 3600_000); // midnight in Hong Kong
    expect((await buy("M12")).status).toBe(200);
  });

  it("limits a member's net spend per day", async () => {
    t = await schemeApp({ COIN_LIMIT_MEMBER_DAILY_AMOUNT: "1000" });
    await linkedMember(t, "M13", 1);
    expect((await buy("M13", { net_amount: "999.99" })).status).toBe(200);
    const over = await buy("M13", { net_amount: "0.02" });
    refused(over, 429, 6012);
    expect(over.body.payload).toMatchObject({ limit: "memberDailyAmount", max: "1000" });
  });

  it("limits a till's purchases per minute across members", async () => {
    t = await schemeApp({ COIN_LIMIT_TILL_PURCHASES_PER_MINUTE: "3" });
    for (const member of ["T1", "T2", "T3", "T4"]) await linkedMember(t, member, 1);
    for (const member of ["T1", "T2", "T3"]) expect((await buy(member)).status).toBe(200);
    const fourth = await buy("T4");
    refused(fourth, 429, 6012);
    expect(fourth.body.payload.limit).toBe("tillPurchasesPerMinute");
    t.clock.advance(61_000);
    expect((await buy("T4")).status).toBe(200);
  });
});

describe("expiry", () => {
  it("expires coins at the end of the year after earning, soonest-expiring spent first, once", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "M14", 1);
    await buy("M14", { net_amount: "100" }); // policy none: never expires
    const policy = await admin(t, "PUT", "/expiry-policy", { policy: "year-end", operator: "ops" });
    expect(policy.body.payload).toMatchObject({ policy: "year-end", updated_by: "ops" });
    const dated = await buy("M14", { net_amount: "50" });
    expect(dated.body.payload.transaction.expires_at).toBe("2026-12-31T16:00:00.000Z");
    // A debit of 30 takes the coins that expire first.
    await admin(t, "POST", `/accounts/${number}/adjustments`, { coins: -30, reason: "r", operator: "ops" });
    const preview = await admin(t, "GET", "/expiry/preview?at=2027-01-01T00:00:00%2B08:00");
    expect(preview.body.payload).toMatchObject({ credits: 1, accounts: 1, coins: 20 });
    expect((await admin(t, "GET", "/expiry/preview")).body.payload.coins).toBe(0);

    t.clock.advance(Date.UTC(2026, 11, 31, 16, 5) - t.clock.now());
    const [run, rerun] = await Promise.all([t.service.runExpiry(), t.service.runExpiry()]);
    expect(run.coins + rerun.coins).toBe(20);
    expect((await t.service.runExpiry()).coins).toBe(0);
    expect(await balanceOf("M14")).toBe(100);
    const ledger = await admin(t, "GET", `/accounts/${number}/ledger`);
    expect(ledger.body.payload.entries[0]).toMatchObject({
      kind: "expiry",
      coins: -20,
      actor_type: "expiry",
      client: "scheduler",
    });
    await expectHolds();
  });

  it("validates the policy", async () => {
    t = await schemeApp();
    for (const policy of ["never", "0-months", "121-months"]) {
      const res = await admin(t, "PUT", "/expiry-policy", { policy, operator: "ops" });
      expect(res.body.payload.errors).toContainEqual({ field: "policy", rule: "expiryPolicyInvalid" });
    }
    const months = await admin(t, "PUT", "/expiry-policy", { policy: "24-months", operator: "ops" });
    expect(months.body.payload.policy).toBe("24-months");
  });
});

describe("the balance row and the ledger", () => {
  it("agree after 50 parallel purchases, refunds and adjustments on one account", async () => {
    t = await schemeApp({
      COIN_LIMIT_MEMBER_DAILY_PURCHASES: "0",
      COIN_LIMIT_TILL_PURCHASES_PER_MINUTE: "0",
    });
    const number = await linkedMember(t, "M15", 7);
    const receipts = Array.from({ length: 20 }, (_, i) => `C-${i}`);
    for (const receipt of receipts.slice(0, 10)) await buy("M15", { receipt_no: receipt, net_amount: "30" });
    const calls: Promise<Res>[] = [];
    for (let i = 0; i < 50; i += 1) {
      if (i % 5 === 0)
        calls.push(refund({ store_code: "S1", receipt_no: receipts[i / 5] as string, net_amount: "10" }));
      else if (i % 5 === 1)
        calls.push(
          admin(t, "POST", `/accounts/${number}/adjustments`, {
            coins: i % 2 === 0 ? 7 : -3,
            reason: "race",
            operator: "ops",
            allow_negative: true,
          }),
        );
      else calls.push(buy("M15", { receipt_no: receipts[10 + (i % 10)], net_amount: "12.50" }));
    }
    const answers = await Promise.all(calls);
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await t.db.selectFrom("hcoin_ledger").select("coins").execute();
    const sum = rows.reduce((total, row) => total + Number(row.coins), 0);
    expect(await balanceOf("M15")).toBe(sum);
    await expectHolds();
  });

  it("the check names an account whose balance row was changed behind the ledger's back", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "M16", 1);
    await buy("M16");
    await t.db
      .updateTable("hcoin_accounts")
      .set({ balance: 999 })
      .where("hcoins_memberno", "=", number)
      .execute();
    const check = await admin(t, "GET", "/ledger-check");
    expect(check.body.payload.disagreements).toEqual([
      { hcoins_memberno: number, balance: 999, ledger_sum: 100, remaining_sum: 100 },
    ]);
  });
});
