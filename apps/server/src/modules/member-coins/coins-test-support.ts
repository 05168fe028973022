import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { registerMember } from "../../testing/flows.ts";
import type { TestApp } from "../../testing/test-app.ts";
import type { RewardInput } from "../coins/coin-scheme-client.ts";

/*
 * What the member-coins tests share: members with a linked account and coins, rewards in the
 * scheme's catalogue, and the calls. The scheme is prepared through the client the member
 * server uses (an operator's adjustment, an operator's reward), never through its tables.
 */

export const BASE = "/custom-api/custom/cuapp/customer";

export type Member = Awaited<ReturnType<typeof registerMember>> & { hcoins: string };

/** A registered member whose number has an account linked to them, credited `coins` (if any). */
export async function linkedMember(t: TestApp, coins = 0): Promise<Member> {
  const member = await registerMember(t);
  const created = await t.call("POST", `${BASE}/hcoin-create`, { body: {}, token: member.token });
  expect(created.body.payload.status_code, JSON.stringify(created.body)).toBe(101);
  const hcoins = created.body.payload.hcoins_memberno as string;
  if (coins !== 0) await credit(t, hcoins, coins);
  return { ...member, hcoins };
}

export function credit(t: TestApp, hcoinsMemberNo: string, coins: number) {
  return t.app.services.coinSchemeClient.adjust({
    hcoinsMemberNo,
    coins,
    reason: "Welcome gift",
    operator: "tester",
    allowNegative: false,
  });
}

const text = (en: string) => ({ en, tc: `${en}（繁）`, sc: `${en}（简）` });

/** A reward in the catalogue: an e-gift voucher of HKD 50 for 100 coins, 10 in stock, valid at HF-CW01. */
export async function newReward(t: TestApp, fields: Partial<RewardInput> = {}) {
  const { reward } = await t.app.services.coinSchemeClient.saveReward({
    kind: "evoucher",
    coins: 100,
    stock: 10,
    valueCents: 5000,
    storeCodes: ["HF-CW01"],
    title: text("HKD 50 voucher"),
    description: text("Spend it on anything"),
    terms: text("One per bill"),
    imageUrl: null,
    startsAt: null,
    endsAt: null,
    perMemberLimit: null,
    voucherValidDays: 30,
    active: true,
    sortOrder: 0,
    ...fields,
  });
  return reward;
}

export const memberCall = (t: TestApp, path: string, token: string | undefined, body = {}, lang?: string) =>
  t.call("POST", `${BASE}/${path}`, { body, ...(token ? { token } : {}), ...(lang ? { lang } : {}) });

/** hcoin-redeem with the member's password and a fresh key unless given. */
export function redeem(
  t: TestApp,
  member: { token: string; payload: { password: string } },
  rewardId: number,
  body: Record<string, unknown> = {},
  lang?: string,
) {
  return memberCall(
    t,
    "hcoin-redeem",
    member.token,
    { reward_id: rewardId, idempotency_key: randomUUID(), password: member.payload.password, ...body },
    lang,
  );
}

export const balanceOf = async (t: TestApp, token: string) =>
  (await memberCall(t, "hcoin-balance", token)).body.payload.balance as number | null;
