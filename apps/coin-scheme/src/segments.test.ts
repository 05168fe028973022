import type { SegmentCondition } from "@hcoins/domain/segment-rules";
import { afterEach, describe, expect, it } from "vitest";
import { SegmentRepository } from "./segment-repository.ts";
import { addReward, credit, redeem, refused, rewardBody } from "./testing/reward-calls.ts";
import { admin, linkedMember, nextReceipt, qr, type Res, scheme, schemeApp } from "./testing/scheme-calls.ts";
import type { TestScheme } from "./testing/test-scheme.ts";

let t: TestScheme;
afterEach(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;
const hongKongDate = (at: number) => new Date(at + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);

const buy = async (memberRef: string, store: string, amount: string) => {
  const receipt = nextReceipt();
  const res = await scheme(t, "POST", "/purchases", {
    qr_text: qr(t, memberRef, "00"),
    store_code: store,
    receipt_no: receipt,
    net_amount: amount,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return receipt;
};

const accountId = async (number: string) =>
  (
    await t.db
      .selectFrom("hcoin_accounts")
      .select("id")
      .where("hcoins_memberno", "=", number)
      .executeTakeFirstOrThrow()
  ).id;

/**
 * Three accounts: Ann (born in March, bought HKD 500 at a harbour-fresh store 40 days ago, and
 * HKD 300 at moon-mart yesterday, of which HKD 100 refunded), Ben (born in July, bought HKD 200
 * at moon-mart 40 days ago) and Cat (joined last, never bought); Ann is Gold.
 */
async function programme() {
  t = await schemeApp();
  for (const [store, brand] of [
    ["S1", "harbour-fresh"],
    ["S2", "moon-mart"],
  ]) {
    const res = await admin(t, "PUT", `/stores/${store}`, { partner_property: false, brand_code: brand });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const ann = await linkedMember(t, "ann", 3);
  const ben = await linkedMember(t, "ben", 7);
  await buy("ann", "S1", "500");
  await buy("ben", "S2", "200");
  t.clock.advance(39 * DAY);
  const catJoined = hongKongDate(t.clock.now());
  const cat = await linkedMember(t, "cat");
  const receipt = await buy("ann", "S2", "300");
  const refund = await scheme(t, "POST", "/refunds", {
    store_code: "S2",
    receipt_no: receipt,
    net_amount: "100",
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);
  t.clock.advance(DAY);
  const gold = await t.db
    .insertInto("hcoin_tiers")
    .values({
      code: "gold",
      name_en: "Gold",
      name_tc: "金卡",
      name_sc: "金卡",
      benefits_en: "",
      benefits_tc: "",
      benefits_sc: "",
      qualifying_cents: 0,
      multiplier: 100,
      reward_id: null,
      sort_order: 0,
      updated_by: "test",
      updated_at: t.clock.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const annId = await accountId(ann);
  await t.db
    .insertInto("hcoin_account_tiers")
    .values({ account_id: annId, tier_code: "gold", reached_at: 0, review_at: null, updated_at: 0 })
    .execute();
  return {
    ids: { ann: annId, ben: await accountId(ben), cat: await accountId(cat) },
    goldId: gold.id,
    catJoined,
  };
}

describe("a segment's conditions", () => {
  it("each select the accounts they say, and the count and each account's membership agree", async () => {
    const { ids, goldId, catJoined } = await programme();
    const now = t.clock.now();
    const segmentRows = new SegmentRepository(t.db);
    const cases: [SegmentCondition[], (keyof typeof ids)[]][] = [
      [[], ["ann", "ben", "cat"]],
      [[{ fact: "tier", in: [goldId] }], ["ann"]],
      [[{ fact: "tier", in: [goldId + 1] }], []],
      [[{ fact: "purchased_within", days: 30, is: true }], ["ann"]],
      [[{ fact: "purchased_within", days: 30, is: false }], ["ben", "cat"]],
      [[{ fact: "purchased_within", days: 41, is: true }], ["ann", "ben"]],
      // Ann's last 30 days: 300 − 100 refunded = 200.
      [[{ fact: "spend", days: 30, at_least: "200" }], ["ann"]],
      [[{ fact: "spend", days: 30, at_least: "200.01" }], []],
      [[{ fact: "spend", days: 30, below: "200" }], ["ben", "cat"]],
      [[{ fact: "spend", days: 60, at_least: "150", below: "300" }], ["ben"]],
      [[{ fact: "brands_bought", in: ["harbour-fresh"], days: 60 }], ["ann"]],
      [[{ fact: "brands_bought", in: ["harbour-fresh"], days: 30 }], []],
      [[{ fact: "brands_bought", in: ["moon-mart"], days: 60 }], ["ann", "ben"]],
      [[{ fact: "joined", on_or_after: catJoined }], ["cat"]],
      [[{ fact: "joined", before: catJoined }], ["ann", "ben"]],
      [[{ fact: "birth_month", in: [3, 12] }], ["ann"]],
      [
        [
          { fact: "brands_bought", in: ["moon-mart"], days: 60 },
          { fact: "birth_month", in: [7] },
        ],
        ["ben"],
      ],
    ];
    for (const [conditions, expected] of cases) {
      const label = JSON.stringify(conditions);
      const members = await segmentRows.memberIds(conditions, now);
      expect([...members].sort(), label).toEqual(expected.map((name) => ids[name]).sort());
      expect(await segmentRows.countMembers(conditions, now), label).toBe(expected.length);
    }
    // Membership of one account in many segments, in one query, agrees with each member set.
    const segments = cases.map(([conditions], index) => ({ id: index + 1, conditions }));
    for (const name of ["ann", "ben", "cat"] as const) {
      const expected = cases.flatMap(([, members], index) => (members.includes(name) ? [index + 1] : []));
      expect(await segmentRows.segmentsOfAccount(ids[name], segments, now), name).toEqual(expected);
    }
    expect(await segmentRows.segmentsOfAccount(ids.ann, [], now)).toEqual([]);
  });
});

describe("a segment over profile facts", () => {
  const facts = (over: Record<string, unknown>) => ({
    region: "3005",
    district: "5046",
    age_range: "26 - 35",
    marketing_consent: { email: true, sms: false, phone: false },
    ...over,
  });
  const send = async (ref: string, number: string, profileFacts: unknown) => {
    const res = await admin(t, "PUT", `/accounts/${number}/profile-facts`, {
      member_ref: ref,
      profile_facts: profileFacts,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it("holds only the accounts whose facts say so; an account without them is in none, either way", async () => {
    const { ids } = await programme();
    const number = async (id: number) =>
      (
        await t.db
          .selectFrom("hcoin_accounts")
          .select("hcoins_memberno")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).hcoins_memberno;
    // Ann in Sham Shui Po, 26-35, email only; Ben in Macau (its own district), no age range, every
    // channel; Cat's facts never arrived.
    await send("ann", await number(ids.ann), facts({}));
    await send(
      "ben",
      await number(ids.ben),
      facts({
        region: "3003",
        district: "3003",
        age_range: null,
        marketing_consent: { email: true, sms: true, phone: true },
      }),
    );
    const segmentRows = new SegmentRepository(t.db);
    const now = t.clock.now();
    const members = async (conditions: SegmentCondition[]) => {
      const found = [...(await segmentRows.memberIds(conditions, now))].sort();
      expect(await segmentRows.countMembers(conditions, now), JSON.stringify(conditions)).toBe(found.length);
      const segments = [{ id: 1, conditions }];
      for (const [name, id] of Object.entries(ids)) {
        const inIt = (await segmentRows.segmentsOfAccount(id, segments, now)).length === 1;
        expect(inIt, `${name} ${JSON.stringify(conditions)}`).toBe(found.includes(id));
      }
      return found;
    };
    const are = (...names: (keyof typeof ids)[]) => names.map((name) => ids[name]).sort();

    expect(await members([{ fact: "region", in: ["3005"] }])).toEqual(are("ann"));
    expect(await members([{ fact: "region", in: ["3005", "3003"] }])).toEqual(are("ann", "ben"));
    expect(await members([{ fact: "region", in: ["3001"] }])).toEqual([]);
    expect(await members([{ fact: "district", in: ["5046", "5050"] }])).toEqual(are("ann"));
    expect(await members([{ fact: "district", in: ["3003"] }])).toEqual(are("ben"));
    // The range as chosen, its bounds inclusive as the profile words them; none chosen: in no range.
    expect(await members([{ fact: "age_range", in: ["26 - 35"] }])).toEqual(are("ann"));
    expect(await members([{ fact: "age_range", in: ["18 - 25", "36 - 45"] }])).toEqual([]);
    expect(await members([{ fact: "marketing_consent", channel: "email", is: true }])).toEqual(
      are("ann", "ben"),
    );
    expect(await members([{ fact: "marketing_consent", channel: "sms", is: true }])).toEqual(are("ben"));
    // Cat's consent is unknown here, not withheld: she is not among those who said no.
    expect(await members([{ fact: "marketing_consent", channel: "sms", is: false }])).toEqual(are("ann"));
    expect(
      await members([
        { fact: "marketing_consent", channel: "email", is: true },
        { fact: "brands_bought", in: ["moon-mart"], days: 60 },
        { fact: "region", in: ["3003"] },
      ]),
    ).toEqual(are("ben"));

    // Ann withdraws her email consent and moves to Macau without an age range: the segments follow.
    await send(
      "ann",
      await number(ids.ann),
      facts({
        region: "3003",
        district: "3003",
        age_range: null,
        marketing_consent: { email: false, sms: false, phone: false },
      }),
    );
    expect(await members([{ fact: "marketing_consent", channel: "email", is: true }])).toEqual(are("ben"));
    expect(await members([{ fact: "marketing_consent", channel: "email", is: false }])).toEqual(are("ann"));
    expect(await members([{ fact: "region", in: ["3005"] }])).toEqual([]);
    expect(await members([{ fact: "age_range", in: ["26 - 35"] }])).toEqual([]);
  });

  it("refuses codes the profile does not have, and no choice at all", async () => {
    t = await schemeApp();
    const rules = async (conditions: unknown[]) => {
      const res = await admin(t, "POST", "/segments/count", { conditions });
      expect(res.status).toBe(400);
      return res.body.payload.errors.map((error: { rule: string }) => error.rule);
    };
    expect(await rules([{ fact: "region", in: ["9999"] }])).toEqual(["invalid"]);
    expect(await rules([{ fact: "district", in: [] }])).toEqual(["required"]);
    expect(await rules([{ fact: "age_range", in: ["18-25"] }])).toEqual(["invalid"]);
    expect(await rules([{ fact: "marketing_consent", channel: "post", is: true }])).toEqual(["invalid"]);
  });
});

describe("the segment calls", () => {
  it("save, list with the live count, change, count unsaved conditions, delete; a till key may not", async () => {
    await programme();
    const name = { en: "March birthdays", tc: "三月生日", sc: "三月生日" };
    const march = [{ fact: "birth_month", in: [3] }];
    const created = await admin(t, "POST", "/segments", {
      name,
      conditions: march,
      operator: "amy@example.com",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const segment = created.body.payload.segment;
    expect(segment).toMatchObject({ name, conditions: march, members: 1, created_by: "amy@example.com" });

    const listed = await admin(t, "GET", "/segments");
    expect(
      listed.body.payload.segments.map((s: { id: number; members: number }) => [s.id, s.members]),
    ).toEqual([[segment.id, 1]]);

    const lapsed = [{ fact: "purchased_within", days: 30, is: false }];
    const changed = await admin(t, "PUT", `/segments/${segment.id}`, {
      name,
      conditions: lapsed,
      operator: "bob@example.com",
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.payload.segment).toMatchObject({
      conditions: lapsed,
      members: 2,
      updated_by: "bob@example.com",
    });

    const counted = await admin(t, "POST", "/segments/count", {
      conditions: [{ fact: "birth_month", in: [3, 7] }],
    });
    expect(counted.body.payload).toEqual({ members: 2 });
    const bad = await admin(t, "POST", "/segments/count", {
      conditions: [{ fact: "birth_month", in: [13] }],
    });
    expect(bad.status).toBe(400);

    const till = await scheme(t, "GET", "/segments");
    expect(till.body.error_code).toBe(4030);

    expect((await admin(t, "DELETE", `/segments/${segment.id}`)).status).toBe(200);
    const gone = await admin(t, "GET", `/segments/${segment.id}`);
    expect([gone.status, gone.body.error_code]).toEqual([404, 6070]);
    expect((await admin(t, "DELETE", `/segments/${segment.id}`)).body.error_code).toBe(6070);
  });
});

describe("a campaign for a segment", () => {
  it("earns at the till only for the segment's members, budgeted or not, and dry-runs its members as of now", async () => {
    await programme();
    const ok = (res: Res) => {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.payload;
    };
    const name = { en: "March birthdays", tc: "三月生日", sc: "三月生日" };
    const { segment } = ok(
      await admin(t, "POST", "/segments", {
        name,
        conditions: [{ fact: "birth_month", in: [3] }],
        operator: "amy",
      }),
    );
    const campaign = (budget: number | null) => ({
      name: { en: "For March", tc: "三月", sc: "三月" },
      conditions: [{ fact: "segment", in: [segment.id] }],
      action: { type: "bonus", coins: 50 },
      stacks: true,
      starts_at: new Date(t.clock.now() - DAY).toISOString(),
      ends_at: new Date(t.clock.now() + 30 * DAY).toISOString(),
      budget_coins: budget,
      per_member_cap: null,
    });
    const ids: number[] = [];
    for (const budget of [null, 1000]) {
      const { campaign: made } = ok(
        await admin(t, "POST", "/campaigns", { ...campaign(budget), operator: "writer" }),
      );
      ok(
        await admin(t, "POST", `/campaigns/${made.id}/activate`, { operator: "writer", approver: "checker" }),
      );
      ids.push(made.id);
    }
    const lines = async (member: string) => {
      t.clock.advance(60_000);
      const res = await scheme(t, "POST", "/purchases", {
        qr_text: qr(t, member, "00"),
        store_code: "S1",
        receipt_no: nextReceipt(),
        net_amount: "100",
      });
      return ok(res)
        .transaction.lines.filter((line: { kind: string }) => line.kind === "campaign")
        .map((line: { campaign_id: number; coins: number }) => [line.campaign_id, line.coins]);
    };
    expect(await lines("ann")).toEqual(ids.map((id) => [id, 50]));
    expect(await lines("ben")).toEqual([]);
    const spent = await t.db
      .selectFrom("hcoin_campaigns")
      .select("spent_coins")
      .where("id", "=", ids[1] ?? 0)
      .executeTakeFirstOrThrow();
    expect(spent.spent_coins).toBe(50);

    const { dry_run } = ok(
      await admin(t, "POST", "/campaigns/dry-run", { campaign: campaign(null), days: 7 }),
    );
    // Ann's purchase at moon-mart yesterday and today's, not Ben's today.
    expect(dry_run).toMatchObject({ purchases_scanned: 3, purchases_matched: 2, members: 1, coins: 100 });

    // Named by a live campaign, it cannot be deleted; once both have ended, it can.
    const refused = await admin(t, "DELETE", `/segments/${segment.id}`);
    expect([refused.status, refused.body.error_code]).toEqual([409, 6071]);
    for (const id of ids) ok(await admin(t, "POST", `/campaigns/${id}/end`, { operator: "writer" }));
    ok(await admin(t, "DELETE", `/segments/${segment.id}`));
  });
});

describe("a reward for a segment", () => {
  it("is listed to and redeemed by the segment's members only, and keeps its segment from deletion while active", async () => {
    await programme();
    const march = await admin(t, "POST", "/segments", {
      name: { en: "March birthdays", tc: "三月生日", sc: "三月生日" },
      conditions: [{ fact: "birth_month", in: [3] }],
      operator: "amy",
    });
    const segmentId = march.body.payload.segment.id as number;

    const unknown = await admin(t, "POST", "/rewards", rewardBody({ segment_id: segmentId + 1 }));
    refused(unknown, 400, 4000);
    expect(unknown.body.payload.errors).toEqual([{ field: "segment_id", rule: "segmentUnknown" }]);
    const everyone = await addReward(t);
    const forMarch = await addReward(t, { segment_id: segmentId });

    const listedTo = async (query: string) =>
      (await admin(t, "GET", `/rewards?active_only=true${query}`)).body.payload.rewards.map(
        (reward: { id: number; segment_id: number | null }) => [reward.id, reward.segment_id],
      );
    expect(await listedTo("&member_ref=ann")).toEqual([
      [everyone, null],
      [forMarch, segmentId],
    ]);
    expect(await listedTo("&member_ref=ben")).toEqual([[everyone, null]]);
    expect(await listedTo("&member_ref=nobody")).toEqual([[everyone, null]]);
    // The operators' catalogue (no member) holds both.
    expect(await listedTo("")).toHaveLength(2);
    expect((await admin(t, "GET", `/rewards/${forMarch}?member_ref=ann`)).status).toBe(200);
    refused(await admin(t, "GET", `/rewards/${forMarch}?member_ref=ben`), 404, 6020);

    const [ann, ben] = await Promise.all(
      ["ann", "ben"].map(async (ref) => {
        const row = await t.db
          .selectFrom("hcoin_accounts")
          .select("hcoins_memberno")
          .where("linked_member_ref", "=", ref)
          .executeTakeFirstOrThrow();
        return row.hcoins_memberno;
      }),
    );
    await credit(t, ann as string, 500);
    await credit(t, ben as string, 500);
    refused(await redeem(t, ben as string, forMarch, "ben-1"), 403, 6072);
    const redeemed = await redeem(t, ann as string, forMarch, "ann-1");
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);

    const inUse = await admin(t, "DELETE", `/segments/${segmentId}`);
    refused(inUse, 409, 6071);
    expect(inUse.body.payload).toMatchObject({ campaign_ids: [], reward_ids: [forMarch] });
    const retired = await admin(t, "PUT", `/rewards/${forMarch}`, {
      ...rewardBody({ segment_id: segmentId, active: false }),
      stock: undefined,
    });
    expect(retired.status, JSON.stringify(retired.body)).toBe(200);
    expect((await admin(t, "DELETE", `/segments/${segmentId}`)).status).toBe(200);
  });
});
