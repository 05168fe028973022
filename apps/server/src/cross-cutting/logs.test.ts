import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { signMessage } from "../modules/auth/signature.ts";
import { latestCode, nextPhone, validRegistration } from "../testing/flows.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { expectSuccess, logCollector } from "./support.ts";

/**
 * The log of a whole member journey holds no credential: no password, access token,
 * reset token, unsubscribe token or signature, and SMS codes only on the console
 * sender's one "SMS to" line per message.
 */

const SIGNATURE_SECRET = `sig-${randomBytes(12).toString("hex")}`;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Passwords unlikely to appear by chance, each passing the password rule. */
const password = (label: string) => `${label}Aa1${randomBytes(3).toString("hex")}`;

interface Secrets {
  /** Must not appear in any line. */
  never: Map<string, string>;
  /** SMS codes: only on their own "SMS to" line. */
  codes: string[];
}

async function memberJourney(app: TestApp): Promise<Secrets> {
  const never = new Map<string, string>();
  const codes: string[] = [];
  const keep = (label: string, value: string) => {
    expect(value, label).toEqual(expect.any(String));
    expect(value.length, label).toBeGreaterThan(5);
    never.set(label, value);
    return value;
  };
  const ok = async (res: Promise<{ status: number; body: unknown }>) => {
    const answer = await res;
    expectSuccess(answer as { status: number; body: unknown });
    // biome-ignore lint/suspicious/noExplicitAny: envelope payloads are read freely
    return (answer.body as any).payload;
  };
  const phone = nextPhone();
  const number = { mobile_phone_prefix: "852", mobile_phone: phone };
  const first = keep("registration password", password("Reg"));

  // Registration by SMS.
  await ok(app.call("POST", "/crm/registration/request-sms-token", { body: number }));
  const registerCode = await latestCode(app, phone);
  codes.push(registerCode);
  await ok(
    app.call("POST", "/crm/registration/register-token-status", {
      body: { ...number, sms_token: registerCode },
    }),
  );
  const check = await app.call("POST", "/custom-api/api/Member/CheckPhone", {
    body: { ...number, sms_token: registerCode },
  });
  expect(check.body.code).toBe(40003);
  const registered = await ok(
    app.call("POST", "/crm/registration/register-with-mobile", {
      body: { ...validRegistration(phone), password: first, sms_token: registerCode },
    }),
  );
  keep("registration access token", registered.access_token);

  // A failed login, then a good one.
  const wrong = keep("wrong password", password("Wrong"));
  const failed = await app.call("POST", "/crm/auth/login-with-mobile-password", {
    body: { ...number, password: wrong },
  });
  expect(failed.body.error_code).toBe(5000);
  const token = keep(
    "login access token",
    (
      await ok(
        app.call("POST", "/crm/auth/login-with-mobile-password", { body: { ...number, password: first } }),
      )
    ).access_token,
  );

  // Profile (with a friend's referral code), then passwords.
  // The friend is made behind the API's back: their SMS would be one more line than the journey's codes.
  const { database, members, referrals } = app.app.services;
  const friendPhone = nextPhone();
  const friendPayload = {
    ...validRegistration(friendPhone),
    email: `friend${friendPhone}@example.com`,
    sms_token: "000000",
  };
  const friend = await database.transaction((trx) =>
    members.createWebMember(friendPayload as Parameters<typeof members.createWebMember>[0], "x", "", trx),
  );
  const friendCode = await referrals.codeOf(friend.id);
  await ok(
    app.call("POST", "/crm/user/profile", {
      token,
      body: { first_name: "Siu Ming", referral_code: friendCode },
    }),
  );
  await ok(app.call("GET", "/crm/user/profile?include_custom_field=1", { token }));
  const second = keep("changed password", password("Chg"));
  await ok(
    app.call("POST", "/crm/user/change-password", {
      token,
      body: { old_password: first, new_password: second },
    }),
  );
  const badOld = keep("wrong old password", password("Old"));
  const refused = await app.call("POST", "/crm/user/change-password", {
    token,
    body: { old_password: badOld, new_password: password("Unused") },
  });
  expect(refused.body.error_code).toBe(4205);

  // Forgot and reset.
  await ok(app.call("POST", "/crm/auth/forgot-password-with-mobile", { body: number }));
  const resetCode = await latestCode(app, phone);
  expect(resetCode).not.toBe(registerCode);
  codes.push(resetCode);
  const { reset_token } = await ok(
    app.call("POST", "/crm/auth/reset-password-token-status", {
      body: { ...number, mobile_token: resetCode },
    }),
  );
  keep("reset token", reset_token);
  const third = keep("reset password", password("Rst"));
  await ok(
    app.call("POST", "/crm/auth/reset-password", { body: { token: reset_token, new_password: third } }),
  );
  const used = await app.call("POST", "/crm/auth/reset-password", {
    body: { token: reset_token, new_password: third },
  });
  expect(used.body.error_code).toBe(4201);

  // Log in again and out; the revoked token is refused.
  const later = keep(
    "second login access token",
    (
      await ok(
        app.call("POST", "/crm/auth/login-with-mobile-password", { body: { ...number, password: third } }),
      )
    ).access_token,
  );
  await ok(app.call("POST", "/crm/auth/logout", { token: later }));
  expect((await app.call("GET", "/crm/user/profile", { token: later })).status).toBe(401);

  // Signature login from the companion app.
  const message = Buffer.from(
    JSON.stringify({
      ...number,
      issued_at: Math.floor(app.clock.now() / 1000),
      nonce: randomBytes(8).toString("hex"),
    }),
  ).toString("base64url");
  const signature = keep("signature", signMessage(message, SIGNATURE_SECRET));
  keep("signature secret", SIGNATURE_SECRET);
  const signed = await app.call("POST", "/crm/auth/signature-login", { body: { message, signature } });
  expect(signed.body.Status, JSON.stringify(signed.body)).toBe("Success");
  const signedToken = keep("signature access token", signed.body.Data.access_token);
  expectSuccess(await app.call("GET", "/crm/user/profile", { token: signedToken }));
  const replay = await app.call("POST", "/crm/auth/signature-login", { body: { message, signature } });
  expect(replay.body.Status).toBe("Fail");

  // The unsubscribe link: GET with ?token=, then a change through it.
  const unsubscribe = keep(
    "unsubscribe token",
    await app.app.services.subscriptions.issueLinkToken(registered.user.id as number),
  );
  const query = `?token=${encodeURIComponent(unsubscribe)}`;
  await ok(app.call("GET", `/crm/user/subscription-preferences${query}`));
  await ok(
    app.call("POST", "/crm/user/subscription-preferences", {
      body: {
        token: unsubscribe,
        email_subscription: 1,
        sms_subscription: 1,
        do_not_call: 1,
        unsubscribe_reasons: [1, 2],
      },
    }),
  );
  // A forged link is refused, and the forged token is not logged either.
  const forged = keep(
    "forged unsubscribe token",
    `${unsubscribe.split(".")[0]}.forged${randomBytes(6).toString("hex")}`,
  );
  expect((await app.call("GET", `/crm/user/subscription-preferences?token=${forged}`)).status).toBe(401);
  return { never, codes };
}

/** Every key and string value of a parsed log line, and its numbers apart. */
function leaves(value: unknown, out = { strings: [] as string[], numbers: [] as number[] }) {
  if (typeof value === "string") out.strings.push(value);
  else if (typeof value === "number") out.numbers.push(value);
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      out.strings.push(key);
      leaves(item, out);
    }
  }
  return out;
}

/** A code as a whole value or a run of exactly six digits in text, not inside a timestamp. */
function holdsCode(entry: unknown, code: string): boolean {
  const { strings, numbers } = leaves(entry);
  const inText = new RegExp(`(^|\\D)${code}(\\D|$)`);
  // As a number it lost any leading zero; "000200" would match every status 200, so only whole six-digit numbers.
  return (
    strings.some((text) => inText.test(text)) || (!code.startsWith("0") && numbers.includes(Number(code)))
  );
}

describe.each(["info", "debug"])("the log at LOG_LEVEL=%s", (level) => {
  it("holds no credential from a whole member journey", { timeout: 30_000 }, async () => {
    const log = logCollector();
    t = await createTestApp({
      env: { LOG_LEVEL: level, SIGNATURE_LOGIN_SECRET: SIGNATURE_SECRET },
      logStream: log.stream,
    });
    const { never, codes } = await memberJourney(t);

    // The log is there to be searched: request lines, and one SMS line per code.
    expect(log.lines.length).toBeGreaterThan(20);
    const entries = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // One access-log line per request, when it is answered, with the request and its status.
    const answered = entries.filter((entry) => entry.msg === "request completed");
    expect(answered.length).toBeGreaterThan(10);
    for (const entry of answered) {
      expect(entry.req, JSON.stringify(entry)).toMatchObject({
        method: expect.any(String),
        url: expect.any(String),
      });
      expect(entry.res, JSON.stringify(entry)).toMatchObject({ statusCode: expect.any(Number) });
    }
    // Arrivals are logged at the debug level only.
    const arrivals = entries.filter((entry) => entry.msg === "incoming request");
    expect(arrivals.length > 0).toBe(level === "debug");
    const smsLines = entries.filter((entry) => String(entry.msg).startsWith("SMS to"));
    expect(smsLines).toHaveLength(codes.length);

    for (const [index, entry] of entries.entries()) {
      const raw = log.lines[index] as string;
      for (const [label, secret] of never) {
        expect(raw.includes(secret), `${label} in log line ${raw}`).toBe(false);
      }
      if (!String(entry.msg).startsWith("SMS to")) {
        for (const code of codes) expect(holdsCode(entry, code), `SMS code in log line ${raw}`).toBe(false);
      }
    }
    // Each code appears on exactly one SMS line (so the search above can find a code).
    for (const code of codes) {
      expect(
        smsLines.filter((entry) => holdsCode(entry, code)),
        code,
      ).toHaveLength(1);
    }
    // The subscription link's GET was logged, with its token redacted.
    const linkLine = entries.find((entry) =>
      String((entry.req as { url?: string } | undefined)?.url ?? "").startsWith(
        "/crm/user/subscription-preferences?token=",
      ),
    );
    expect(linkLine).toBeDefined();
  });
});

describe("the phone steps' page addresses", () => {
  it("reach the access log without the mobile number their data query carries", async () => {
    const log = logCollector();
    t = await createTestApp({ logStream: log.stream, env: { LOG_LEVEL: "info" } });
    const phone = nextPhone();
    // As the web app writes it (apps/web/src/lib/phone-data.ts): base64url of {phonePre, phone}.
    const data = Buffer.from(JSON.stringify({ phonePre: "852", phone })).toString("base64url");
    const addresses = [
      `/login/step2?data=${data}&redirect=%2Fqrcode`,
      `/register/step2?data=${data}`,
      `/reset-pw/step1?lang=en&data=${data}`,
      `/login?redirect=${encodeURIComponent(`/reset-pw/step2?data=${data}`)}`,
    ];
    for (const url of addresses) await t.app.inject({ method: "GET", url });
    const urls = log.lines
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
      .filter((entry) => entry.msg === "request completed")
      .map((entry) => entry.req?.url);
    expect(urls).toHaveLength(addresses.length);
    for (const line of log.lines) {
      expect(line).not.toContain(data);
      expect(line).not.toContain(phone);
    }
    expect(urls[0]).toBe("/login/step2?data=[redacted]&redirect=%2Fqrcode");
  });
});

describe("lock and limit warnings", () => {
  it("name the limit and the address once per trip, the number masked to its last 4 digits", async () => {
    const log = logCollector();
    t = await createTestApp({ env: { LOG_LEVEL: "warn", SMS_RESEND_SECONDS: "1" }, logStream: log.stream });
    const phone = nextPhone();
    const number = { mobile_phone_prefix: "852", mobile_phone: phone };
    for (let i = 0; i < 7; i++) {
      await t.call("POST", "/crm/auth/login-with-mobile-password", {
        body: { ...number, password: "Wrong123x" },
        remoteAddress: "127.0.0.2",
      });
    }
    // 3 sends from one address, then 2 refused.
    await t.call("POST", "/crm/registration/request-sms-token", { body: number });
    await t.call("POST", "/crm/auth/forgot-password-with-mobile", { body: number });
    t.clock.advance(1_100);
    for (const path of ["/crm/registration/request-sms-token", "/crm/auth/forgot-password-with-mobile"]) {
      await t.call("POST", path, { body: number });
    }
    t.clock.advance(1_100);
    await t.call("POST", "/crm/auth/forgot-password-with-mobile", { body: number });

    const masked = `852-****${phone.slice(-4)}`;
    // Only the limits' lines: a fresh clone without built apps also warns that they are not built.
    const limitLines = log.lines.map((line) => JSON.parse(line)).filter((entry) => "limit" in entry);
    expect(limitLines).toEqual([
      expect.objectContaining({
        level: 40,
        limit: "login",
        number: masked,
        client: "127.0.0.2",
        lockSeconds: 900,
        msg: "login locked for one number from one address (LOGIN_MAX_FAILURES)",
      }),
      expect.objectContaining({
        level: 40,
        limit: "sms-number-client",
        number: masked,
        client: "127.0.0.1",
        msg: "SMS limit reached for one number from one address (SMS_NUMBER_CLIENT_HOURLY_LIMIT)",
      }),
    ]);
    expect(log.lines.join("\n")).not.toContain(phone);
  });
});
