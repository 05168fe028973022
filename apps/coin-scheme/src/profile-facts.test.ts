import { afterEach, describe, expect, it } from "vitest";
import { admin, linkedMember, scheme, schemeApp } from "./testing/scheme-calls.ts";
import type { TestScheme } from "./testing/test-scheme.ts";

let t: TestScheme;
afterEach(() => t?.close());

const FACTS = {
  region: "3001",
  district: "5002",
  age_range: "36 - 45",
  marketing_consent: { email: false, sms: true, phone: false },
};

const put = (number: string, body: unknown, key?: string) =>
  key === undefined
    ? admin(t, "PUT", `/accounts/${number}/profile-facts`, body)
    : scheme(t, "PUT", `/accounts/${number}/profile-facts`, body, key);

const factsColumns = (number: string) =>
  t.db
    .selectFrom("hcoin_accounts")
    .select([
      "region",
      "district",
      "age_range",
      "consent_email",
      "consent_sms",
      "consent_phone",
      "profile_facts_at",
    ])
    .where("hcoins_memberno", "=", number)
    .executeTakeFirstOrThrow();

describe("a member's profile facts", () => {
  it("are recorded on the member's own account, replaced as sent, and refused for anyone else's", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "M-1");
    const before = t.clock.now();
    const first = await put(number, { member_ref: "M-1", profile_facts: FACTS });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.payload).toEqual({ hcoins_memberno: number, profile_facts: FACTS, changed: true });
    const sent = await factsColumns(number);
    expect(sent.profile_facts_at).toBeGreaterThanOrEqual(before);
    expect(sent).toEqual({
      region: "3001",
      district: "5002",
      age_range: "36 - 45",
      consent_email: 0,
      consent_sms: 1,
      consent_phone: 0,
      profile_facts_at: sent.profile_facts_at,
    });
    expect((await put(number, { member_ref: "M-1", profile_facts: FACTS })).body.payload.changed).toBe(false);
    const none = {
      region: null,
      district: null,
      age_range: null,
      marketing_consent: FACTS.marketing_consent,
    };
    expect((await put(number, { member_ref: "M-1", profile_facts: none })).body.payload.changed).toBe(true);
    expect(await factsColumns(number)).toMatchObject({ region: null, district: null, age_range: null });

    const other = await linkedMember(t, "M-2");
    const refused = await put(other, { member_ref: "M-1", profile_facts: FACTS });
    expect([refused.status, refused.body.error_code]).toEqual([409, 6034]);
    expect((await factsColumns(other)).profile_facts_at).toBeNull();
    const missing = await put("HC0000000000", { member_ref: "M-1", profile_facts: FACTS });
    expect([missing.status, missing.body.error_code]).toEqual([404, 6004]);
    const till = await put(number, { member_ref: "M-1", profile_facts: FACTS }, "test-till-key-0000000001");
    expect([till.status, till.body.error_code]).toEqual([403, 4030]);
  });

  it("are refused when a code is not the profile's or the district is not the region's", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "M-1");
    const rules = async (over: Record<string, unknown>) => {
      const res = await put(number, { member_ref: "M-1", profile_facts: { ...FACTS, ...over } });
      expect(res.status).toBe(400);
      return res.body.payload.errors;
    };
    expect(await rules({ district: "5046" })).toEqual([
      { field: "profile_facts.district", rule: "areaInvalid" },
    ]);
    expect(await rules({ district: null })).toEqual([
      { field: "profile_facts.district", rule: "areaInvalid" },
    ]);
    expect(await rules({ region: "1234" })).toMatchObject([
      { field: "profile_facts.region", rule: "invalid" },
    ]);
    expect(await rules({ age_range: "30" })).toEqual([{ field: "profile_facts.age_range", rule: "invalid" }]);
    expect((await factsColumns(number)).profile_facts_at).toBeNull();
  });

  it("are listed missing for linked accounts until sent, page by page", async () => {
    t = await schemeApp();
    const numbers = [];
    for (const ref of ["A", "B", "C"]) numbers.push(await linkedMember(t, ref));
    // An account no member is linked to has no profile to send.
    const unlinked = await admin(t, "POST", "/accounts", {
      mobile_phone_prefix: "852",
      mobile_phone: "69000001",
    });
    expect(unlinked.status).toBe(200);
    const sorted = [...numbers].sort();
    const page = async (query: string) =>
      (await admin(t, "GET", `/accounts/without-profile-facts${query}`)).body.payload.accounts;
    const refOf = Object.fromEntries(numbers.map((number, index) => [number, ["A", "B", "C"][index]]));
    expect(await page("")).toEqual(
      sorted.map((number) => ({ hcoins_memberno: number, member_ref: refOf[number] })),
    );
    expect((await page(`?limit=2`)).map((a: { hcoins_memberno: string }) => a.hcoins_memberno)).toEqual(
      sorted.slice(0, 2),
    );
    expect(
      (await page(`?after=${sorted[1]}`)).map((a: { hcoins_memberno: string }) => a.hcoins_memberno),
    ).toEqual(sorted.slice(2));
    const first = sorted[0] as string;
    await put(first, { member_ref: refOf[first], profile_facts: FACTS });
    expect((await page("")).map((a: { hcoins_memberno: string }) => a.hcoins_memberno)).toEqual(
      sorted.slice(1),
    );
    const bad = await admin(t, "GET", "/accounts/without-profile-facts?limit=0");
    expect(bad.status).toBe(400);
  });

  it("are in the holder's export and go with an erasure, after which none can be sent again", async () => {
    t = await schemeApp();
    const number = await linkedMember(t, "M-1");
    expect((await put(number, { member_ref: "M-1", profile_facts: FACTS })).status).toBe(200);
    const account = (await admin(t, "GET", "/accounts?member_ref=M-1")).body.payload.account;
    const holder = {
      member_ref: "M-1",
      mobile_phone_prefix: account.mobile_phone_prefix,
      mobile_phone: account.mobile_phone,
    };
    const exported = await admin(t, "POST", "/holders/export", holder);
    expect(exported.body.payload.accounts[0]).toMatchObject({
      region: "3001",
      district: "5002",
      age_range: "36 - 45",
      consent_email: 0,
      consent_sms: 1,
      consent_phone: 0,
      profile_facts_at: new Date((await factsColumns(number)).profile_facts_at as number).toISOString(),
    });
    expect((await admin(t, "POST", "/holders/erase", holder)).status).toBe(200);
    expect(await factsColumns(number)).toEqual({
      region: null,
      district: null,
      age_range: null,
      consent_email: null,
      consent_sms: null,
      consent_phone: null,
      profile_facts_at: null,
    });
    // A sending still on its way when the member was erased finds the account no one's.
    const late = await put(number, { member_ref: "M-1", profile_facts: FACTS });
    expect([late.status, late.body.error_code]).toEqual([409, 6034]);
    expect((await factsColumns(number)).region).toBeNull();
    expect((await admin(t, "GET", "/accounts/without-profile-facts")).body.payload.accounts).toEqual([]);
  });
});
