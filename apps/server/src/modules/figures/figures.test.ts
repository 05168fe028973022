import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nextPhone, registerMember, requestRegisterCode } from "../../testing/flows.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { signMessage } from "../auth/signature.ts";
import { CoinSchemeUnavailableError } from "../coins/coin-scheme-client.ts";
import { consoleCall, signedInOperator } from "../console-api/console-test-support.ts";
import { linkedMember } from "../member-coins/coins-test-support.ts";
import { DailyCountRepository } from "./repository.ts";

/*
 * The daily counts, raised where things happen (registration, login, the SMS sender), read on
 * the console's figures page beside the coin scheme's figures. Runs on SQLite and PostgreSQL.
 */

const SECRET = "figures-test-signature-secret";
const LOGIN = "/crm/auth/login-with-mobile-password";
let t: TestApp;
afterEach(() => {
  vi.restoreAllMocks();
  return t?.close();
});

/** Moves the test app's clock to that Hong Kong time. */
const setHongKongTime = (iso: string) => t.clock.advance(Date.parse(`${iso}+08:00`) - t.clock.now());
const countsOf = (day: string) => t.app.services.figures.days(day, day).then(([counts]) => counts);
const login = (phone: string, password = "Secret123x") =>
  t.call("POST", LOGIN, { body: { mobile_phone_prefix: "852", mobile_phone: phone, password } });

describe("the daily counts", () => {
  it("count registrations, password and signed logins, and SMS sent and failed, per Hong Kong day", async () => {
    t = await createTestApp({ env: { SIGNATURE_LOGIN_SECRET: SECRET } });
    setHongKongTime("2026-11-26T23:50:00");
    const member = await registerMember(t);
    expect((await login(member.phone)).status).toBe(200);
    // A wrong password is no login.
    expect((await login(member.phone, "Wrong123x")).body.error_code).toBe(5000);
    expect(await countsOf("2026-11-26")).toEqual({
      day: "2026-11-26",
      registrations: 1,
      logins: 1,
      "sms.sent": 1,
      "sms.failed": 0,
    });

    // After midnight in Hong Kong (16:00 UTC) it is the next day's.
    setHongKongTime("2026-11-27T00:05:00");
    const message = Buffer.from(
      JSON.stringify({
        mobile_phone_prefix: "852",
        mobile_phone: member.phone,
        issued_at: Math.floor(t.clock.now() / 1000),
        nonce: randomBytes(16).toString("hex"),
      }),
    ).toString("base64url");
    const signed = await t.call("POST", "/crm/auth/signature-login", {
      body: { message, signature: signMessage(message, SECRET) },
    });
    expect(signed.body.Status).toBe("Success");
    vi.spyOn(t.app.services.smsSender, "send").mockRejectedValueOnce(new Error("gateway down (test)"));
    const refused = await t.call("POST", "/crm/registration/request-sms-token", {
      body: { mobile_phone_prefix: "852", mobile_phone: nextPhone() },
    });
    expect(refused.status).toBe(503);
    expect(await countsOf("2026-11-27")).toMatchObject({ logins: 1, "sms.sent": 0, "sms.failed": 1 });
    expect(await countsOf("2026-11-26")).toMatchObject({ registrations: 1, logins: 1, "sms.sent": 1 });
  });

  it("never fail the member's request: a count that cannot be written is logged and skipped", async () => {
    t = await createTestApp();
    const failing = vi
      .spyOn(DailyCountRepository.prototype, "increment")
      .mockRejectedValue(new Error("disk full (test)"));
    const member = await registerMember(t);
    expect((await login(member.phone)).status).toBe(200);
    expect(failing).toHaveBeenCalledTimes(3);
    failing.mockRestore();
    await requestRegisterCode(t, nextPhone());
    const today = await countsOf(new Date(t.clock.now() + 8 * 3_600_000).toISOString().slice(0, 10));
    expect(today).toMatchObject({ registrations: 0, logins: 0, "sms.sent": 1 });
  });

  it("count every one of many requests at once", async () => {
    t = await createTestApp();
    const members = await Promise.all([1, 2, 3].map(() => registerMember(t)));
    await Promise.all(members.flatMap((member) => [login(member.phone), login(member.phone)]));
    const today = await countsOf(new Date(t.clock.now() + 8 * 3_600_000).toISOString().slice(0, 10));
    expect(today).toMatchObject({ registrations: 3, logins: 6, "sms.sent": 3 });
  });
});

describe("the console's figures", () => {
  it("answer each day's counts and coins, totals, and the liability, and write no audit entry", async () => {
    t = await createTestApp();
    setHongKongTime("2026-11-27T10:00:00");
    const member = await linkedMember(t, 40);
    await login(member.phone);
    const manager = await signedInOperator(t, "programmeManager");
    const entries = (await t.app.services.audit.all({})).length;
    const answer = await consoleCall(t, "GET", "/figures?from=2026-11-26&to=2026-11-27", {
      cookie: manager.cookie,
    });
    expect(answer.status, answer.text).toBe(200);
    const figures = answer.body.payload;
    expect(figures.days).toEqual([
      { day: "2026-11-26", registrations: 0, logins: 0, sms_sent: 0, sms_failed: 0 },
      { day: "2026-11-27", registrations: 1, logins: 1, sms_sent: 1, sms_failed: 0 },
    ]);
    expect(figures.totals).toEqual({ registrations: 1, logins: 1, sms_sent: 1, sms_failed: 0 });
    expect(figures.coins).toMatchObject({
      outstanding: 40,
      accounts: 1,
      totals: { adjusted: 40, earned: 0 },
    });
    expect(figures.coins.days.map((day: { outstanding: number }) => day.outstanding)).toEqual([0, 40]);
    expect((await t.app.services.audit.all({})).length).toBe(entries);
  });

  it("default to the last 30 days up to today in Hong Kong", async () => {
    t = await createTestApp();
    setHongKongTime("2026-11-27T00:30:00");
    const auditor = await signedInOperator(t, "auditor");
    const answer = await consoleCall(t, "GET", "/figures", { cookie: auditor.cookie });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.payload).toMatchObject({ from: "2026-10-29", to: "2026-11-27" });
    expect(answer.body.payload.days).toHaveLength(30);
  });

  it("still show the member server's counts when the coin scheme does not answer", async () => {
    t = await createTestApp();
    await registerMember(t);
    vi.spyOn(t.app.services.coinSchemeClient, "figures").mockRejectedValue(
      new CoinSchemeUnavailableError("timeout", "test"),
    );
    const manager = await signedInOperator(t, "programmeManager");
    const answer = await consoleCall(t, "GET", "/figures", { cookie: manager.cookie });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.payload.coins).toBeNull();
    expect(answer.body.payload.totals.registrations).toBe(1);
  });

  it("name the rule a range breaks", async () => {
    t = await createTestApp();
    const manager = await signedInOperator(t, "programmeManager");
    const rules = async (query: string) => {
      const answer = await consoleCall(t, "GET", `/figures?${query}`, { cookie: manager.cookie });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.error_code).toBe(4000);
      return answer.body.payload.errors;
    };
    expect(await rules("from=2026-11-28&to=2026-11-27")).toEqual([{ field: "from", rule: "dateOrder" }]);
    expect(await rules("from=2025-11-25&to=2026-11-27")).toEqual([{ field: "from", rule: "rangeTooLong" }]);
    expect(await rules("from=2026-02-29")).toEqual([{ field: "from", rule: "date" }]);
    expect(await rules("to=tomorrow")).toEqual([{ field: "to", rule: "date" }]);
  });
});
