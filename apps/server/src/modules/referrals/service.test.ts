import { describe, expect, it } from "vitest";
import { nextPhone, registerMember, validRegistration, verifiedRegisterCode } from "../../testing/flows.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { testApps } from "../../testing/test-apps.ts";
import type { ReferralTables } from "./tables.ts";

const REFERRALS = "/custom-api/custom/cuapp/customer/hcoin-referrals";
const CREATE = "/custom-api/custom/cuapp/customer/hcoin-create";
const REGISTER = "/crm/registration/register-with-mobile";
const PROFILE = "/crm/user/profile";
const DEVICE = "device-0123456789abcdef";

const { fresh: freshApp } = testApps();

const mine = async (t: TestApp, token: string) => {
  const res = await t.call("POST", REFERRALS, { token, body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload;
};

/** Registers with a referral code, from a browser with `device` as its id. */
async function registerWithCode(t: TestApp, code: string, device = DEVICE) {
  const phone = nextPhone();
  const sms_token = await verifiedRegisterCode(t, phone);
  return t.call("POST", REGISTER, {
    body: { ...validRegistration(phone), referral_code: code, sms_token },
    headers: { "x-device-id": device },
  });
}

const rowsOf = (t: TestApp) => t.app.services.database.tables<ReferralTables>();

describe("referrals on the member server", () => {
  it("give each member a code, record a referral with keyed hashes, and tell the scheme once the account is linked", async () => {
    const t = await freshApp();
    const referrer = await registerMember(t);
    const first = await mine(t, referrer.token);
    expect(first.code).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{8}$/);
    expect(first.share_path).toBe(`/register?ref=${first.code}`);
    expect(first.offer).toBeNull();
    expect(first.referrals).toEqual([]);
    expect((await mine(t, referrer.token)).code).toBe(first.code);

    // Typed in lower case with a dash: the same code.
    const typed = `${first.code.slice(0, 4).toLowerCase()}-${first.code.slice(4)}`;
    const registered = await registerWithCode(t, typed);
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const referredId = registered.body.payload.user.id as number;
    const row = await rowsOf(t)
      .selectFrom("member_referrals")
      .selectAll()
      .where("referred_member_id", "=", referredId)
      .executeTakeFirstOrThrow();
    expect(row.phone_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.device_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.phone_hash).not.toContain(registered.body.payload.user.mobile_phone);
    expect(row.sent_at).toBeNull();
    expect((await mine(t, referrer.token)).referrals).toMatchObject([{ state: "waiting" }]);

    // The new member's account first: the referral waits for the referrer's, whose link hands it
    // to the scheme through the outbox; the scheme holds it pending.
    const token = registered.body.payload.access_token as string;
    expect((await t.call("POST", CREATE, { token, body: {} })).status).toBe(200);
    expect((await mine(t, referrer.token)).referrals).toMatchObject([{ state: "waiting" }]);
    expect((await t.call("POST", CREATE, { token: referrer.token, body: {} })).status).toBe(200);
    expect(await t.app.services.schemeOutbox.steps()).toEqual([]);
    const held = await t.app.services.coinSchemeClient.referrals({}, { limit: 10, offset: 0 });
    expect(held.referrals).toMatchObject([{ state: "pending", refused_reason: null }]);
    expect((await mine(t, referrer.token)).referrals).toMatchObject([{ state: "pending" }]);
    // The new member has a code of their own too.
    expect((await mine(t, token)).code).not.toBe(first.code);
  });

  it("refuse a code of no member (nothing used up) and the member's own on complete-profile", async () => {
    const t = await freshApp();
    const unknown = await registerWithCode(t, "XXXXXXXX");
    expect(unknown.status).toBe(400);
    expect(unknown.body.payload.errors).toContainEqual({ field: "referral_code", rule: "referralUnknown" });
    const member = await registerMember(t);
    const { code } = await mine(t, member.token);
    const own = await t.call("POST", PROFILE, {
      token: member.token,
      body: { referral_code: code },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(400);
    expect(own.body.payload.errors).toContainEqual({ field: "referral_code", rule: "referralOwnCode" });
    // Registering without a code works as before, and an empty one on the profile is no referral.
    const other = await registerMember(t);
    expect(other.user.referral_code).toBeNull();
    expect((await t.call("POST", PROFILE, { token: other.token, body: { referral_code: "" } })).status).toBe(
      200,
    );
  });

  it("complete-profile with another member's code records the referral once, and tells the scheme when both are linked", async () => {
    const t = await freshApp();
    const referrer = await registerMember(t);
    const { code } = await mine(t, referrer.token);
    const member = await registerMember(t);
    for (const token of [referrer.token, member.token])
      expect((await t.call("POST", CREATE, { token, body: {} })).status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const saved = await t.call("POST", PROFILE, {
        token: member.token,
        body: { referral_code: code },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const rows = await rowsOf(t).selectFrom("member_referrals").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.device_hash).toBeNull();
    expect(rows[0]?.sent_at).not.toBeNull();
    const held = await t.app.services.coinSchemeClient.referrals({}, { limit: 10, offset: 0 });
    expect(held.referrals).toMatchObject([{ state: "pending" }]);
  });
});
