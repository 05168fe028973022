import { CoinCallCode, CoinStatus } from "@hcoins/domain/codes";
import { afterEach, describe, expect, it } from "vitest";
import { nextPhone, registerMember } from "../../testing/flows.ts";
import type { MemberServerTables } from "../../testing/tables.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { type CoinSchemeClient, CoinSchemeUnavailableError } from "./coin-scheme-client.ts";
import { COIN_MESSAGES } from "./messages.ts";
import { CoinsService } from "./service.ts";

/*
 * The custom API's H Coins calls against the embedded scheme (the default). The
 * scheme is prepared through the same client the member server uses.
 */

const BASE = "/custom-api/custom/cuapp/customer";

const checkLinked = (t: TestApp, phone: string, options: { token?: string; lang?: string } = {}) =>
  t.call("POST", `${BASE}/hcoin-check-linked`, {
    body: { mobile_phone_prefix: "852", mobile_phone: phone },
    ...options,
  });

const linkCall = (t: TestApp, token: string, lang?: string) =>
  t.call("POST", `${BASE}/link-hcoin-2`, { body: {}, token, ...(lang ? { lang } : {}) });
const createCall = (t: TestApp, token: string, lang?: string) =>
  t.call("POST", `${BASE}/hcoin-create`, { body: {}, token, ...(lang ? { lang } : {}) });

const profile = async (t: TestApp, token: string) =>
  (await t.call("GET", "/crm/user/profile?include_custom_field=1", { token })).body.payload;

const messages = (key: keyof typeof COIN_MESSAGES) => ({
  msg_en: COIN_MESSAGES[key].en,
  msg_tc: COIN_MESSAGES[key].tc,
  msg_sc: COIN_MESSAGES[key].sc,
});

describe("hcoin-check-linked", () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("answers 999 for a number without an account, in three languages", async () => {
    t = await createTestApp();
    const res = await checkLinked(t, nextPhone(), { lang: "en" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 200,
      message: "This mobile number has no H Coins account yet. One will be opened for you.",
      payload: { status_code: 999, hcoins_memberno: null, ...messages("noAccount") },
    });
  });

  it("answers 100 for an account that is not linked, without giving its number away", async () => {
    t = await createTestApp();
    const phone = nextPhone();
    await t.app.services.coinSchemeClient.createAccount({ prefix: "852", phone });
    const res = await checkLinked(t, phone, { lang: "zh-CN" });
    expect(res.body.payload).toEqual({
      status_code: 100,
      hcoins_memberno: null,
      ...messages("accountExists"),
    });
    expect(res.body.message).toBe(COIN_MESSAGES.accountExists.sc);
  });

  it("answers 101 for a linked account, with the H Coins number only to its own member", async () => {
    t = await createTestApp();
    const owner = await registerMember(t);
    const created = await createCall(t, owner.token);
    const number = created.body.payload.hcoins_memberno;
    expect(number).toMatch(/^HC\d{10}$/);

    const guest = await checkLinked(t, owner.phone);
    expect(guest.body.payload).toEqual({
      status_code: 101,
      hcoins_memberno: null,
      ...messages("registered"),
    });
    expect(guest.body.message).toBe("此手提電話號碼已被登記，請登入或聯絡客戶服務部。");

    const self = await checkLinked(t, owner.phone, { token: owner.token, lang: "en" });
    expect(self.body.payload).toMatchObject({
      status_code: 101,
      hcoins_memberno: number,
      ...messages("linkedToYou"),
    });

    const other = await registerMember(t);
    const asOther = await checkLinked(t, owner.phone, { token: other.token, lang: "en" });
    expect(asOther.body.payload).toMatchObject({ status_code: 101, hcoins_memberno: null });
    expect(asOther.body.message).toBe(
      "The H Coins account of this mobile number is linked to another member. Please contact customer service.",
    );
  });

  it("refuses an invalid number (4000) and needs no token", async () => {
    t = await createTestApp();
    const res = await checkLinked(t, "1234");
    expect(res.status).toBe(400);
    expect(res.body.payload.errors).toEqual([{ field: "mobile_phone", rule: "mobileLength8" }]);
    const noToken = await t.call("POST", `${BASE}/hcoin-check-linked`, {
      body: { mobile_phone_prefix: "852", mobile_phone: nextPhone() },
      token: null,
    });
    expect(noToken.status).toBe(401);
  });
});

describe("hcoin-create and link-hcoin-2", () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("999 → hcoin-create → 101: opens a linked account and sets external_customer_id", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    expect((await checkLinked(t, member.phone, { token: member.token })).body.payload.status_code).toBe(999);

    const res = await createCall(t, member.token, "en");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 200,
      message: "Your H Coins account has been opened and linked to your membership.",
      payload: { status_code: 101, ...messages("created") },
    });
    const number = res.body.payload.hcoins_memberno;
    expect(number).toMatch(/^HC\d{10}$/);
    expect((await profile(t, member.token)).external_customer_id).toBe(number);

    const check = await checkLinked(t, member.phone, { token: member.token });
    expect(check.body.payload).toMatchObject({ status_code: 101, hcoins_memberno: number });

    // Idempotent: a second create answers the same account.
    const again = await createCall(t, member.token);
    expect(again.body).toMatchObject({ code: 200, payload: { status_code: 101, hcoins_memberno: number } });
    const account = await t.app.services.coinSchemeClient.findAccountByPhone("852", member.phone);
    expect(account).toMatchObject({ hcoins_memberno: number, linked_member_ref: member.user.member_no });
  });

  it("100 → link-hcoin-2 → 101: links the operator's account and sets external_customer_id", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const { account } = await t.app.services.coinSchemeClient.createAccount({
      prefix: "852",
      phone: member.phone,
    });
    expect((await checkLinked(t, member.phone, { token: member.token })).body.payload.status_code).toBe(100);

    const res = await linkCall(t, member.token, "zh-HK");
    expect(res.body).toEqual({
      code: 200,
      message: "你的會籍已成功連結 H Coins 帳戶。",
      payload: { status_code: 101, hcoins_memberno: account.hcoins_memberno, ...messages("linked") },
    });
    expect((await profile(t, member.token)).external_customer_id).toBe(account.hcoins_memberno);
    expect((await checkLinked(t, member.phone, { token: member.token })).body.payload).toMatchObject({
      status_code: 101,
      hcoins_memberno: account.hcoins_memberno,
    });
    const again = await linkCall(t, member.token);
    expect(again.body).toMatchObject({ code: 200, payload: { hcoins_memberno: account.hcoins_memberno } });
  });

  it("100 → hcoin-create links the existing account instead of opening another", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const { account } = await t.app.services.coinSchemeClient.createAccount({
      prefix: "852",
      phone: member.phone,
    });
    const res = await createCall(t, member.token);
    expect(res.body).toMatchObject({
      code: 200,
      payload: { hcoins_memberno: account.hcoins_memberno, ...messages("linked") },
    });
  });

  it("link-hcoin-2 without an account answers 40020 and changes nothing", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await linkCall(t, member.token, "en");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: CoinCallCode.noAccount,
      message: COIN_MESSAGES.noAccountToLink.en,
      payload: { status_code: 999, hcoins_memberno: null, ...messages("noAccountToLink") },
    });
    expect((await profile(t, member.token)).external_customer_id).toBeNull();
    expect(await t.app.services.coinSchemeClient.findAccountByPhone("852", member.phone)).toBeNull();
  });

  it("a number linked to another member: 101 for the check, 40021 for link and create, the member untouched", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    await t.app.services.coinSchemeClient.createAccount({
      prefix: "852",
      phone: member.phone,
      memberRef: "M999999999",
    });
    // The member's own number, but another member's H Coins account: its number is not theirs to see.
    const check = await checkLinked(t, member.phone, { token: member.token, lang: "en" });
    expect(check.body.payload).toMatchObject({ status_code: 101, hcoins_memberno: null });
    expect(check.body.message).toBe(COIN_MESSAGES.linkedToOther.en);

    for (const call of [linkCall, createCall]) {
      const res = await call(t, member.token, "en");
      expect(res.body).toEqual({
        code: CoinCallCode.linkedToOther,
        message: COIN_MESSAGES.linkedToOther.en,
        payload: { status_code: CoinStatus.failed, hcoins_memberno: null, ...messages("linkedToOther") },
      });
    }
    expect((await profile(t, member.token)).external_customer_id).toBeNull();
    const after = await t.app.services.coinSchemeClient.findAccountByPhone("852", member.phone);
    expect(after?.linked_member_ref).toBe("M999999999");
  });

  it("a member already linked to an account of another number: 40022 for create and link", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    await t.app.services.coinSchemeClient.createAccount({
      prefix: "852",
      phone: nextPhone(),
      memberRef: member.user.member_no,
    });
    const res = await createCall(t, member.token);
    expect(res.body).toMatchObject({
      code: CoinCallCode.memberLinkedElsewhere,
      payload: { status_code: -1, ...messages("memberLinkedElsewhere") },
    });
    expect(await t.app.services.coinSchemeClient.findAccountByPhone("852", member.phone)).toBeNull();

    // An operator then opens an account for the member's own number: linking it is refused the same way.
    await t.app.services.coinSchemeClient.createAccount({ prefix: "852", phone: member.phone });
    const link = await linkCall(t, member.token, "en");
    expect(link.body).toMatchObject({
      code: CoinCallCode.memberLinkedElsewhere,
      message: COIN_MESSAGES.memberLinkedElsewhere.en,
    });
    const account = await t.app.services.coinSchemeClient.findAccountByPhone("852", member.phone);
    expect(account?.linked).toBe(false);
    expect((await profile(t, member.token)).external_customer_id).toBeNull();
  });

  it("needs a member token (401 for a guest)", async () => {
    t = await createTestApp();
    for (const path of ["link-hcoin-2", "hcoin-create"]) {
      const res = await t.call("POST", `${BASE}/${path}`, { body: {} });
      expect(res.status).toBe(401);
      expect(res.body.error_code).toBe(4010);
    }
  });

  it("accepts an empty JSON body, no body and a form body", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const headers = { authorization: `Bearer web:${member.token}` };
    const empty = await t.app.inject({
      method: "POST",
      url: `${BASE}/hcoin-create`,
      headers: { ...headers, "content-type": "application/json" },
      payload: "",
    });
    expect(empty.statusCode).toBe(200);
    expect(JSON.parse(empty.body).code).toBe(200);
    const none = await t.app.inject({ method: "POST", url: `${BASE}/link-hcoin-2`, headers });
    expect(JSON.parse(none.body).code).toBe(200);
    const form = await t.call("POST", `${BASE}/link-hcoin-2/`, {
      body: { any: "thing" },
      form: true,
      token: member.token,
    });
    expect(form.body.code).toBe(200);
    const broken = await t.app.inject({
      method: "POST",
      url: `${BASE}/link-hcoin-2`,
      headers: { ...headers, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(broken.statusCode).toBe(400);
    expect(JSON.parse(broken.body).error_code).toBe(4000);
  });

  it.each([
    ["create and create", [createCall, createCall]],
    ["link and link", [linkCall, linkCall]],
    ["link and create", [linkCall, createCall]],
  ] as const)(
    "two concurrent calls (%s) for one member make one account and one link",
    async (_name, calls) => {
      t = await createTestApp();
      const member = await registerMember(t);
      if (calls[0] === linkCall)
        await t.app.services.coinSchemeClient.createAccount({ prefix: "852", phone: member.phone });
      const answers = await Promise.all([...calls, ...calls].map((call) => call(t, member.token)));
      expect(answers.map((res) => res.body.code)).toEqual([200, 200, 200, 200]);
      const numbers = new Set(answers.map((res) => res.body.payload.hcoins_memberno));
      expect(numbers.size).toBe(1);
      const account = await t.app.services.coinSchemeClient.findAccountByPhone("852", member.phone);
      expect(account).toMatchObject({ linked_member_ref: member.user.member_no });
      expect(numbers.has(account?.hcoins_memberno)).toBe(true);
      expect((await profile(t, member.token)).external_customer_id).toBe(account?.hcoins_memberno);
    },
  );
});

describe("the birth month reaches the scheme", () => {
  let t: TestApp;
  afterEach(() => t?.close());
  const schemeMonth = async (phone: string) =>
    (await t.app.services.coinSchemeClient.findAccountByPhone("852", phone))?.birth_month;

  it("with the link, when the member first sets it, and for an account linked before it knew", async () => {
    t = await createTestApp();
    // Registered with July: hcoin-create carries it.
    const july = await registerMember(t);
    await createCall(t, july.token);
    expect(await schemeMonth(july.phone)).toBe(7);

    // Without one (as an imported app member may be): the scheme learns it when the profile first sets it.
    const later = await registerMember(t);
    await t.app.services.database
      .tables<MemberServerTables>()
      .updateTable("members")
      .set({ birthday_month: null })
      .where("mobile_phone", "=", later.phone)
      .execute();
    await createCall(t, later.token);
    expect(await schemeMonth(later.phone)).toBeNull();
    const saved = await t.call("POST", "/crm/user/profile", {
      body: { birthday_month: 3 },
      token: later.token,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await schemeMonth(later.phone)).toBe(3);

    // An account linked before the scheme kept birth months: the next link check tells it.
    const before = await registerMember(t);
    const { account } = await t.app.services.coinSchemeClient.createAccount({
      prefix: "852",
      phone: before.phone,
    });
    await t.app.services.coinSchemeClient.linkAccount(account.hcoins_memberno, before.user.member_no, null);
    expect(await schemeMonth(before.phone)).toBeNull();
    await checkLinked(t, before.phone, { token: before.token });
    expect(await schemeMonth(before.phone)).toBe(7);
  });
});

describe("a scheme that fails", () => {
  let t: TestApp;
  afterEach(() => t?.close());

  /** The embedded scheme, but the answer of a link or create is lost after the scheme did the work. */
  function losingAnswers(inner: CoinSchemeClient): CoinSchemeClient {
    const lost = () => new CoinSchemeUnavailableError("timeout", "answer lost");
    return {
      ...inner,
      kind: inner.kind,
      findAccountByPhone: (prefix, phone) => inner.findAccountByPhone(prefix, phone),
      createAccount: async (input) => {
        await inner.createAccount(input);
        throw lost();
      },
      linkAccount: async (number, ref, birthMonth) => {
        await inner.linkAccount(number, ref, birthMonth);
        throw lost();
      },
    };
  }

  it("answers -1 / 5030 when the answer is lost, leaves the member untouched, and a retry completes the link", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const row = await t.app.services.members.findById(member.user.id);
    if (!row) throw new Error("member missing");
    const flaky = new CoinsService(
      losingAnswers(t.app.services.coinSchemeClient),
      t.app.services.members,
      t.app.log,
    );

    const outcome = await flaky.create(row);
    expect(outcome).toEqual({ code: 5030, status_code: -1, hcoins_memberno: null, message: "unavailable" });
    expect((await profile(t, member.token)).external_customer_id).toBeNull();

    // The scheme did link: the next check, even a guest's, completes the member row.
    const check = await checkLinked(t, member.phone);
    expect(check.body.payload).toMatchObject({ status_code: 101, hcoins_memberno: null });
    const account = await t.app.services.coinSchemeClient.findAccountByPhone("852", member.phone);
    expect((await profile(t, member.token)).external_customer_id).toBe(account?.hcoins_memberno);
  });

  it("a lost link answer is completed by the next link-hcoin-2", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    await t.app.services.coinSchemeClient.createAccount({ prefix: "852", phone: member.phone });
    const row = await t.app.services.members.findById(member.user.id);
    if (!row) throw new Error("member missing");
    const flaky = new CoinsService(
      losingAnswers(t.app.services.coinSchemeClient),
      t.app.services.members,
      t.app.log,
    );
    expect((await flaky.link(row)).code).toBe(5030);
    expect((await profile(t, member.token)).external_customer_id).toBeNull();
    const retry = await linkCall(t, member.token);
    expect(retry.body).toMatchObject({
      code: 200,
      payload: { status_code: 101, ...messages("linkedToYou") },
    });
    expect((await profile(t, member.token)).external_customer_id).toBe(retry.body.payload.hcoins_memberno);
  });
});

describe("hcoin-check-is-duplicate-reg", () => {
  let t: TestApp;
  afterEach(() => t?.close());

  const duplicateCheck = (t: TestApp, phone: string, email: string, lang = "en") =>
    t.call("POST", `${BASE}/hcoin-check-is-duplicate-reg`, {
      body: { mobile_phone_prefix: "852", mobile_phone: phone, email },
      lang,
    });

  it("is not a duplicate for a new number and email", async () => {
    t = await createTestApp();
    const res = await duplicateCheck(t, nextPhone(), "new.person@example.com");
    expect(res.body).toEqual({
      code: 200,
      payload: { duplicate: false, reason: "", reason_code: null, hcoin_status_code: 999 },
    });
  });

  it("is a duplicate when the number is a member, the email is taken, or the H Coins account is linked", async () => {
    t = await createTestApp();
    const member = await registerMember(t);

    const byNumber = await duplicateCheck(t, member.phone, "someone.else@example.com");
    expect(byNumber.body.payload).toMatchObject({
      duplicate: true,
      reason_code: "mobileRegistered",
      reason: "This mobile number has been registered, please login or contact customer service.",
    });

    const byEmail = await duplicateCheck(t, nextPhone(), member.payload.email.toUpperCase(), "zh-HK");
    expect(byEmail.body.payload).toMatchObject({
      duplicate: true,
      reason_code: "emailTaken",
      reason: "此電郵地址已被登記，請輸入另一個電郵地址。",
    });

    const linkedPhone = nextPhone();
    await t.app.services.coinSchemeClient.createAccount({
      prefix: "852",
      phone: linkedPhone,
      memberRef: "M888888888",
    });
    const byScheme = await duplicateCheck(t, linkedPhone, "third.person@example.com", "zh-CN");
    expect(byScheme.body.payload).toEqual({
      duplicate: true,
      reason_code: "hcoinsLinked",
      reason: COIN_MESSAGES.hcoinsLinked.sc,
      hcoin_status_code: 101,
    });

    const unlinkedPhone = nextPhone();
    await t.app.services.coinSchemeClient.createAccount({ prefix: "852", phone: unlinkedPhone });
    const unlinked = await duplicateCheck(t, unlinkedPhone, "fourth.person@example.com");
    expect(unlinked.body.payload).toMatchObject({ duplicate: false, hcoin_status_code: 100 });
  });

  it("validates the number and the email", async () => {
    t = await createTestApp();
    const res = await duplicateCheck(t, "12", "not-an-email");
    expect(res.status).toBe(400);
    expect(res.body.payload.errors).toEqual(
      expect.arrayContaining([{ field: "email", rule: "emailFormat" }]),
    );
  });
});
