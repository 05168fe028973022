import { memberQrText } from "@hcoins/domain/member-qr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember } from "../../testing/flows.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { linkedMember, type Member, memberCall, newReward, redeem } from "./coins-test-support.ts";

/*
 * A member's H Coins as the custom API shows them, against the embedded scheme: balance,
 * history, the catalogue (for visitors too) and vouchers, each only ever the caller's own.
 */

const SHEUNG_WAN = { en: "Harbour Fresh Sheung Wan", tc: "港灣鮮生 上環店", sc: "港湾鲜生 上环店" };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A till's store the programme's store list does not know: history names it null.
  await t.app.services.coinSchemeClient.setStore("ZZ-POPUP", false);
});
afterAll(() => t?.close());

const scheme = () => {
  const embedded = t.app.services.coinScheme;
  if (!embedded) throw new Error("these tests run on the embedded scheme");
  return embedded;
};

/** A purchase at a till, as the scheme's till API makes it. */
const purchase = (
  member: Member,
  storeCode: string,
  receiptNo: string,
  netCents: number,
  electronicCents = 0,
) =>
  scheme().purchase({
    qrText: memberQrText({
      memberNo: member.user.member_no,
      id: member.user.id,
      birthdayMonth: member.payload.birthday_month,
      unixSeconds: Date.now() / 1000,
    }),
    storeCode,
    receiptNo,
    netCents,
    electronicCents,
    client: "till-1",
    actorType: "till",
  });

describe("hcoin-balance", () => {
  it("answers the member's balance, or linked:false without an account; 401 for a visitor", async () => {
    const unlinked = await registerMember(t);
    const none = await memberCall(t, "hcoin-balance", unlinked.token);
    expect(none.status).toBe(200);
    expect(none.body.payload).toMatchObject({
      linked: false,
      hcoins_memberno: null,
      balance: null,
      expiring: [],
    });
    expect(Date.parse(none.body.payload.as_of)).not.toBeNaN();

    const member = await linkedMember(t, 250);
    const res = await memberCall(t, "hcoin-balance", member.token);
    expect(res.body.payload).toMatchObject({ linked: true, hcoins_memberno: member.hcoins, balance: 250 });
    expect(Array.isArray(res.body.payload.expiring)).toBe(true);

    const visitor = await memberCall(t, "hcoin-balance", undefined);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error_code).toBe(4010);
  });

  it("accepts an empty JSON body, as the other H Coins calls do", async () => {
    const member = await linkedMember(t, 5);
    const res = await t.app.inject({
      method: "POST",
      url: "/custom-api/custom/cuapp/customer/hcoin-balance",
      headers: { authorization: `Bearer web:${member.token}`, "content-type": "application/json" },
      payload: "",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.balance).toBe(5);
  });
});

describe("hcoin-history", () => {
  it("pages the member's own entries, newest first, with store names, bonus, reason and reward titles", async () => {
    const member = await linkedMember(t, 300);
    const other = await linkedMember(t, 999);
    await purchase(member, "HF-CW01", "R-100", 12_345);
    await purchase(member, "ZZ-POPUP", "R-101", 5_000);
    const reward = await newReward(t, { title: { en: "Tea set", tc: "茶具", sc: "茶具" } });
    const redeemed = await redeem(t, member, reward.id);
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);

    const first = await memberCall(t, "hcoin-history", member.token, { page: 1, page_size: 2 });
    expect(first.status).toBe(200);
    expect(first.body.payload).toMatchObject({ page: 1, page_size: 2, total: 4 });
    const [redemption, popup] = first.body.payload.entries;
    expect(redemption).toMatchObject({
      kind: "redemption",
      coins: -100,
      reward_title: { en: "Tea set", tc: "茶具", sc: "茶具" },
      voucher_code: redeemed.body.payload.voucher.code,
      store_name: null,
      net_amount: null,
      reason: null,
      expires_at: null,
      lines: [],
    });
    expect(popup).toMatchObject({
      kind: "purchase",
      store_code: "ZZ-POPUP",
      store_name: null,
      net_amount: "50.00",
    });

    const second = await memberCall(t, "hcoin-history", member.token, { page: 2, page_size: 2 });
    const [shop, welcome] = second.body.payload.entries;
    const ledger = await t.app.services.coinSchemeClient.ledger(member.hcoins);
    const shopEntry = ledger.entries.find((entry) => entry.receipt_no === "R-100");
    expect(shop).toMatchObject({
      kind: "purchase",
      store_code: "HF-CW01",
      store_name: SHEUNG_WAN,
      receipt_no: "R-100",
      net_amount: "123.45",
      coins: shopEntry?.coins,
      bonus_coins: (shopEntry?.birthday_bonus ?? 0) + (shopEntry?.holiday_bonus ?? 0),
      reason: null,
      reward_title: null,
    });
    expect(welcome).toMatchObject({
      kind: "adjustment",
      coins: 300,
      // Free text written before the reason list: the member reads a neutral text, never what was typed.
      reason: { en: "H Coins adjustment", tc: "H Coins 調整", sc: "H Coins 调整" },
      store_name: null,
    });

    // The body names no account: another member's call shows only theirs.
    const theirs = await memberCall(t, "hcoin-history", other.token, { hcoins_memberno: member.hcoins });
    expect(theirs.body.payload.total).toBe(1);
    expect(theirs.body.payload.entries[0]).toMatchObject({ kind: "adjustment", coins: 999 });
  });

  it("says what each coin of a purchase was for, and a refund's lines are their negatives", async () => {
    const member = await linkedMember(t);
    // A partner-property store: paying electronically there earns 1 more per whole HKD.
    await t.app.services.coinSchemeClient.setStore("JW-WC01", true);
    await purchase(member, "JW-WC01", "R-200", 8_880, 8_880);
    await scheme().refund({
      storeCode: "JW-WC01",
      receiptNo: "R-200",
      netCents: 8_880,
      electronicCents: 8_880,
      client: "till-1",
      actorType: "till",
    });

    const res = await memberCall(t, "hcoin-history", member.token, {}, "tc");
    const [refund, bought] = res.body.payload.entries as {
      kind: string;
      coins: number;
      lines: { kind: string; coins: number; name: unknown }[];
    }[];
    expect(bought?.kind).toBe("purchase");
    const sum = (lines: { coins: number }[]) => lines.reduce((total, line) => total + line.coins, 0);
    // HK$88.80: 88 for the amount, 88 more for paying it electronically; a birthday or holiday
    // on the day adds its own line after them.
    expect(bought?.lines.slice(0, 2)).toEqual([
      { kind: "base", coins: 88, name: null },
      { kind: "electronic", coins: 88, name: null },
    ]);
    expect(sum(bought?.lines ?? [])).toBe(bought?.coins);
    expect(refund?.kind).toBe("refund");
    expect(refund?.coins).toBe(-(bought?.coins ?? 0));
    expect(refund?.lines).toEqual(bought?.lines.map((line) => ({ ...line, coins: -line.coins })));
  });

  it("is empty without an account, refuses a bad page (4000) and a visitor (401)", async () => {
    const unlinked = await registerMember(t);
    const empty = await memberCall(t, "hcoin-history", unlinked.token);
    expect(empty.body.payload).toEqual({ entries: [], page: 1, page_size: 20, total: 0 });

    const bad = await memberCall(t, "hcoin-history", unlinked.token, { page: 0, page_size: 51 });
    expect(bad.status).toBe(400);
    expect(bad.body.payload.errors).toEqual([
      { field: "page", rule: "invalid" },
      { field: "page_size", rule: "invalid" },
    ]);
    expect((await memberCall(t, "hcoin-history", undefined)).status).toBe(401);
  });
});

describe("hcoin-rewards and hcoin-reward", () => {
  it("shows visitors the active catalogue and members their own counts and states", async () => {
    // Ahead of the first start's demo catalogue, whatever its order.
    const limited = await newReward(t, { perMemberLimit: 1, coins: 10, sortOrder: -1_000_003 });
    const soldOut = await newReward(t, { stock: 0, sortOrder: -1_000_002, storeCodes: [] });
    const hidden = await newReward(t, { active: false, sortOrder: -1_000_001 });
    const member = await linkedMember(t, 100);
    expect((await redeem(t, member, limited.id)).status).toBe(200);

    const asVisitor = await memberCall(t, "hcoin-rewards", undefined);
    expect(asVisitor.status).toBe(200);
    const visible = asVisitor.body.payload.rewards;
    expect(visible.map((reward: { id: number }) => reward.id)).not.toContain(hidden.id);
    const [first, second] = visible;
    expect(first).toMatchObject({
      id: limited.id,
      redeemed: null,
      state: "available",
      value_amount: "50.00",
      stores: [{ store_code: "HF-CW01", name: SHEUNG_WAN }],
      per_member_limit: 1,
    });
    expect(second).toMatchObject({ id: soldOut.id, stores: [], state: "soldOut", redeemed: null });

    const asMember = await memberCall(t, "hcoin-rewards", member.token);
    expect(asMember.body.payload.rewards[0]).toMatchObject({
      id: limited.id,
      redeemed: 1,
      state: "limitReached",
    });
    const asOther = await memberCall(t, "hcoin-rewards", (await linkedMember(t)).token);
    expect(asOther.body.payload.rewards[0]).toMatchObject({
      id: limited.id,
      redeemed: 0,
      state: "available",
    });

    const one = await memberCall(t, "hcoin-reward", member.token, { reward_id: limited.id });
    expect(one.body.payload.reward).toMatchObject({ id: limited.id, redeemed: 1, state: "limitReached" });
    const oneAsVisitor = await memberCall(t, "hcoin-reward", undefined, { reward_id: String(soldOut.id) });
    expect(oneAsVisitor.body.payload.reward).toMatchObject({
      id: soldOut.id,
      state: "soldOut",
      redeemed: null,
    });
  });

  it("answers a reward outside its window with its state, and 4040 for an inactive or unknown one", async () => {
    const now = Date.now();
    const later = await newReward(t, { startsAt: now + 86_400_000 });
    const over = await newReward(t, { startsAt: now - 2 * 86_400_000, endsAt: now - 86_400_000 });
    const hidden = await newReward(t, { active: false });

    const listed = (await memberCall(t, "hcoin-rewards", undefined)).body.payload.rewards.map(
      (reward: { id: number }) => reward.id,
    );
    expect(listed).not.toContain(later.id);
    expect(listed).not.toContain(over.id);
    const notStarted = await memberCall(t, "hcoin-reward", undefined, { reward_id: later.id });
    expect(notStarted.body.payload.reward.state).toBe("notStarted");
    const ended = await memberCall(t, "hcoin-reward", undefined, { reward_id: over.id });
    expect(ended.body.payload.reward.state).toBe("ended");

    for (const id of [hidden.id, 9_999_999]) {
      const res = await memberCall(t, "hcoin-reward", undefined, { reward_id: id }, "en");
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        error_code: 4040,
        error_message: "The requested item could not be found.",
      });
    }
    const bad = await memberCall(t, "hcoin-reward", undefined, { reward_id: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.payload.errors).toEqual([{ field: "reward_id", rule: "invalid" }]);
    const missing = await memberCall(t, "hcoin-reward", undefined, {});
    expect(missing.body.payload.errors).toEqual([{ field: "reward_id", rule: "required" }]);
  });
});

describe("hcoin-vouchers", () => {
  it("lists the member's own vouchers, newest first, with stores named and where one was used", async () => {
    const member = await linkedMember(t, 500);
    const other = await linkedMember(t, 500);
    const product = await newReward(t, { kind: "product", valueCents: null, coins: 50 });
    const voucher = await newReward(t, { coins: 100 });
    const used = (await redeem(t, member, voucher.id)).body.payload.voucher.code as string;
    await redeem(t, member, product.id);
    await redeem(t, other, product.id);
    await scheme().useVoucherAtTill({
      code: used,
      storeCode: "HF-CW01",
      receiptNo: "R-200",
      client: "till-1",
    });

    const res = await memberCall(t, "hcoin-vouchers", member.token, { hcoins_memberno: other.hcoins });
    expect(res.status).toBe(200);
    const [newest, oldest] = res.body.payload.vouchers;
    expect(res.body.payload.vouchers).toHaveLength(2);
    expect(newest).toMatchObject({
      reward_id: product.id,
      kind: "product",
      value_amount: null,
      status: "issued",
    });
    expect(oldest).toMatchObject({
      code: used,
      reward_id: voucher.id,
      status: "used",
      coins: 100,
      stores: [{ store_code: "HF-CW01", name: SHEUNG_WAN }],
      used_store_name: SHEUNG_WAN,
      cancelled_at: null,
    });

    expect((await memberCall(t, "hcoin-vouchers", (await registerMember(t)).token)).body.payload).toEqual({
      vouchers: [],
    });
    expect((await memberCall(t, "hcoin-vouchers", undefined)).status).toBe(401);
  });
});
