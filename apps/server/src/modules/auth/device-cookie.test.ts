import { afterEach, describe, expect, it } from "vitest";
import { registerMember } from "../../testing/flows.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

const LOGIN = "/crm/auth/login-with-mobile-password";

let t: TestApp;
afterEach(() => t?.close());

/** A login with the given Host and Cookie headers; the status, error code and the Set-Cookie header. */
async function login(phone: string, password: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: LOGIN,
    headers: { authorization: "Bearer web:guest", "content-type": "application/json", ...headers },
    payload: JSON.stringify({ mobile_phone_prefix: "852", mobile_phone: phone, password }),
  });
  return {
    status: res.statusCode,
    errorCode: JSON.parse(res.body).error_code as number | undefined,
    setCookie: String(res.headers["set-cookie"] ?? ""),
  };
}

/** Five wrong passwords from the default address: the number is locked for it (no cookie). */
async function lockAddress(phone: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 5; i++) await login(phone, `Wrong${i}23x`, headers);
  expect((await login(phone, "Wrong923x", headers)).errorCode).toBe(4290);
}

describe("the device cookie", () => {
  it("is Secure with the __Secure- prefix off loopback, where a plain-named one counts as none", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const host = { host: "members.example.com" };
    const first = await login(member.phone, member.payload.password, host);
    expect(first.status).toBe(200);
    expect(first.setCookie).toMatch(
      /^__Secure-hcoins-device=[\w-]{22}\.\d+\.[\w-]{43}; Path=\/crm\/auth; Max-Age=15552000; HttpOnly; SameSite=Strict; Secure$/,
    );
    const value = first.setCookie.split(";")[0]?.split("=")[1] as string;
    await lockAddress(member.phone, host);
    const plain = await login(member.phone, member.payload.password, {
      ...host,
      cookie: `hcoins-device=${value}`,
    });
    expect(plain.errorCode).toBe(4290);
    const secure = await login(member.phone, member.payload.password, {
      ...host,
      cookie: `__Secure-hcoins-device=${value}`,
    });
    expect(secure.status).toBe(200);
  });

  it("is trusted for DEVICE_COOKIE_DAYS from its login, not after", async () => {
    t = await createTestApp({ env: { DEVICE_COOKIE_DAYS: "30" } });
    const member = await registerMember(t);
    const cookie = (await login(member.phone, member.payload.password)).setCookie.split(";")[0] as string;
    expect(cookie).toMatch(/^hcoins-device=/);
    // Each time the address is locked afresh: its lock lasts minutes on the same clock.
    t.clock.advance(29 * 86_400_000);
    await lockAddress(member.phone);
    expect((await login(member.phone, member.payload.password, { cookie })).status).toBe(200);
    t.clock.advance(2 * 86_400_000);
    await lockAddress(member.phone);
    expect((await login(member.phone, member.payload.password, { cookie })).errorCode).toBe(4290);
  });
});
