import type { SmsLimit } from "@hcoins/domain/api/console-member-records";
import { afterEach, describe, expect, it } from "vitest";
import { registerMember } from "../../testing/flows.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { consoleCall, signedInOperator } from "./console-test-support.ts";

let t: TestApp;
afterEach(() => t?.close());

const FORGOT = "/crm/auth/forgot-password-with-mobile";

/** A reset code asked from the member's own address, with the device cookie when given. */
async function forgot(phone: string, cookie?: string) {
  const res = await t.app.inject({
    method: "POST",
    url: FORGOT,
    remoteAddress: "203.0.113.7",
    headers: {
      authorization: "Bearer web:guest",
      "content-type": "application/json",
      ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify({ mobile_phone_prefix: "852", mobile_phone: phone }),
  });
  return { status: res.statusCode, errorCode: JSON.parse(res.body).error_code as number | undefined };
}

async function deviceCookie(phone: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/crm/auth/login-with-mobile-password",
    remoteAddress: "203.0.113.7",
    headers: { authorization: "Bearer web:guest", "content-type": "application/json" },
    payload: JSON.stringify({ mobile_phone_prefix: "852", mobile_phone: phone, password }),
  });
  return String(res.headers["set-cookie"]).split(";")[0] as string;
}

/** The limits of one kind, for the member's own address where they are kept by address (registering counted from another). */
const named = (limits: SmsLimit[], limit: SmsLimit["limit"]) =>
  limits.filter(
    (each) =>
      each.limit === limit &&
      ((limit !== "numberAddress" && limit !== "address") || each.source === "203.0.113.7"),
  );

describe("resetting a member's SMS allowance", () => {
  it("clears the number's share of their own address: a code again at once from the same address, the limits shown before and after", async () => {
    // One code per number from one address: the second ask would wait the hour without the reset.
    t = await createTestApp({ env: { SMS_NUMBER_CLIENT_HOURLY_LIMIT: "1" } });
    const member = await registerMember(t);
    const operator = await signedInOperator(t, "customerService");
    const limits = async () =>
      (await consoleCall(t, "GET", `/members/${member.user.id}/sms-limits`, { cookie: operator.cookie })).body
        .payload.limits as SmsLimit[];

    expect((await forgot(member.phone)).status).toBe(200);
    expect((await forgot(member.phone)).errorCode).toBe(4203);
    const before = await limits();
    expect(named(before, "numberAddress")).toEqual([
      expect.objectContaining({
        source: "203.0.113.7",
        used: 1,
        allowed: 1,
        blocking: true,
        cleared_by_reset: true,
      }),
    ]);
    expect(Date.parse(named(before, "numberAddress")[0]?.resets_at as string)).toBeGreaterThan(Date.now());
    expect(named(before, "resend")).toContainEqual(
      expect.objectContaining({ purpose: "reset", used: 1, allowed: 1, blocking: true }),
    );
    // The address's own limit, on every number, is shown and stays.
    expect(named(before, "address")).toEqual([
      expect.objectContaining({ source: "203.0.113.7", used: 1, cleared_by_reset: false }),
    ]);

    const reset = await consoleCall(t, "POST", `/members/${member.user.id}/reset-sms-allowance`, {
      cookie: operator.cookie,
      csrf: operator.csrf,
      body: { reason: "member on the phone" },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const after = await limits();
    expect(named(after, "numberAddress")).toEqual([]);
    expect(named(after, "resend")).toEqual([]);
    expect(named(after, "number")).toEqual([expect.objectContaining({ used: 0, blocking: false })]);
    const [entry] = await t.app.services.audit.all({ action: "member.resetSmsAllowance" });
    // Each limit as it stood (the reset times are the seconds left, so read a moment apart they may differ).
    const uses = (list: unknown) =>
      (list as SmsLimit[]).map(({ limit, source, used, allowed }) => ({ limit, source, used, allowed }));
    expect(uses(entry?.before?.sms_limits)).toEqual(uses(before));
    expect(uses(entry?.after?.sms_limits)).toEqual(uses(after));
    expect(entry?.after?.reason).toBe("member on the phone");

    expect((await forgot(member.phone)).status).toBe(200);
  });

  it("clears the allowance of the member's own device: a code again at once from the same device", async () => {
    t = await createTestApp({ env: { SMS_DEVICE_HOURLY_LIMIT: "1" } });
    const member = await registerMember(t);
    const cookie = await deviceCookie(member.phone, member.payload.password);
    expect(cookie).toMatch(/^hcoins-device=/);
    const operator = await signedInOperator(t, "customerService");

    expect((await forgot(member.phone, cookie)).status).toBe(200);
    expect((await forgot(member.phone, cookie)).errorCode).toBe(4203);
    const { body } = await consoleCall(t, "GET", `/members/${member.user.id}/sms-limits`, {
      cookie: operator.cookie,
    });
    const device = named(body.payload.limits, "device");
    expect(device).toEqual([expect.objectContaining({ used: 1, allowed: 1, blocking: true })]);
    // A label for the device, not the nonce that proves it.
    expect(device[0]?.source).toMatch(/^device [0-9a-f]{8}$/);

    await t.app.services.memberSupport.resetSmsAllowance(member.user.id, null, {
      actor: "cli:test",
      address: null,
    });
    expect((await forgot(member.phone, cookie)).status).toBe(200);
  });
});
