import { afterEach, describe, expect, it } from "vitest";
import { addReward, expectLedgerHolds, refused } from "./testing/reward-calls.ts";
import { admin, linkedMember, nextReceipt, qr, scheme, schemeApp } from "./testing/scheme-calls.ts";
import type { TestScheme } from "./testing/test-scheme.ts";

let t: TestScheme;
afterEach(() => t?.close());

const PHONE_A = "a".repeat(64);
const DEVICE_A = "d".repeat(64);

const settings = (fields: Record<string, unknown>) =>
  admin(t, "PUT", "/referral-settings", {
    active: true,
    min_net_amount: "100",
    cap_per_referrer: null,
    operator: "amy",
    ...fields,
  });

const record = (referrer: string, referred: string, hashes: { phone?: string; device?: string } = {}) =>
  admin(t, "POST", "/referrals", {
    referrer_member_ref: referrer,
    referred_member_ref: referred,
    phone_hash: hashes.phone ?? null,
    device_hash: hashes.device ?? null,
  });

/** What a purchase at the till did to the buyer's referral: decided it (rewarded or refused) or nothing. */
type Decided = { state: "none" } | { state: "rewarded" } | { state: "refused"; reason: string | null };

async function buy(memberRef: string, net: string): Promise<Decided> {
  const referral = () =>
    t.db
      .selectFrom("hcoin_referrals as r")
      .innerJoin("hcoin_accounts as a", "a.id", "r.referred_account_id")
      .select(["r.state", "r.refused_reason", "r.decided_at"])
      .where("a.linked_member_ref", "=", memberRef)
      .executeTakeFirst();
  const before = await referral();
  const res = await scheme(t, "POST", "/purchases", {
    qr_text: qr(t, memberRef, "00"),
    store_code: "S1",
    receipt_no: nextReceipt(),
    net_amount: net,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const after = await referral();
  if (!after || before?.decided_at !== null || after.decided_at === null) return { state: "none" };
  return after.state === "rewarded"
    ? { state: "rewarded" }
    : { state: "refused", reason: after.refused_reason };
}

const vouchersOf = async (number: string) =>
  (await admin(t, "GET", `/accounts/${number}/vouchers`)).body.payload.vouchers as { reward_id: number }[];

describe("referrals", () => {
  it("reward both sides once, at the first purchase of at least the minimum, with vouchers at no coins", async () => {
    t = await schemeApp();
    const referrer = await linkedMember(t, "R-A");
    const referred = await linkedMember(t, "R-B");
    const forReferrer = await addReward(t, { stock: 5 });
    const forReferred = await addReward(t, { stock: 5 });
    expect((await admin(t, "GET", "/referral-settings")).body.payload.settings).toBeNull();
    refused(await settings({ referrer_reward_id: 999_999, referred_reward_id: forReferred }), 422, 6060);
    const set = await settings({ referrer_reward_id: forReferrer, referred_reward_id: forReferred });
    expect(set.body.payload.settings).toMatchObject({ min_net_amount: "100.00", active: true });

    const recorded = await record("R-A", "R-B", { phone: PHONE_A, device: DEVICE_A });
    expect(recorded.body.payload.referral).toMatchObject({
      referrer_memberno: referrer,
      referred_memberno: referred,
      state: "pending",
    });
    // The outbox sends it again: the same row; from another referrer: 6061.
    expect((await record("R-A", "R-B")).body.payload.referral.id).toBe(recorded.body.payload.referral.id);
    await linkedMember(t, "R-C");
    refused(await record("R-C", "R-B"), 409, 6061);

    // Below the minimum: still pending. The referrer's own purchase does nothing.
    expect(await buy("R-B", "99.99")).toEqual({ state: "none" });
    expect(await buy("R-A", "500")).toEqual({ state: "none" });
    const outcome = await buy("R-B", "100");
    expect(outcome.state).toBe("rewarded");
    expect(await buy("R-B", "300")).toEqual({ state: "none" });

    expect((await vouchersOf(referrer)).map((v) => v.reward_id)).toEqual([forReferrer]);
    expect((await vouchersOf(referred)).map((v) => v.reward_id)).toEqual([forReferred]);
    expect((await admin(t, "GET", `/accounts/${referrer}/balance`)).body.payload.balance).toBe(500);
    const list = (await admin(t, "GET", "/referrals?state=rewarded")).body.payload;
    expect(list.referrals).toHaveLength(1);
    expect(list.referrals[0]).toMatchObject({ state: "rewarded", refused_reason: null });
    expect(list.referrals[0].referrer_voucher_code).toEqual(expect.any(String));
    await expectLedgerHolds(t);
  });

  it("refuse past the cap per referrer, and a referrer without an account", async () => {
    t = await schemeApp();
    await linkedMember(t, "C-A");
    await linkedMember(t, "C-B");
    await linkedMember(t, "C-C");
    const reward = await addReward(t, { stock: 10 });
    await settings({ referrer_reward_id: reward, referred_reward_id: reward, cap_per_referrer: 1 });
    await record("C-A", "C-B");
    await record("C-A", "C-C");
    expect((await buy("C-B", "100")).state).toBe("rewarded");
    expect(await buy("C-C", "100")).toEqual({ state: "refused", reason: "cap_reached" });
    // Refused for good: a later purchase changes nothing.
    expect(await buy("C-C", "100")).toEqual({ state: "none" });

    await linkedMember(t, "C-D");
    const orphan = await record("NO-SUCH-MEMBER", "C-D");
    expect(orphan.body.payload.referral).toMatchObject({
      state: "refused",
      refused_reason: "referrer_no_account",
      referrer_memberno: null,
    });
    const mine = (await admin(t, "GET", `/referrals?hcoins_memberno=${await linkedMember(t, "C-E")}`)).body;
    expect(mine.payload.referrals).toEqual([]);
  });

  it("never reward the same number or device twice, nor with a reward that is gone", async () => {
    t = await schemeApp();
    for (const ref of ["S-A", "S-B", "S-C", "S-D", "S-E", "S-F"]) await linkedMember(t, ref);
    const reward = await addReward(t, { stock: 3 });
    await settings({ referrer_reward_id: reward, referred_reward_id: reward });
    await record("S-A", "S-B", { phone: PHONE_A, device: DEVICE_A });
    // The same person again (their number erased and registered anew), or on the same device.
    const sameNumber = await record("S-A", "S-C", { phone: PHONE_A });
    expect(sameNumber.body.payload.referral).toMatchObject({
      state: "refused",
      refused_reason: "same_number",
    });
    const sameDevice = await record("S-D", "S-E", { phone: "b".repeat(64), device: DEVICE_A });
    expect(sameDevice.body.payload.referral).toMatchObject({
      state: "refused",
      refused_reason: "same_device",
    });
    const self = await record("S-A", "S-A");
    expect(self.body.payload.referral).toMatchObject({ state: "refused", refused_reason: "same_account" });
    expect((await buy("S-B", "100")).state).toBe("rewarded");
    // One unit left, two needed: refused, and the purchase itself stands.
    await record("S-A", "S-F");
    expect(await buy("S-F", "100")).toEqual({ state: "refused", reason: "reward_unavailable" });
    expect((await admin(t, "GET", `/rewards/${reward}`)).body.payload.reward.stock).toBe(1);
    await expectLedgerHolds(t);
  });
});
