import { createHmac, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { registerMember } from "../../testing/flows.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

const PATH = "/crm/user/subscription-preferences";
const ALL_OUT = { email_subscription: 1, sms_subscription: 1, do_not_call: 1, unsubscribe_reason_other: "" };
const ALL_IN = {
  email_subscription: 0,
  sms_subscription: 0,
  do_not_call: 0,
  unsubscribe_reasons: [],
  unsubscribe_reason_other: "",
};

let t: TestApp;
afterEach(() => t?.close());

const get = (token: string) => t.call("GET", PATH, { token });
const post = (token: string, body: Record<string, unknown>, form = false) =>
  t.call("POST", PATH, { token, body, form });

/** A registered member and a link token for them. */
async function memberWithLink() {
  const member = await registerMember(t);
  const link = await t.app.services.subscriptions.issueLinkToken(member.user.id);
  return { ...member, link };
}

describe("GET /crm/user/subscription-preferences", () => {
  it("gives a member's current preferences", async () => {
    t = await createTestApp();
    const member = await registerMember(t, { sms_subscription: 1 });
    const res = await get(member.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 200,
      payload: { ...ALL_IN, sms_subscription: 1 },
    });
  });

  it("gives the link's member to a guest with the link token in the query", async () => {
    t = await createTestApp();
    const { link, token } = await memberWithLink();
    await post(token, { ...ALL_OUT, unsubscribe_reasons: [2] });
    const res = await t.call("GET", `${PATH}?token=${encodeURIComponent(link)}`);
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual({ ...ALL_OUT, unsubscribe_reasons: [2] });
  });

  it.each([
    ["a guest without a token", "guest", ""],
    ["an unknown access token", "no-such-token", ""],
    ["a guest with a link token that is not one", "guest", "?token=abc"],
    ["a guest with an empty link token", "guest", "?token="],
  ])("answers 401 (4010) to %s", async (_label, token, query) => {
    t = await createTestApp();
    const res = await t.call("GET", `${PATH}${query}`, { token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, error_code: 4010 });
  });
});

describe("POST /crm/user/subscription-preferences", () => {
  it("changes only the fields sent and answers the current preferences", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await post(member.token, { sms_subscription: 1 });
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual({ ...ALL_IN, sms_subscription: 1 });
    const again = await post(member.token, { do_not_call: "1" }, true);
    expect(again.body.payload).toEqual({ ...ALL_IN, sms_subscription: 1, do_not_call: 1 });
    expect((await get(member.token)).body.payload).toEqual(again.body.payload);

    const profile = await t.call("GET", "/crm/user/profile", { token: member.token });
    expect(profile.body.payload).toMatchObject({
      sms_subscription: 1,
      do_not_call: 1,
      email_subscription: 0,
    });
  });

  it("keeps reasons while every channel is opted out, and drops them when one is back", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const out = await post(member.token, { ...ALL_OUT, unsubscribe_reasons: [1, 2, 3, 4, 5, 6] });
    expect(out.status).toBe(200);
    expect(out.body.payload).toEqual({ ...ALL_OUT, unsubscribe_reasons: [1, 2, 3, 4, 5, 6] });

    const back = await post(member.token, { email_subscription: 0 });
    expect(back.body.payload).toEqual({ ...ALL_OUT, email_subscription: 0, unsubscribe_reasons: [] });
    expect((await get(member.token)).body.payload.unsubscribe_reasons).toEqual([]);
  });

  it.each([
    ["email still in", { email_subscription: 0, sms_subscription: 1, do_not_call: 1 }],
    ["sms still in", { email_subscription: 1, sms_subscription: 0, do_not_call: 1 }],
    ["calls still in", { email_subscription: 1, sms_subscription: 1, do_not_call: 0 }],
  ])("drops reasons sent while a channel is on (%s)", async (_label, flags) => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await post(member.token, { ...flags, unsubscribe_reasons: [3] });
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual({ ...flags, unsubscribe_reasons: [], unsubscribe_reason_other: "" });
  });

  it("keeps the member's words beside 'Other' while it is chosen, and drops them with it", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const words = "  I get these from the app already  ";
    const out = await post(member.token, {
      ...ALL_OUT,
      unsubscribe_reasons: [2, 6],
      unsubscribe_reason_other: words,
    });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.payload).toEqual({
      ...ALL_OUT,
      unsubscribe_reasons: [2, 6],
      unsubscribe_reason_other: "I get these from the app already",
    });
    expect((await get(member.token)).body.payload.unsubscribe_reason_other).toBe(
      "I get these from the app already",
    );
    // Not sent: kept.
    expect((await post(member.token, { sms_subscription: 1 })).body.payload.unsubscribe_reason_other).toBe(
      "I get these from the app already",
    );
    // "Other" no longer among the reasons: its words go too.
    const without = await post(member.token, {
      unsubscribe_reasons: [2],
      unsubscribe_reason_other: "still here?",
    });
    expect(without.body.payload).toEqual({ ...ALL_OUT, unsubscribe_reasons: [2] });
    // A channel back: the reasons and the words go.
    await post(member.token, { unsubscribe_reasons: [6], unsubscribe_reason_other: "again" });
    expect((await post(member.token, { email_subscription: 0 })).body.payload).toEqual({
      ...ALL_OUT,
      email_subscription: 0,
      unsubscribe_reasons: [],
    });
  });

  it.each([
    ["201 characters", "x".repeat(201), "tooLong"],
    ["a control character", "bad\u0007words", "invalid"],
  ])("refuses words for 'Other' with %s (4000 %s), storing nothing", async (_label, words, rule) => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await post(member.token, {
      ...ALL_OUT,
      unsubscribe_reasons: [6],
      unsubscribe_reason_other: words,
    });
    expect(res.status).toBe(400);
    expect(res.body.payload.errors).toEqual([{ field: "unsubscribe_reason_other", rule }]);
    expect((await get(member.token)).body.payload).toEqual(ALL_IN);
  });

  it("takes 200 characters of Chinese for 'Other'", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const words = "訊".repeat(200);
    const res = await post(
      member.token,
      { ...ALL_OUT, unsubscribe_reasons: [6], unsubscribe_reason_other: words },
      true,
    );
    expect(res.body.payload.unsubscribe_reason_other).toBe(words);
  });

  it("keeps the stored reasons when only the reasons change with all channels out", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    await post(member.token, { ...ALL_OUT, unsubscribe_reasons: [1] });
    const res = await post(member.token, { unsubscribe_reasons: "4,5" });
    expect(res.body.payload).toEqual({ ...ALL_OUT, unsubscribe_reasons: [4, 5] });
    const unchanged = await post(member.token, { sms_subscription: 1 });
    expect(unchanged.body.payload.unsubscribe_reasons).toEqual([4, 5]);
  });

  it.each([
    ["a JSON array of numbers", [6, 1, 3], false],
    ["a JSON array of numeric strings", ["1", "3", "6"], false],
    ["a JSON comma string", "6,1,3", false],
    ["a JSON array with repeats", [1, 3, 3, 6, 1], false],
    ["repeated form fields", [3, 6, 1], true],
    ["a form comma string", "1,3,6", true],
    ["a form comma string with spaces", " 1 , 3,6 ", true],
  ])("reads reasons from %s", async (_label, reasons, form) => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await post(member.token, { ...ALL_OUT, unsubscribe_reasons: reasons }, form);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload).toEqual({ ...ALL_OUT, unsubscribe_reasons: [1, 3, 6] });
  });

  it("reads a single reason sent alone", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await post(member.token, { ...ALL_OUT, unsubscribe_reasons: 4 });
    expect(res.body.payload.unsubscribe_reasons).toEqual([4]);
  });

  it.each([
    ["7", [1, 7]],
    ["0", [0]],
    ["a word", "1,x"],
    ["a fraction", [1.5]],
    ["7 in a comma string", "2,7"],
  ])("refuses the reason %s (4000 reasonInvalid) and stores nothing", async (_label, reasons) => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await post(member.token, { ...ALL_OUT, unsubscribe_reasons: reasons });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(4000);
    expect(res.body.payload.errors).toEqual([{ field: "unsubscribe_reasons", rule: "reasonInvalid" }]);
    expect((await get(member.token)).body.payload).toEqual(ALL_IN);
  });

  it.each([
    ["2", 2],
    ["yes", "yes"],
    ["-1", -1],
  ])("refuses the flag %s (4000 subscriptionInvalid)", async (_label, value) => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await post(member.token, { email_subscription: value });
    expect(res.status).toBe(400);
    expect(res.body.payload.errors).toEqual([{ field: "email_subscription", rule: "subscriptionInvalid" }]);
  });

  it.each([
    ["JSON", false],
    ["form-encoded", true],
  ])("lets a guest with the link token in a %s body change the link's member", async (_label, form) => {
    t = await createTestApp();
    const member = await memberWithLink();
    const bystander = await registerMember(t);
    const res = await post("guest", { token: member.link, ...ALL_OUT, unsubscribe_reasons: [2, 5] }, form);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload).toEqual({ ...ALL_OUT, unsubscribe_reasons: [2, 5] });
    expect((await get(member.token)).body.payload).toEqual({ ...ALL_OUT, unsubscribe_reasons: [2, 5] });
    expect((await get(bystander.token)).body.payload).toEqual(ALL_IN);
  });

  it("answers 401 (4010) to a guest without a token, and changes nothing", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await post("guest", { ...ALL_OUT });
    expect(res.status).toBe(401);
    expect(res.body.error_code).toBe(4010);
    expect((await get(member.token)).body.payload).toEqual(ALL_IN);
  });

  it.each([
    ["no link token", {}],
    ["a link token that is not one", { token: "abc.def" }],
    ["a blank link token", { token: "   " }],
  ])("answers a guest with %s 401 before reading the fields: no field errors", async (_label, link) => {
    t = await createTestApp();
    const res = await post("guest", { ...link, email_subscription: "sometimes", unsubscribe_reasons: "x" });
    expect(res.status, JSON.stringify(res.body)).toBe(401);
    expect(res.body.error_code).toBe(4010);
    expect(res.body.payload.errors).toBeUndefined();
  });

  it("validates the fields of a guest holding a live link token (4000)", async () => {
    t = await createTestApp();
    const { link } = await memberWithLink();
    const res = await post("guest", { token: link, email_subscription: "sometimes" });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error_code).toBe(4000);
  });
});

describe("unsubscribe link tokens", () => {
  /** Changes one character of the token's signature part. */
  const flipLast = (token: string) => `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;

  const tamperings: [string, (link: string, otherLink: string) => string][] = [
    ["a changed signature", (link) => flipLast(link)],
    ["a signature cut short", (link) => link.slice(0, -2)],
    ["no signature", (link) => link.split(".")[0] as string],
    ["an extra part", (link) => `${link}.x`],
    [
      "another member's body under this signature",
      (link, otherLink) => `${otherLink.split(".")[0]}.${link.split(".")[1]}`,
    ],
    [
      "a body pointing at another member",
      (link) => {
        const [body, signature] = link.split(".") as [string, string];
        const claims = JSON.parse(Buffer.from(body, "base64url").toString());
        return `${Buffer.from(JSON.stringify({ ...claims, m: claims.m + 1 })).toString("base64url")}.${signature}`;
      },
    ],
  ];

  it.each(tamperings)("refuses a link token with %s (401) on GET and POST", async (_label, tamper) => {
    t = await createTestApp();
    const member = await memberWithLink();
    const other = await memberWithLink();
    const bad = tamper(member.link, other.link);
    expect(bad).not.toBe(member.link);

    const read = await t.call("GET", `${PATH}?token=${encodeURIComponent(bad)}`);
    expect(read.status).toBe(401);
    expect(read.body.error_code).toBe(4010);
    const write = await post("guest", { token: bad, ...ALL_OUT });
    expect(write.status).toBe(401);
    expect((await get(member.token)).body.payload).toEqual(ALL_IN);
    expect((await get(other.token)).body.payload).toEqual(ALL_IN);
  });

  it("refuses a link token after its 90 days, and accepts it before", async () => {
    t = await createTestApp();
    const member = await memberWithLink();
    t.clock.advance(89 * 86_400_000);
    expect((await t.call("GET", `${PATH}?token=${member.link}`)).status).toBe(200);
    t.clock.advance(86_400_000 + 1_000);
    const read = await t.call("GET", `${PATH}?token=${member.link}`);
    expect(read.status).toBe(401);
    expect(read.body.error_code).toBe(4010);
    expect((await post("guest", { token: member.link, email_subscription: 1 })).status).toBe(401);
  });

  it("refuses a link token of a member that does not exist", async () => {
    t = await createTestApp();
    const link = await t.app.services.subscriptions.issueLinkToken(987_654);
    expect((await t.call("GET", `${PATH}?token=${link}`)).status).toBe(401);
  });

  it("refuses a well-formed link token signed with another secret", async () => {
    t = await createTestApp();
    const member = await memberWithLink();
    const body = member.link.split(".")[0] as string;
    const forged = `${body}.${createHmac("sha256", randomBytes(32)).update(body).digest("base64url")}`;
    expect(forged).not.toBe(member.link);
    expect((await t.call("GET", `${PATH}?token=${forged}`)).status).toBe(401);
    expect((await post("guest", { token: forged, ...ALL_OUT })).status).toBe(401);
    expect((await t.call("GET", `${PATH}?token=${member.link}`)).status).toBe(200);
  });
});
