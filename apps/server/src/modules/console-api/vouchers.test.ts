import { randomUUID } from "node:crypto";
import { OPERATOR_ROLES, ROLE_PERMISSIONS } from "@hcoins/domain/api/console";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { linkedMember, newReward } from "../member-coins/coins-test-support.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

let t: TestApp;
afterEach(() => t?.close());

function as(operator: SignedInOperator) {
  return {
    get: (path: string) => consoleCall(t, "GET", path, { cookie: operator.cookie }),
    post: (path: string, body: Record<string, unknown> = {}) =>
      consoleCall(t, "POST", path, { cookie: operator.cookie, csrf: operator.csrf, body }),
  };
}

const entries = () => t.app.services.audit.all({});
const plain = (code: string) => code.replace(/-/g, "");

async function memberWithVoucher(coins = 100) {
  const member = await linkedMember(t, coins);
  const reward = await newReward(t);
  const { voucher } = await t.app.services.coinSchemeClient.redeem({
    hcoinsMemberNo: member.hcoins,
    rewardId: reward.id,
    key: randomUUID(),
  });
  return { member, reward, voucher };
}

describe("voucher codes in the console", () => {
  it("no console answer carries a full code, for any role: the last four and the id only", async () => {
    t = await createTestApp();
    const { member, voucher } = await memberWithVoucher(200);
    const cs = as(await signedInOperator(t, "customerService"));
    // A cancel and a reveal leave entries in the audit log, which the auditor reads.
    const other = await t.app.services.coinSchemeClient.redeem({
      hcoinsMemberNo: member.hcoins,
      rewardId: (await newReward(t)).id,
      key: randomUUID(),
    });
    const cancelled = await cs.post(`/members/${member.user.id}/vouchers/${other.voucher.id}/cancel`, {
      reason: "member asked",
      idempotency_key: randomUUID(),
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const revealed = await cs.post(`/members/${member.user.id}/vouchers/${voucher.id}/reveal`, {
      reason: "member on the phone",
    });
    expect(revealed.body.payload.code).toBe(voucher.code);
    for (const role of OPERATOR_ROLES) {
      const operator = as(await signedInOperator(t, role, `${role.toLowerCase()}-reader@example.com`));
      const answers = [
        await operator.get(`/members/${member.user.id}`),
        await operator.get(`/members?q=${member.phone}`),
        await operator.get(`/members/${member.user.id}/ledger`),
        await operator.get(`/members?q=${voucher.code}`),
        await operator.get("/audit"),
        await operator.get("/audit.csv"),
      ];
      for (const answer of answers) {
        expect(answer.text).not.toContain(voucher.code);
        expect(answer.text).not.toContain(plain(voucher.code));
      }
      if (!ROLE_PERMISSIONS[role].includes("members.read")) continue;
      const listed = answers[0]?.body.payload.coins.vouchers;
      expect(listed).toContainEqual({
        id: voucher.id,
        code_last_four: plain(voucher.code).slice(-4),
        title_en: "HKD 50 voucher",
        status: "issued",
        valid_until: voucher.valid_until,
        goodwill: false,
      });
    }
  });

  it("reveals a code to customer service with a reason, audited with the last four; not another member's", async () => {
    t = await createTestApp();
    const { member, voucher } = await memberWithVoucher();
    const cs = as(await signedInOperator(t, "customerService"));
    const path = `/members/${member.user.id}/vouchers/${voucher.id}/reveal`;
    expect((await cs.post(path, {})).body.payload.errors).toEqual([{ field: "reason", rule: "required" }]);
    const revealed = await cs.post(path, { reason: "member on the phone" });
    expect(revealed.body.payload).toEqual({
      code: voucher.code,
      code_last_four: plain(voucher.code).slice(-4),
    });
    expect((await entries())[0]).toMatchObject({
      action: "voucher.reveal",
      actor: "operator:customerservice@example.com",
      target: `voucher:${voucher.id}`,
      after: {
        member: `member:${member.user.id}`,
        code_last_four: plain(voucher.code).slice(-4),
        reason: "member on the phone",
      },
    });
    const stranger = await linkedMember(t, 0);
    const notTheirs = await cs.post(`/members/${stranger.user.id}/vouchers/${voucher.id}/reveal`, {
      reason: "x",
    });
    expect(notTheirs.status).toBe(404);
    // Programme managers and the auditor see the last four only.
    for (const role of ["programmeManager", "auditor"] as const) {
      const refused = await as(await signedInOperator(t, role)).post(path, { reason: "curious" });
      expect(refused.body.error_code).toBe(4030);
    }
  });
});

describe("cancelling a voucher by its id, once per key", () => {
  it("coins back, the operator on the ledger; a new key on a cancelled voucher is refused; not another member's", async () => {
    t = await createTestApp();
    const { member, reward, voucher } = await memberWithVoucher();
    const cs = as(await signedInOperator(t, "customerService"));
    const path = `/members/${member.user.id}/vouchers/${voucher.id}/cancel`;
    expect(
      (await cs.post(path, {})).body.payload.errors.map((error: { field: string }) => error.field).sort(),
    ).toEqual(["idempotency_key", "reason"]);
    const cancelled = await cs.post(path, { reason: "member asked", idempotency_key: "k-1" });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.payload.coins.balance).toBe(100);
    expect(cancelled.body.payload.coins.vouchers[0]).toMatchObject({ id: voucher.id, status: "cancelled" });
    const ledger = (await cs.get(`/members/${member.user.id}/ledger`)).body.payload;
    expect(ledger.entries[0].actor).toBe("customerservice@example.com");
    expect((await entries())[0]).toMatchObject({
      action: "voucher.cancel",
      target: `voucher:${voucher.id}`,
      before: { member: `member:${member.user.id}`, code_last_four: plain(voucher.code).slice(-4) },
      after: { status: "cancelled", balance: 100, reason: "member asked" },
    });
    const again = await cs.post(path, { reason: "twice", idempotency_key: "k-2" });
    expect(again.body.payload.errors).toEqual([{ field: "voucherId", rule: "voucherNotCancellable" }]);
    // The same key for another voucher is another request: refused.
    const reused = await cs.post(`/members/${member.user.id}/vouchers/${voucher.id + 1}/cancel`, {
      reason: "member asked",
      idempotency_key: "k-1",
    });
    expect(reused.body.error_code).toBe(4256);
    const other = await linkedMember(t, 100);
    const { voucher: theirs } = await t.app.services.coinSchemeClient.redeem({
      hcoinsMemberNo: other.hcoins,
      rewardId: reward.id,
      key: randomUUID(),
    });
    const notTheirs = await cs.post(`/members/${member.user.id}/vouchers/${theirs.id}/cancel`, {
      reason: "x",
      idempotency_key: randomUUID(),
    });
    expect(notTheirs.status).toBe(404);
  });

  it("20 identical calls at once (a retry, a second click): one cancellation, one audit entry, the same answer", async () => {
    t = await createTestApp();
    const { member, voucher } = await memberWithVoucher();
    const cs = as(await signedInOperator(t, "customerService"));
    const before = (await entries()).length;
    const body = { reason: "member asked", idempotency_key: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        cs.post(`/members/${member.user.id}/vouchers/${voucher.id}/cancel`, body),
      ),
    );
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.payload.coins.balance).toBe(100);
    }
    const added = (await entries()).slice(0, (await entries()).length - before);
    expect(added.map((entry) => entry.action)).toEqual(["voucher.cancel"]);
    const { entries: ledger } = await t.app.services.coinSchemeClient.ledger(member.hcoins);
    expect(ledger.filter((entry) => entry.kind === "cancellation")).toHaveLength(1);
  });
});

describe("goodwill vouchers", () => {
  it("gives a reward without coins, once per key: stock down, limit held, audited with the note, the member sees it", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 30);
    const reward = await newReward(t, { coins: 500, stock: 5, perMemberLimit: 1 });
    const pm = as(await signedInOperator(t, "programmeManager"));
    const listed = await pm.get("/goodwill-rewards");
    expect(listed.body.payload.rewards).toContainEqual({
      id: reward.id,
      title: reward.title,
      coins: 500,
      stock: 5,
      per_member_limit: 1,
    });
    const path = `/members/${member.user.id}/goodwill-vouchers`;
    expect(
      (await pm.post(path, {})).body.payload.errors.map((error: { field: string }) => error.field).sort(),
    ).toEqual(["idempotency_key", "note", "reward_id"]);
    const body = { reward_id: reward.id, note: "parcel lost, ticket 4411", idempotency_key: randomUUID() };
    const before = (await entries()).length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => pm.post(path, body)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const issued = answers[0]?.body.payload;
    expect(answers.map((answer) => answer.body.payload)).toEqual(Array(5).fill(issued));
    expect((await entries()).length - before).toBe(1);
    expect((await entries())[0]).toMatchObject({
      action: "voucher.goodwill",
      actor: "operator:programmemanager@example.com",
      target: `member:${member.user.id}`,
      after: {
        voucher: `voucher:${issued.voucher_id}`,
        code_last_four: issued.code_last_four,
        reward_id: reward.id,
        coins_value: 500,
        note: "parcel lost, ticket 4411",
      },
    });
    const { reward: after } = await t.app.services.coinSchemeClient.reward(reward.id);
    expect(after.stock).toBe(4);
    expect((await t.app.services.coinSchemeClient.balance(member.hcoins)).balance).toBe(30);
    // The member sees it among their vouchers, as a redeemed one; the note is nowhere in their answers.
    const mine = await t.call("POST", "/custom-api/custom/cuapp/customer/hcoin-vouchers", {
      body: {},
      token: member.token,
    });
    expect(mine.body.payload.vouchers).toHaveLength(1);
    expect(mine.body.payload.vouchers[0]).toMatchObject({ reward_id: reward.id, status: "issued" });
    expect(JSON.stringify(mine.body)).not.toContain("ticket 4411");
    const history = await t.call("POST", "/custom-api/custom/cuapp/customer/hcoin-history", {
      body: {},
      token: member.token,
    });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain("ticket 4411");
    // Their history names it a gift, not a redemption of no coins.
    expect(history.body.payload.entries[0]).toMatchObject({ kind: "redemption", coins: 0, gift: "goodwill" });
    // The per-member limit holds for goodwill too; the same key with another reward is refused.
    const again = await pm.post(path, { ...body, idempotency_key: randomUUID() });
    expect(again.body.payload.errors).toEqual([{ field: "reward_id", rule: "rewardLimitReached" }]);
    const otherReward = await newReward(t);
    expect((await pm.post(path, { ...body, reward_id: otherReward.id })).body.error_code).toBe(4256);
    // The member's page marks it goodwill, last four only.
    const page = await pm.get(`/members/${member.user.id}`);
    expect(page.body.payload.coins.vouchers[0]).toMatchObject({
      id: issued.voucher_id,
      code_last_four: issued.code_last_four,
      goodwill: true,
    });
  });

  it("waits for a second operator when the reward is worth more than the role's approval threshold", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 0);
    // Customer service may give up to 500 coins' worth without approval (the default coin controls).
    const reward = await newReward(t, { coins: 800, stock: 5 });
    const cs = as(await signedInOperator(t, "customerService"));
    const path = `/members/${member.user.id}/goodwill-vouchers`;
    const body = {
      reward_id: reward.id,
      note: "complaint 77, manager agreed",
      idempotency_key: randomUUID(),
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => cs.post(path, body)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const pending = answers[0]?.body.payload;
    expect(pending).toMatchObject({ status: "pending" });
    expect(answers.map((answer) => answer.body.payload)).toEqual(Array(5).fill(pending));
    // Nothing issued yet: stock unchanged, no voucher; one request in the queue.
    expect((await t.app.services.coinSchemeClient.reward(reward.id)).reward.stock).toBe(5);
    expect((await t.app.services.coinSchemeClient.vouchers(member.hcoins)).vouchers).toHaveLength(0);
    const pm = as(await signedInOperator(t, "programmeManager"));
    const queue = await pm.get("/approvals?status=pending");
    expect(queue.body.payload.requests).toEqual([
      expect.objectContaining({ id: pending.approval_id, kind: "vouchers.goodwill", coins: 800 }),
    ]);
    expect((await cs.post(`/approvals/${pending.approval_id}/approve`, { note: "me" })).body.error_code).toBe(
      4030,
    );
    const approved = await pm.post(`/approvals/${pending.approval_id}/approve`, { note: "fine" });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.payload.status).toBe("approved");
    expect((await t.app.services.coinSchemeClient.reward(reward.id)).reward.stock).toBe(4);
    const { vouchers } = await t.app.services.coinSchemeClient.vouchers(member.hcoins);
    expect(vouchers).toHaveLength(1);
    expect(
      (await pm.post(`/approvals/${pending.approval_id}/approve`, { note: "again" })).body.error_code,
    ).toBe(4255);
    expect((await t.app.services.coinSchemeClient.vouchers(member.hcoins)).vouchers).toHaveLength(1);
  });

  it("refuses a reward out of stock and a member without an account, in the operator's words", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 0);
    const reward = await newReward(t, { stock: 0 });
    const cs = as(await signedInOperator(t, "customerService"));
    const refused = await cs.post(`/members/${member.user.id}/goodwill-vouchers`, {
      reward_id: reward.id,
      note: "sorry",
      idempotency_key: randomUUID(),
    });
    expect(refused.body.payload.errors).toEqual([{ field: "reward_id", rule: "rewardOutOfStock" }]);
    const auditor = as(await signedInOperator(t, "auditor"));
    expect((await auditor.get("/goodwill-rewards")).body.error_code).toBe(4030);
  });
});
