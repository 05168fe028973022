import { afterEach, describe, expect, it } from "vitest";
import { addReward, credit, redeem, refused } from "./testing/reward-calls.ts";
import { admin, linkedMember, nextReceipt, qr, scheme, schemeApp } from "./testing/scheme-calls.ts";
import type { TestScheme } from "./testing/test-scheme.ts";

let t: TestScheme;
afterEach(() => t?.close());

const suspend = (number: string, suspended: boolean) =>
  admin(t, "PUT", `/accounts/${number}/suspension`, { suspended, operator: "operator:amy@example.com" });

const buy = (receipt: string) =>
  scheme(t, "POST", "/purchases", {
    qr_text: qr(t, "S-1", "00"),
    store_code: "S1",
    receipt_no: receipt,
    net_amount: "100",
  });

describe("a suspended account (its member disabled) at the till", () => {
  it("earns nothing, is not looked up, its vouchers are not taken; refunds of earlier purchases go through", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "S-1");
    const earlier = nextReceipt();
    expect((await buy(earlier)).status).toBe(200);
    await credit(t, number, 100);
    const voucher = (await redeem(t, number, await addReward(t), "k")).body.payload.voucher.code;

    const suspended = await suspend(number, true);
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    expect(suspended.body.payload).toMatchObject({ changed: true, account: { suspended: true } });
    expect((await suspend(number, true)).body.payload.changed).toBe(false);

    const refusedPurchase = await buy(nextReceipt());
    refused(refusedPurchase, 409, 6033);
    expect(refusedPurchase.body.error_message).toContain("暫停");
    refused(await scheme(t, "POST", "/till/account", { qr_text: qr(t, "S-1", "00") }), 409, 6033);
    refused(await scheme(t, "POST", "/till/vouchers/check", { code: voucher, store_code: "S1" }), 409, 6033);
    refused(
      await scheme(t, "POST", "/till/vouchers/use", { code: voucher, store_code: "S1", receipt_no: "V1" }),
      409,
      6033,
    );
    // The money goes back to the customer: the coins it earned follow it, suspended or not.
    const refund = await scheme(t, "POST", "/refunds", { store_code: "S1", receipt_no: earlier });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.payload.transaction.coins).toBe(-100);

    // Resumed: all of it works again.
    expect((await suspend(number, false)).body.payload).toMatchObject({
      changed: true,
      account: { suspended: false },
    });
    expect((await buy(nextReceipt())).status).toBe(200);
    expect(
      (await scheme(t, "POST", "/till/vouchers/use", { code: voucher, store_code: "S1", receipt_no: "V1" }))
        .status,
    ).toBe(200);
  });

  it("is suspended by a full-scope key only, for an account that exists", async () => {
    t = await schemeApp();
    refused(await suspend("HC0000000000", true), 404, 6004);
    const number = await linkedMember(t, "S-2");
    const byTill = await scheme(t, "PUT", `/accounts/${number}/suspension`, {
      suspended: true,
      operator: "x",
    });
    expect(byTill.status).toBe(403);
    const invalid = await admin(t, "PUT", `/accounts/${number}/suspension`, { operator: "x" });
    expect(invalid.body.error_code).toBe(4000);
  });
});
