import { ERROR_MESSAGES } from "@hcoins/domain/codes";
import { describe, expect, it } from "vitest";
import { nextPhone, registerMember } from "../testing/flows.ts";
import { tally } from "./abuse-support.ts";
import { callFrom, type LoopbackInstance, linesSaying, loopbackDeployments } from "./loopback-clients.ts";

/**
 * Membership lookups at scale: CheckPhone, CheckEmail, VerifyMemberId, the duplicate check and
 * hcoin-check-linked must answer who is a member (40003/40006 and the like), so a client
 * address gets a budget of them per minute and per day, all five together, over every instance.
 * Past it: 429 / 4299 in the caller's language, and one warn line per address and window.
 */

const MEMBER = "/custom-api/api/Member";
const COINS = "/custom-api/custom/cuapp/customer";
const SPENT = "membership lookup budget spent by a client address";
const LANGUAGES = [
  ["en", "en"],
  ["zh-HK", "tc"],
  ["zh-CN", "sc"],
] as const;

/** The i-th lookup of a rotation over the five calls, each with a valid body. */
function lookup(i: number): { name: string; path: string; body: Record<string, unknown> } {
  const number = { mobile_phone_prefix: "852", mobile_phone: nextPhone() };
  const calls = [
    { name: "CheckPhone", path: `${MEMBER}/CheckPhone`, body: number },
    { name: "CheckEmail", path: `${MEMBER}/CheckEmail`, body: { email: `probe${i}@example.com` } },
    { name: "VerifyMemberId", path: `${MEMBER}/VerifyMemberId`, body: { data: String(10_000_000 + i) } },
    {
      name: "hcoin-check-is-duplicate-reg",
      path: `${COINS}/hcoin-check-is-duplicate-reg`,
      body: { ...number, email: `probe${i}@example.com` },
    },
    { name: "hcoin-check-linked", path: `${COINS}/hcoin-check-linked`, body: number },
  ];
  return calls[i % calls.length] as (typeof calls)[number];
}

async function probe(client: string, instances: LoopbackInstance[], count: number, from = 0) {
  const answers = [];
  for (let i = from; i < from + count; i++) {
    const { path, body } = lookup(i);
    const [lang] = LANGUAGES[i % 3] as (typeof LANGUAGES)[number];
    answers.push({
      i,
      lang,
      ...(await callFrom(client, instances[i % instances.length] as LoopbackInstance, "POST", path, {
        body,
        lang,
      })),
    });
  }
  return answers;
}

describe.each(loopbackDeployments())("membership lookups, $name", (deployment) => {
  it("one address gets LOOKUP_CLIENT_MINUTE_LIMIT lookups a minute over the five calls; another is served", async () => {
    const { instances, logLines } = await deployment.start({
      LOOKUP_CLIENT_MINUTE_LIMIT: "10",
      LOOKUP_CLIENT_DAILY_LIMIT: "1000",
    });
    const answers = await probe("127.0.0.1", instances, 16);
    expect(tally(answers)).toEqual({ "200": 10, "429/4299": 6 });
    // Nothing slips through once the budget is spent, and each refusal speaks the caller's language.
    expect(answers.slice(0, 10).every((res) => res.status === 200)).toBe(true);
    for (const res of answers.slice(10)) {
      const language = LANGUAGES.find(([header]) => header === res.lang)?.[1] ?? "tc";
      expect(res.body.error_message).toBe(ERROR_MESSAGES[4299][language]);
      expect(res.body.payload.retry_after_seconds).toBeGreaterThan(0);
      expect(res.body.payload.retry_after_seconds).toBeLessThanOrEqual(60);
    }

    // Another address still has its own budget, on either instance.
    const other = await probe("127.0.0.2", instances, 2, 16);
    expect(tally(other)).toEqual({ "200": 2 });

    // One line to alert on, for the address that spent it and the call that went over, however many refusals.
    const spent = linesSaying(logLines, SPENT);
    expect(spent).toHaveLength(1);
    expect(spent[0]).toMatchObject({
      level: 40,
      client: "127.0.0.1",
      call: lookup(10).name,
      window: "minute",
      limit: 10,
    });
  });

  it("one address gets LOOKUP_CLIENT_DAILY_LIMIT lookups a day", async () => {
    const { instances, logLines } = await deployment.start({
      LOOKUP_CLIENT_MINUTE_LIMIT: "1000",
      LOOKUP_CLIENT_DAILY_LIMIT: "7",
    });
    const answers = await probe("127.0.0.2", instances, 10);
    expect(tally(answers)).toEqual({ "200": 7, "429/4299": 3 });
    for (const res of answers.slice(7)) {
      expect(res.body.payload.retry_after_seconds).toBeGreaterThan(86_000);
    }
    expect(tally(await probe("127.0.0.1", instances, 1))).toEqual({ "200": 1 });
    const spent = linesSaying(logLines, SPENT);
    expect(spent).toHaveLength(1);
    expect(spent[0]).toMatchObject({ client: "127.0.0.2", window: "day", limit: 7 });
  });

  it("a member's link check of their own number is not a lookup; a guest learns no H Coins number", async () => {
    const { instances } = await deployment.start({ LOOKUP_CLIENT_MINUTE_LIMIT: "3" });
    const first = instances[0] as LoopbackInstance;
    const member = await registerMember(first.t);
    const created = await first.t.call("POST", `${COINS}/hcoin-create`, { body: {}, token: member.token });
    expect(created.body.payload.status_code).toBe(101);
    const own = { mobile_phone_prefix: "852", mobile_phone: member.phone };
    for (const [i, instance] of [...instances, ...instances, ...instances].entries()) {
      const res = await callFrom("127.0.0.3", instance, "POST", `${COINS}/hcoin-check-linked`, {
        body: own,
        token: member.token,
      });
      expect(res.status, `check ${i}`).toBe(200);
      expect(res.body.payload).toMatchObject({ status_code: 101, hcoins_memberno: expect.any(String) });
    }
    // The same question as a guest counts, and answers the status alone.
    const asGuest = await callFrom("127.0.0.3", first, "POST", `${COINS}/hcoin-check-linked`, { body: own });
    expect(asGuest.body.payload).toMatchObject({ status_code: 101, hcoins_memberno: null });
    const rest = await probe("127.0.0.3", instances, 3);
    expect(tally(rest)).toEqual({ "200": 2, "429/4299": 1 });
  });
});
