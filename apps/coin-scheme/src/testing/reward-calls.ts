import { expect } from "vitest";
import { admin, type Res } from "./scheme-calls.ts";
import type { TestScheme } from "./test-scheme.ts";

/** A reward as POST /rewards takes it: an HKD 50 e-gift voucher for 100 coins at S1, 10 in stock. */
export const rewardBody = (fields: Record<string, unknown> = {}) => ({
  kind: "evoucher",
  coins: 100,
  stock: 10,
  value_amount: "50.00",
  store_codes: ["S1"],
  title: { en: "HKD 50 e-gift voucher", tc: "HK$50 電子禮券", sc: "HK$50 电子礼券" },
  description: { en: "Spend it at S1.", tc: "於 S1 使用。", sc: "在 S1 使用。" },
  terms: { en: "One per bill.", tc: "每張單據限用一張。", sc: "每张单据限用一张。" },
  image_url: null,
  voucher_valid_days: 7,
  ...fields,
});

export async function addReward(t: TestScheme, fields: Record<string, unknown> = {}) {
  const res = await admin(t, "POST", "/rewards", rewardBody(fields));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload.reward.id as number;
}

export const redeem = (t: TestScheme, number: string, rewardId: number, key: string) =>
  admin(t, "POST", `/accounts/${number}/redemptions`, { reward_id: rewardId, idempotency_key: key });

export const credit = async (t: TestScheme, number: string, coins: number) => {
  const res = await admin(t, "POST", `/accounts/${number}/adjustments`, {
    coins,
    reason: "test coins",
    operator: "amy",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

export const refused = (res: Res, status: number, errorCode: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error_code).toBe(errorCode);
};

export const expectLedgerHolds = async (t: TestScheme) => {
  const check = await admin(t, "GET", "/ledger-check");
  expect(check.status).toBe(200);
  expect(check.body.payload.disagreements).toEqual([]);
};
