import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { CoinSchemeUnavailableError } from "../coins/coin-scheme-client.ts";
import { linkedMember, newReward } from "../member-coins/coins-test-support.ts";
import { callAs, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

/*
 * Segments from the console (issue 28) against the embedded coin scheme: a programme manager
 * counts conditions live, saves, changes and deletes a segment, one audit entry per change; a
 * segment a campaign or an active reward names is kept (4304, naming them); the scheme's refusals
 * in the contract's words.
 */

const HOUR = 3_600_000;

describe("segments from the console", () => {
  let t: TestApp;
  let manager: SignedInOperator;
  let auditor: SignedInOperator;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await signedInOperator(t, "programmeManager");
    auditor = await signedInOperator(t, "auditor");
    await linkedMember(t);
    await linkedMember(t);
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const call = (path: string, as: SignedInOperator, body?: Record<string, unknown>, lang?: string) =>
    callAs(t, path, as, body, lang);
  const audit = () => t.app.services.audit.all({});
  const everyone = { name: { en: "Everyone", tc: "所有會員", sc: "所有会员" }, conditions: [] };
  const lapsed = [{ fact: "purchased_within", days: 30, is: false }];

  it("counts live, saves, changes and deletes a segment, auditing each change; the auditor reads", async () => {
    const entries = (await audit()).length;
    const counted = await call("/segments/count", manager, { conditions: lapsed });
    expect(counted.body.payload, counted.text).toEqual({ members: 2 });
    expect((await audit()).length, "a count changes nothing").toBe(entries);

    const made = await call("/segments", manager, everyone);
    expect(made.status, made.text).toBe(200);
    const segment = made.body.payload.segment;
    expect(segment).toMatchObject({ name: everyone.name, conditions: [], members: 2 });
    expect(segment.created_by).toContain(manager.email);
    expect((await audit())[0]).toMatchObject({
      action: "segment.create",
      target: `segment:${segment.id}`,
      after: everyone,
    });

    const changed = await call(`/segments/${segment.id}`, manager, { ...everyone, conditions: lapsed });
    expect(changed.body.payload.segment).toMatchObject({ conditions: lapsed, members: 2 });
    expect((await audit())[0]).toMatchObject({
      action: "segment.update",
      before: { conditions: [] },
      after: { conditions: lapsed },
    });

    const listed = await call("/segments", auditor);
    expect(listed.body.payload.segments).toEqual([expect.objectContaining({ id: segment.id, members: 2 })]);
    expect((await call("/segments", auditor, everyone)).status).toBe(403);

    const removed = await call(`/segments/${segment.id}/delete`, manager, {});
    expect(removed.body.payload, removed.text).toEqual({ removed: true });
    expect((await audit())[0]).toMatchObject({ action: "segment.delete", target: `segment:${segment.id}` });
    expect((await call(`/segments/${segment.id}`, manager)).status).toBe(404);
    expect((await call(`/segments/${segment.id}/delete`, manager, {})).body.error_code).toBe(4040);
  });

  it("keeps a segment a campaign or an active reward names, saying which, in the operator's language", async () => {
    const segment = (await call("/segments", manager, everyone)).body.payload.segment;
    const campaign = await call("/campaigns", manager, {
      name: { en: "For everyone", tc: "所有會員", sc: "所有会员" },
      conditions: [{ fact: "segment", in: [segment.id] }],
      action: { type: "bonus", coins: 10 },
      stacks: true,
      starts_at: new Date(t.clock.now() + HOUR).toISOString(),
      ends_at: new Date(t.clock.now() + 48 * HOUR).toISOString(),
      budget_coins: null,
      per_member_cap: null,
    });
    expect(campaign.status, campaign.text).toBe(200);
    const reward = await newReward(t, { segmentId: segment.id });

    const kept = await call(`/segments/${segment.id}/delete`, manager, {}, "zh-HK");
    expect(kept.status).toBe(409);
    expect(kept.body).toMatchObject({
      error_code: 4304,
      error_message: expect.stringContaining("會員組別"),
      payload: { campaign_ids: [campaign.body.payload.campaign.id], reward_ids: [reward.id] },
    });
    expect((await call(`/segments/${segment.id}`, manager)).status).toBe(200);
  });

  it("names a condition's broken rule, and says 4040 for a segment there is not", async () => {
    const bad = await call("/segments", manager, {
      ...everyone,
      conditions: [{ fact: "birth_month", in: [13] }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.payload.errors).toEqual([expect.objectContaining({ field: "conditions.0.in.0" })]);
    expect((await call("/segments/99999", manager)).status).toBe(404);
    const missing = await call("/segments/99999", manager, everyone);
    expect(missing.body.error_code).toBe(4040);
  });

  it("says 5030 and records nothing when the scheme does not answer", async () => {
    const segment = (await call("/segments", manager, everyone)).body.payload.segment;
    const down = () => new CoinSchemeUnavailableError("timeout", "scheme down (test)");
    const client = t.app.services.coinSchemeClient;
    vi.spyOn(client, "countSegment").mockRejectedValueOnce(down());
    vi.spyOn(client, "removeSegment").mockRejectedValueOnce(down());
    const entries = (await audit()).length;

    const counted = await call("/segments/count", manager, { conditions: lapsed });
    expect([counted.status, counted.body.error_code]).toEqual([503, 5030]);
    const removed = await call(`/segments/${segment.id}/delete`, manager, {});
    expect([removed.status, removed.body.error_code]).toEqual([503, 5030]);
    expect((await audit()).length).toBe(entries);
    expect((await call(`/segments/${segment.id}`, manager)).status).toBe(200);
  });
});
