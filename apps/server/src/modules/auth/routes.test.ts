import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { nextPhone, registerMember } from "../../testing/flows.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { signMessage } from "./signature.ts";

const LOGIN = "/crm/auth/login-with-mobile-password";
const PROFILE = "/crm/user/profile";
const NEW_PASSWORD = "Fresh456Pw";

let t: TestApp;
afterEach(() => t?.close());

const login = (app: TestApp, phone: string, password: string, prefix = "852") =>
  app.call("POST", LOGIN, { body: { mobile_phone_prefix: prefix, mobile_phone: phone, password } });

/** forgot-password-with-mobile, the code from the outbox, reset-password-token-status. */
async function resetTokenFor(phone: string): Promise<string> {
  const sent = await t.call("POST", "/crm/auth/forgot-password-with-mobile", {
    body: { mobile_phone_prefix: "852", mobile_phone: phone },
  });
  expect(sent.status).toBe(200);
  const [code] = await t.smsCodes("852", phone);
  const res = await t.call("POST", "/crm/auth/reset-password-token-status", {
    body: { mobile_phone_prefix: "852", mobile_phone: phone, mobile_token: code },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload.reset_token;
}

/** Fails four times (5000, 4…1 left) and locks the number with the fifth (4290). */
async function lockOut(phone: string) {
  for (const remaining of [4, 3, 2, 1]) {
    const res = await login(t, phone, "Wrong123x");
    expect(res.body.payload.attempts_remaining).toBe(remaining);
  }
  const locked = await login(t, phone, "Wrong123x");
  expect(locked.body.error_code).toBe(4290);
}

describe("POST /crm/auth/login-with-mobile-password", () => {
  it("gives an access token that works on member calls", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await login(t, member.phone, member.payload.password);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.payload.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.payload.access_token).not.toBe(member.token);

    const profile = await t.call("GET", PROFILE, { token: res.body.payload.access_token });
    expect(profile.status).toBe(200);
    expect(profile.body.payload.id).toBe(member.user.id);
  });

  it("accepts a form-encoded body", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const res = await t.call("POST", LOGIN, {
      form: true,
      body: { mobile_phone_prefix: "852", mobile_phone: member.phone, password: member.payload.password },
    });
    expect(res.status).toBe(200);
    expect(typeof res.body.payload.access_token).toBe("string");
  });

  it.each([
    ["a member with a wrong password", true],
    ["a number that is no member", false],
  ])("counts down the attempts and locks the number on the 5th failure: %s", async (_label, isMember) => {
    t = await createTestApp();
    const phone = isMember ? (await registerMember(t)).phone : nextPhone();
    for (const remaining of [4, 3, 2, 1]) {
      const res = await login(t, phone, "Wrong123x");
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 400,
        error_code: 5000,
        payload: { error_code: 5000, attempts_remaining: remaining },
      });
      expect(typeof res.body.error_message).toBe("string");
    }
    const locked = await login(t, phone, "Wrong123x");
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 429, error_code: 4290, payload: { attempts_remaining: 0 } });
    expect(locked.body.payload.retry_after_seconds).toBeGreaterThanOrEqual(895);
    expect(locked.body.payload.retry_after_seconds).toBeLessThanOrEqual(900);
  });

  it("stays locked for the right password, with the time left", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    await lockOut(member.phone);
    const res = await login(t, member.phone, member.payload.password);
    expect(res.status).toBe(429);
    expect(res.body.error_code).toBe(4290);
    expect(res.body.payload.attempts_remaining).toBe(0);
    expect(res.body.payload.retry_after_seconds).toBeGreaterThanOrEqual(895);
    expect(res.body.payload.retry_after_seconds).toBeLessThanOrEqual(900);
    expect(res.body.payload.access_token).toBeUndefined();
  });

  it("checks no more than 5 passwords of a burst of parallel attempts", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const guesses = [...Array.from({ length: 11 }, (_, i) => `Wrong${i}23x`), member.payload.password];
    const answers = await Promise.all(guesses.map((password) => login(t, member.phone, password)));
    const codes = answers.map((res) => res.body.error_code ?? res.status);
    expect(codes.at(-1)).toBe(4290);
    expect(codes.filter((code) => code === 5000)).toHaveLength(4);
    expect(codes.filter((code) => code === 4290)).toHaveLength(8);
    expect((await login(t, member.phone, member.payload.password)).body.error_code).toBe(4290);
  });

  it("locks one number only", async () => {
    t = await createTestApp();
    const [locked, other] = [await registerMember(t), await registerMember(t)];
    await lockOut(locked.phone);
    const res = await login(t, other.phone, other.payload.password);
    expect(res.status).toBe(200);
  });

  it("resets the failure count on a success", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    for (let i = 0; i < 3; i++) await login(t, member.phone, "Wrong123x");
    expect((await login(t, member.phone, member.payload.password)).status).toBe(200);
    const res = await login(t, member.phone, "Wrong123x");
    expect(res.body.error_code).toBe(5000);
    expect(res.body.payload.attempts_remaining).toBe(4);
  });

  it("answers 4202 for an account the operator disabled, even with the right password", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    await t.app.services.members.setDisabled(member.user.id, true);
    const res = await login(t, member.phone, member.payload.password);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, error_code: 4202, payload: { error_code: 4202 } });

    await t.app.services.members.setDisabled(member.user.id, false);
    expect((await login(t, member.phone, member.payload.password)).status).toBe(200);
  });

  it.each([
    ["no password", { mobile_phone_prefix: "852", mobile_phone: "91234567" }, "password", "passwordNull"],
    [
      "an empty password",
      { mobile_phone_prefix: "852", mobile_phone: "91234567", password: "" },
      "password",
      "passwordNull",
    ],
    [
      "a short number",
      { mobile_phone_prefix: "852", mobile_phone: "9123456", password: "Abcdefg1" },
      "mobile_phone",
      "mobileLength8",
    ],
    [
      "an unknown prefix",
      { mobile_phone_prefix: "44", mobile_phone: "91234567", password: "Abcdefg1" },
      "mobile_phone_prefix",
      "prefixInvalid",
    ],
  ])("answers 4000 for %s and counts no failure", async (_label, body, field, rule) => {
    t = await createTestApp();
    const res = await t.call("POST", LOGIN, { body });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(4000);
    expect(res.body.payload.errors).toContainEqual({ field, rule });
    const next = await login(t, "91234567", "Wrong123x");
    expect(next.body.payload.attempts_remaining).toBe(4);
  });
});

describe("POST /crm/auth/logout", () => {
  it("revokes the caller's token, and only that one", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const second = (await login(t, member.phone, member.payload.password)).body.payload.access_token;

    const res = await t.call("POST", "/crm/auth/logout", { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, payload: {} });

    const after = await t.call("GET", PROFILE, { token: member.token });
    expect(after.status).toBe(401);
    expect(after.body.error_code).toBe(4010);
    expect((await t.call("GET", PROFILE, { token: second })).status).toBe(200);
    expect((await t.call("POST", "/crm/auth/logout", { token: member.token })).status).toBe(401);
  });

  it("answers 401 (4010) to a guest", async () => {
    t = await createTestApp();
    const res = await t.call("POST", "/crm/auth/logout");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, error_code: 4010, payload: { error_code: 4010 } });
  });
});

describe("POST /crm/auth/forgot-password-with-mobile", () => {
  const forgot = (phone: string) =>
    t.call("POST", "/crm/auth/forgot-password-with-mobile", {
      body: { mobile_phone_prefix: "852", mobile_phone: phone },
    });

  it("answers a member and a non-member alike, but texts only the member", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const stranger = nextPhone();
    const forMember = await forgot(member.phone);
    const forStranger = await forgot(stranger);

    expect(forMember.status).toBe(200);
    expect(forMember.body).toEqual({
      code: 200,
      payload: { resend_after_seconds: 60, expires_in_seconds: 300 },
    });
    expect(forStranger.status).toBe(forMember.status);
    expect(forStranger.body).toEqual(forMember.body);

    const outbox = await t.call(
      "GET",
      `/dev/sms-outbox?mobile_phone_prefix=852&mobile_phone=${member.phone}`,
      { token: null },
    );
    expect(outbox.body.payload[0]).toMatchObject({ purpose: "reset" });
    expect(outbox.body.payload[0].code).toMatch(/^\d{6}$/);
    expect(await t.smsCodes("852", stranger)).toEqual([]);
  });

  it.each([
    ["a member", true],
    ["a non-member", false],
  ])("throttles a resend within 60 s for %s (4203)", async (_label, isMember) => {
    t = await createTestApp();
    const phone = isMember ? (await registerMember(t)).phone : nextPhone();
    expect((await forgot(phone)).status).toBe(200);
    const again = await forgot(phone);
    expect(again.status).toBe(429);
    expect(again.body.error_code).toBe(4203);
    expect(again.body.payload.retry_after_seconds).toBeGreaterThan(0);
  });

  it("answers 4000 for a malformed number", async () => {
    t = await createTestApp();
    const res = await forgot("12");
    expect(res.status).toBe(400);
    expect(res.body.payload.errors).toEqual([{ field: "mobile_phone", rule: "mobileLength8" }]);
  });
});

describe("POST /crm/auth/reset-password-token-status", () => {
  const status = (phone: string, code: string) =>
    t.call("POST", "/crm/auth/reset-password-token-status", {
      body: { mobile_phone_prefix: "852", mobile_phone: phone, mobile_token: code },
    });

  async function sendResetCode(phone: string) {
    await t.call("POST", "/crm/auth/forgot-password-with-mobile", {
      body: { mobile_phone_prefix: "852", mobile_phone: phone },
    });
    return (await t.smsCodes("852", phone))[0] as string;
  }

  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  it("gives a reset token for the right code, and takes the code only once", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const code = await sendResetCode(member.phone);

    const wrong = await status(member.phone, wrongCode(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 400, error_code: 4201 });

    const right = await status(member.phone, code);
    expect(right.status).toBe(200);
    expect(right.body.payload.reset_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await status(member.phone, code);
    expect(again.status).toBe(400);
    expect(again.body.error_code).toBe(4201);
  });

  it("voids the code after 5 wrong tries", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const code = await sendResetCode(member.phone);
    for (let i = 0; i < 5; i++)
      expect((await status(member.phone, wrongCode(code))).body.error_code).toBe(4201);
    expect((await status(member.phone, code)).body.error_code).toBe(4201);
  });

  it("refuses an expired code (5 minutes)", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const code = await sendResetCode(member.phone);
    t.clock.advance(301_000);
    expect((await status(member.phone, code)).body.error_code).toBe(4201);
  });

  it("answers 4201 for a number that is no member", async () => {
    t = await createTestApp();
    const res = await status(nextPhone(), "123456");
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(4201);
  });

  it.each(["12345", "1234567", "abcdef"])("answers 4000 for the malformed code %s", async (code) => {
    t = await createTestApp();
    const res = await status(nextPhone(), code);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(4000);
    expect(res.body.payload.errors.map((e: { field: string }) => e.field)).toEqual(["mobile_token"]);
  });
});

describe("POST /crm/auth/reset-password", () => {
  const reset = (token: string, new_password: string) =>
    t.call("POST", "/crm/auth/reset-password", { body: { token, new_password } });

  it("sets the new password, lifts the login lock and revokes every access token", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const loggedIn = (await login(t, member.phone, member.payload.password)).body.payload.access_token;
    await lockOut(member.phone);

    const token = await resetTokenFor(member.phone);
    const res = await reset(token, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, payload: {} });

    for (const old of [member.token, loggedIn]) {
      expect((await t.call("GET", PROFILE, { token: old })).status).toBe(401);
    }
    const withOld = await login(t, member.phone, member.payload.password);
    expect(withOld.body.error_code).toBe(5000);
    expect(withOld.body.payload.attempts_remaining).toBe(4);
    const withNew = await login(t, member.phone, NEW_PASSWORD);
    expect(withNew.status).toBe(200);
    expect((await t.call("GET", PROFILE, { token: withNew.body.payload.access_token })).status).toBe(200);
  });

  it("takes a reset token only once", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const token = await resetTokenFor(member.phone);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
    const again = await reset(token, "Another789x");
    expect(again.status).toBe(400);
    expect(again.body.error_code).toBe(4201);
    expect((await login(t, member.phone, "Another789x")).body.error_code).toBe(5000);
  });

  it("refuses an unknown token (4201)", async () => {
    t = await createTestApp();
    const res = await reset(randomBytes(32).toString("base64url"), NEW_PASSWORD);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(4201);
  });

  it("refuses a token after its 10 minutes (4201)", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const token = await resetTokenFor(member.phone);
    t.clock.advance(601_000);
    const res = await reset(token, NEW_PASSWORD);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(4201);
    expect((await login(t, member.phone, member.payload.password)).status).toBe(200);
  });

  it("accepts a token just inside its 10 minutes", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const token = await resetTokenFor(member.phone);
    t.clock.advance(590_000);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
  });

  it.each([
    ["a password of the wrong format", "short1A", 400, 4000],
    ["a password without a digit", "NoDigitsHere", 400, 4000],
    ["a common password", "Password1", 400, 4207],
    ["a common password in other capitals", "pASSWORD123", 400, 4207],
  ])("refuses %s and leaves the token usable", async (_label, password, httpStatus, errorCode) => {
    t = await createTestApp();
    const member = await registerMember(t);
    const token = await resetTokenFor(member.phone);
    const refused = await reset(token, password);
    expect(refused.status).toBe(httpStatus);
    expect(refused.body.error_code).toBe(errorCode);
    if (errorCode === 4000) {
      expect(refused.body.payload.errors).toEqual([{ field: "new_password", rule: "passwordFormat" }]);
    }
    expect((await t.call("GET", PROFILE, { token: member.token })).status).toBe(200);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
  });

  it("answers 4000 without a token", async () => {
    t = await createTestApp();
    const res = await t.call("POST", "/crm/auth/reset-password", { body: { new_password: NEW_PASSWORD } });
    expect(res.status).toBe(400);
    expect(res.body.payload.errors).toEqual([{ field: "token", rule: "required" }]);
  });
});

describe("POST /crm/auth/signature-login", () => {
  const SECRET = "signature-login-test-secret";
  const URL = "/crm/auth/signature-login";

  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const nowSeconds = () => Math.floor(t.clock.now() / 1000);

  function signedLogin(phone: string, fields: Record<string, unknown> = {}) {
    const message = encode({
      mobile_phone_prefix: "852",
      mobile_phone: phone,
      issued_at: nowSeconds(),
      nonce: randomBytes(16).toString("hex"),
      ...fields,
    });
    return { message, signature: signMessage(message, SECRET) };
  }

  const signatureLogin = (body: Record<string, unknown>, form = false) => t.call("POST", URL, { body, form });

  async function expectFail(body: Record<string, unknown>) {
    const res = await signatureLogin(body);
    expect(res.status).toBe(200);
    expect(res.body.Status).toBe("Fail");
    expect(typeof res.body.Message).toBe("string");
    expect(res.body.Data).toBeUndefined();
    return res;
  }

  async function expectSuccess(body: Record<string, unknown>, memberId: number, form = false) {
    const res = await signatureLogin(body, form);
    expect(res.status).toBe(200);
    expect(res.body.Status, JSON.stringify(res.body)).toBe("Success");
    const profile = await t.call("GET", PROFILE, { token: res.body.Data.access_token });
    expect(profile.status).toBe(200);
    expect(profile.body.payload.id).toBe(memberId);
  }

  const withSecret = () => createTestApp({ env: { SIGNATURE_LOGIN_SECRET: SECRET } });

  it("exchanges a signed message for a working access token", async () => {
    t = await withSecret();
    const member = await registerMember(t);
    const res = await signatureLogin(signedLogin(member.phone));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Status: "Success", Data: { access_token: expect.any(String) } });
    const profile = await t.call("GET", PROFILE, { token: res.body.Data.access_token });
    expect(profile.body.payload.id).toBe(member.user.id);
  });

  it("accepts a form-encoded body", async () => {
    t = await withSecret();
    const member = await registerMember(t);
    await expectSuccess(signedLogin(member.phone), member.user.id, true);
  });

  it.each([
    ["lower-case", (hex: string) => hex.toLowerCase()],
    ["upper-case", (hex: string) => hex.toUpperCase()],
  ])("accepts a %s hex signature", async (_label, recase) => {
    t = await withSecret();
    const member = await registerMember(t);
    const { message, signature } = signedLogin(member.phone);
    await expectSuccess({ message, signature: recase(signature) }, member.user.id);
  });

  it.each([-299, 299])("accepts issued_at %i s from now", async (offset) => {
    t = await withSecret();
    const member = await registerMember(t);
    await expectSuccess(signedLogin(member.phone, { issued_at: nowSeconds() + offset }), member.user.id);
  });

  it("fails every attempt when no secret is configured", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    await expectFail(signedLogin(member.phone));
    await expectFail({ message: encode({}), signature: signMessage(encode({}), "") });
  });

  it("fails when the secret is only blank", async () => {
    t = await createTestApp({ env: { SIGNATURE_LOGIN_SECRET: "   " } });
    const member = await registerMember(t);
    const message = signedLogin(member.phone).message;
    await expectFail({ message, signature: signMessage(message, "   ") });
  });

  it.each([
    ["an empty body", {}],
    ["no signature", { message: "e30" }],
    ["no message", { signature: "00" }],
    ["an empty message", { message: "", signature: signMessage("", SECRET) }],
    ["a message that is not text", { message: 12, signature: signMessage("12", SECRET) }],
    ["a signature that is not text", { message: "e30", signature: ["00"] }],
  ])("fails with %s (HTTP 200)", async (_label, body) => {
    t = await withSecret();
    await expectFail(body);
  });

  it("fails without any body at all", async () => {
    t = await withSecret();
    const res = await t.call("POST", URL);
    expect(res.status).toBe(200);
    expect(res.body.Status).toBe("Fail");
  });

  it.each([
    ["another secret", (m: string) => signMessage(m, `${SECRET}x`)],
    ["another message", (m: string) => signMessage(`${m}x`, SECRET)],
    ["a truncated signature", (m: string) => signMessage(m, SECRET).slice(0, 63)],
    ["a signature with an extra character", (m: string) => `${signMessage(m, SECRET)}0`],
    ["base64 instead of hex", (m: string) => Buffer.from(signMessage(m, SECRET), "hex").toString("base64")],
    ["a non-hex signature", () => "z".repeat(64)],
  ])("fails for a signature made with %s", async (_label, sign) => {
    t = await withSecret();
    const member = await registerMember(t);
    const { message } = signedLogin(member.phone);
    await expectFail({ message, signature: sign(message) });
  });

  it("fails for a message altered after signing", async () => {
    t = await withSecret();
    const [member, other] = [await registerMember(t), await registerMember(t)];
    const { message, signature } = signedLogin(member.phone);
    const altered = encode({
      ...JSON.parse(Buffer.from(message, "base64url").toString()),
      mobile_phone: other.phone,
    });
    await expectFail({ message: altered, signature });
  });

  it.each([
    ["text that is not base64url", "!!!not*base64!!!"],
    ["base64url of text that is not JSON", Buffer.from("{not json").toString("base64url")],
    ["a JSON array", encode([1, 2])],
    ["JSON null", encode(null)],
    ["no nonce", encode({ mobile_phone_prefix: "852", mobile_phone: "91234567", issued_at: 0 })],
    [
      "an empty nonce",
      encode({ mobile_phone_prefix: "852", mobile_phone: "91234567", issued_at: 0, nonce: "" }),
    ],
    ["no issued_at", encode({ mobile_phone_prefix: "852", mobile_phone: "91234567", nonce: "n" })],
    [
      "issued_at as text",
      encode({ mobile_phone_prefix: "852", mobile_phone: "91234567", issued_at: "now", nonce: "n" }),
    ],
    ["no mobile_phone", encode({ mobile_phone_prefix: "852", issued_at: 0, nonce: "n" })],
  ])("fails for a correctly signed message of %s", async (_label, message) => {
    t = await withSecret();
    await expectFail({ message, signature: signMessage(message, SECRET) });
  });

  // The server reads the clock a moment after the message is signed, in whole seconds: a second
  // may tick in between. That only ages the message, so the past offsets sit on the edge (301)
  // while the future one keeps a second in hand (302), or it would read as 300 and pass.
  it.each([
    ["older than 300 s", -301],
    ["more than 300 s in the future", 302],
    ["a day old", -86_400],
  ])("fails for issued_at %s", async (_label, offset) => {
    t = await withSecret();
    const member = await registerMember(t);
    await expectFail(signedLogin(member.phone, { issued_at: nowSeconds() + offset }));
  });

  it("fails for a message signed 301 s before the server reads it", async () => {
    t = await withSecret();
    const member = await registerMember(t);
    const body = signedLogin(member.phone);
    t.clock.advance(301_000);
    await expectFail(body);
  });

  it("fails for a nonce seen before, also in another message", async () => {
    t = await withSecret();
    const member = await registerMember(t);
    const first = signedLogin(member.phone, { nonce: "nonce-1" });
    await expectSuccess(first, member.user.id);
    await expectFail(first);
    t.clock.advance(1_000);
    await expectFail(signedLogin(member.phone, { nonce: "nonce-1" }));
    await expectSuccess(signedLogin(member.phone, { nonce: "nonce-2" }), member.user.id);
  });

  it("fails for a number that is no member, and for a disabled member", async () => {
    t = await withSecret();
    await expectFail(signedLogin(nextPhone()));
    const member = await registerMember(t);
    await t.app.services.members.setDisabled(member.user.id, true);
    await expectFail(signedLogin(member.phone));
  });

  it("accepts the prefix as a number", async () => {
    t = await withSecret();
    const member = await registerMember(t);
    await expectSuccess(signedLogin(member.phone, { mobile_phone_prefix: 852 }), member.user.id);
  });

  it("answers 401 to an unknown app id before anything else", async () => {
    t = await withSecret();
    const member = await registerMember(t);
    const res = await t.call("POST", URL, {
      body: signedLogin(member.phone),
      token: null,
      headers: { authorization: "Bearer other:guest" },
    });
    expect(res.status).toBe(401);
  });
});
