import { afterEach, describe, expect, it } from "vitest";
import { addReward, expectLedgerHolds, redeem, refused } from "./testing/reward-calls.ts";
import { admin, linkedMember, nextReceipt, qr, scheme, schemeApp } from "./testing/scheme-calls.ts";
import type { TestScheme } from "./testing/test-scheme.ts";

/*
 * Issue 25: buy, redeem, refund leaves a member below zero. The account then redeems nothing
 * (6032) until the coins it earns next repay the debt; the voucher already issued stays usable.
 */

let t: TestScheme;
afterEach(() => t?.close());

const buy = (memberRef: string, receiptNo: string, amount: string) =>
  scheme(t, "POST", "/purchases", {
    qr_text: qr(t, memberRef, "07"),
    store_code: "S1",
    receipt_no: receiptNo,
    net_amount: amount,
  });

const balanceOf = async (memberRef: string) =>
  (await admin(t, "GET", `/accounts?member_ref=${memberRef}`)).body.payload.account.balance as number;

describe("a balance below zero after a refund", () => {
  it("holds redemptions (6032) until coins earned later repay it; the voucher issued before stays usable", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "NEG1", 1);
    const cheap = await addReward(t, { coins: 1, stock: 10 });
    const voucherReward = await addReward(t, { coins: 100, stock: 10 });

    expect((await buy("NEG1", "NEG-R1", "100")).status).toBe(200);
    const first = await redeem(t, number, voucherReward, "neg-1");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const refund = await scheme(t, "POST", "/refunds", {
      store_code: "S1",
      receipt_no: "NEG-R1",
      refund_no: "NEG-RF1",
      net_amount: "100",
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(await balanceOf("NEG1")).toBe(-100);

    // Even a reward of one coin: the debt is repaid first.
    const held = await redeem(t, number, cheap, "neg-2");
    refused(held, 422, 6032);
    expect(held.body.payload.balance).toBe(-100);
    expect(held.body.error_message).toContain("低於零");

    // The voucher the coins paid for stays usable: its coins were spent when it was issued.
    const code = first.body.payload.voucher.code as string;
    const use = await scheme(t, "POST", "/till/vouchers/use", {
      code,
      store_code: "S1",
      receipt_no: "NEG-U1",
    });
    expect(use.body.payload.voucher.status).toBe("used");

    // Coins earned next repay the debt; at zero or more the account redeems again.
    expect((await buy("NEG1", nextReceipt(), "60")).status).toBe(200);
    expect(await balanceOf("NEG1")).toBe(-40);
    refused(await redeem(t, number, cheap, "neg-3"), 422, 6032);
    expect((await buy("NEG1", nextReceipt(), "41")).status).toBe(200);
    expect(await balanceOf("NEG1")).toBe(1);
    const again = await redeem(t, number, cheap, "neg-4");
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.payload.balance).toBe(0);
    await expectLedgerHolds(t);
  });
});
