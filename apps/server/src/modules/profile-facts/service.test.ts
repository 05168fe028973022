import { afterEach, describe, expect, it, vi } from "vitest";
import { registerMember } from "../../testing/flows.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { CoinSchemeUnavailableError } from "../coins/coin-scheme-client.ts";
import { BASE, linkedMember } from "../member-coins/coins-test-support.ts";
import { retryDelay } from "../scheme-outbox/service.ts";

let t: TestApp;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

type Registered = Awaited<ReturnType<typeof registerMember>>;

/** What the scheme holds of the member's profile, read through its holder export. */
async function schemeFacts(member: Registered) {
  const { accounts } = await t.app.services.coinSchemeClient.holderData({
    memberRef: member.user.member_no,
    prefix: member.prefix,
    phone: member.phone,
  });
  const account = accounts[0];
  if (!account) return undefined;
  const { region, district, age_range, consent_email, consent_sms, consent_phone } = account;
  return { region, district, age_range, consent: [consent_email, consent_sms, consent_phone] };
}

const saveProfile = (member: Registered, body: Record<string, unknown>) =>
  t.call("POST", "/crm/user/profile", { token: member.token, body });
const savePreferences = (member: Registered, body: Record<string, unknown>) =>
  t.call("POST", "/crm/user/subscription-preferences", { token: member.token, body });
const count = async (
  conditions: Parameters<TestApp["app"]["services"]["coinSchemeClient"]["countSegment"]>[0],
) => (await t.app.services.coinSchemeClient.countSegment(conditions)).members;

describe("a member's profile facts at the coin scheme", () => {
  it("go with the link, and follow each profile and preference change within its request", async () => {
    t = await createTestApp();
    const member = await linkedMember(t);
    // Registered in Wan Chai, 26-35, every channel agreed (0 = not opted out).
    expect(await schemeFacts(member)).toEqual({
      region: "3001",
      district: "5002",
      age_range: "26 - 35",
      consent: [1, 1, 1],
    });
    const moved = await saveProfile(member, {
      residential_country_region__c: "3005",
      residential_district__c: "5046",
      age_range__c: "36 - 45",
      email_subscription: 1,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await schemeFacts(member)).toEqual({
      region: "3005",
      district: "5046",
      age_range: "36 - 45",
      consent: [0, 1, 1],
    });
    expect(await count([{ fact: "district", in: ["5046"] }])).toBe(1);
    // The consent withdrawn on the preferences page, then by an unsubscribe link.
    expect((await savePreferences(member, { sms_subscription: 1 })).status).toBe(200);
    const link = await t.app.services.subscriptions.issueLinkToken(member.user.id);
    const unsubscribed = await t.call("POST", "/crm/user/subscription-preferences", {
      token: "guest",
      body: { token: link, do_not_call: 1, unsubscribe_reasons: [1] },
    });
    expect(unsubscribed.status, JSON.stringify(unsubscribed.body)).toBe(200);
    expect((await schemeFacts(member))?.consent).toEqual([0, 0, 0]);
    expect(await count([{ fact: "marketing_consent", channel: "sms", is: true }])).toBe(0);
    expect(await t.app.services.schemeOutbox.steps()).toEqual([]);

    // A change of nothing the scheme keeps (an operator's edit of the name) writes no step.
    const add = vi.spyOn(t.app.services.schemeOutbox, "add");
    const current = await t.app.services.members.findById(member.user.id);
    await t.app.services.memberRecords.edit(member.user.id, { first_name: "Siu Ming" }, "typo", {
      actor: "operator:cs@example.com",
      address: null,
    });
    expect((await t.app.services.members.findById(member.user.id))?.first_name).not.toBe(current?.first_name);
    expect(add).not.toHaveBeenCalled();
  });

  it("of a member not linked yet wait for the link, which sends them as they are then", async () => {
    t = await createTestApp();
    const member = await registerMember(t, { do_not_call: 1 });
    expect((await saveProfile(member, { age_range__c: "46 - 55" })).status).toBe(200);
    expect(await t.app.services.schemeOutbox.steps()).toEqual([]);
    const created = await t.call("POST", `${BASE}/hcoin-create`, { body: {}, token: member.token });
    expect(created.body.payload.status_code).toBe(101);
    expect(await schemeFacts(member)).toEqual({
      region: "3001",
      district: "5002",
      age_range: "46 - 55",
      consent: [1, 1, 0],
    });
  });

  it("wait in the outbox while the scheme cannot take them, and arrive with its next delivery", async () => {
    t = await createTestApp();
    const member = await linkedMember(t);
    const down = vi
      .spyOn(t.app.services.coinSchemeClient, "setProfileFacts")
      .mockRejectedValue(new CoinSchemeUnavailableError("timeout", "scheme down (test)"));
    expect((await saveProfile(member, { age_range__c: "18 - 25" })).status).toBe(200);
    expect(await t.app.services.schemeOutbox.steps()).toMatchObject([
      { kind: "profile-facts", subject: `member:${member.user.id}`, attempts: 1 },
    ]);
    expect((await schemeFacts(member))?.age_range).toBe("26 - 35");
    down.mockRestore();
    t.clock.advance(retryDelay(1));
    expect(await t.app.services.schemeOutbox.deliverPending()).toEqual({
      delivered: 1,
      refused: 0,
      pending: 0,
    });
    expect((await schemeFacts(member))?.age_range).toBe("18 - 25");
  });

  it("are backfilled for linked accounts the scheme holds none for, leaving alone a member whose step is on its way", async () => {
    t = await createTestApp();
    const { coinSchemeClient, members, profileFacts, schemeOutbox } = t.app.services;
    // Accounts linked before the scheme kept facts: linked at the scheme, not through the member server's link.
    const before = async (overrides = {}) => {
      const member = await registerMember(t, overrides);
      const { account } = await coinSchemeClient.createAccount({
        prefix: member.prefix,
        phone: member.phone,
        memberRef: member.user.member_no,
      });
      await members.setExternalCustomerId(member.user.id, account.hcoins_memberno);
      return member;
    };
    const old = await before({ sms_subscription: 1 });
    const busy = await before();
    await coinSchemeClient.createAccount({ prefix: "852", phone: "98765432", memberRef: "M-ELSEWHERE" });
    expect(await schemeFacts(old)).toMatchObject({ region: null, consent: [null, null, null] });
    // The busy member's own change waits in the outbox (the scheme did not take it).
    vi.spyOn(coinSchemeClient, "setProfileFacts").mockRejectedValueOnce(
      new CoinSchemeUnavailableError("timeout", "scheme down (test)"),
    );
    expect((await saveProfile(busy, { age_range__c: "56 or above" })).status).toBe(200);

    expect(await profileFacts.sendMissing()).toEqual({ sent: 1, pending: 0, refused: 0, unknown: 1 });
    expect(await schemeFacts(old)).toEqual({
      region: "3001",
      district: "5002",
      age_range: "26 - 35",
      consent: [1, 0, 1],
    });
    expect(await schemeOutbox.steps()).toMatchObject([{ subject: `member:${busy.user.id}` }]);
    // Once the busy step arrives, nothing of this programme's members is left to send.
    t.clock.advance(retryDelay(1));
    await schemeOutbox.deliverPending();
    expect((await schemeFacts(busy))?.age_range).toBe("56 or above");
    expect(await profileFacts.sendMissing()).toEqual({ sent: 0, pending: 0, refused: 0, unknown: 1 });
  });

  it("go with an erasure: the account keeps none, and a change still on its way never reaches it", async () => {
    t = await createTestApp();
    const { coinSchemeClient, dataProtection, members, schemeOutbox } = t.app.services;
    const member = await linkedMember(t);
    const inWanChai = [{ fact: "district" as const, in: ["5002"] }];
    expect(await count(inWanChai)).toBe(1);
    vi.spyOn(coinSchemeClient, "setProfileFacts").mockRejectedValueOnce(
      new CoinSchemeUnavailableError("timeout", "scheme down (test)"),
    );
    expect((await saveProfile(member, { email_subscription: 1 })).status).toBe(200);
    expect(await schemeOutbox.steps()).toHaveLength(1);

    const row = await members.findById(member.user.id);
    if (!row) throw new Error("the member is gone");
    await dataProtection.erase(
      row,
      { actor: "operator:dpo@example.com", address: null },
      "asked to be erased",
    );
    expect(await schemeOutbox.steps()).toEqual([]);
    expect(await count(inWanChai)).toBe(0);
    expect(await count([{ fact: "marketing_consent", channel: "sms", is: true }])).toBe(0);
    expect(await count([{ fact: "marketing_consent", channel: "email", is: false }])).toBe(0);
    expect((await coinSchemeClient.accountsWithoutProfileFacts(null, 100)).accounts).toEqual([]);
  });
});
