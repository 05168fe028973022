import { validRegistration } from "../apps/server/src/testing/flows.ts";

/**
 * A member's calls as the benchmarks make them, over HTTP against a server started with the
 * console SMS sender (its dev outbox gives the codes): register step by step, log in.
 */
export const PASSWORD = validRegistration("").password;
const GUEST = { authorization: "Bearer web:guest", "content-type": "application/json" };

export async function post(base: string, path: string, body: unknown, token = "guest") {
  const res = await fetch(base + path, {
    method: "POST",
    headers: { ...GUEST, authorization: `Bearer web:${token}` },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: envelopes are read freely
  return (await res.json()) as any;
}

async function smsCode(base: string, phone: string): Promise<string> {
  const res = await fetch(`${base}/dev/sms-outbox?mobile_phone_prefix=852&mobile_phone=${phone}`);
  const body = (await res.json()) as { payload: { code: string }[] };
  const code = body.payload[0]?.code;
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}

/** One registration, step by step, with each step's time. */
export async function register(base: string, phone: string) {
  const times: Record<string, number> = {};
  const step = async <T>(name: string, run: () => Promise<T>) => {
    const start = performance.now();
    const result = await run();
    times[name] = performance.now() - start;
    return result;
  };
  const body = { mobile_phone_prefix: "852", mobile_phone: phone };
  const sent = await step("request code", () => post(base, "/crm/registration/request-sms-token", body));
  if (sent.code !== 200) throw new Error(`request-sms-token: ${JSON.stringify(sent)}`);
  const code = await step("read outbox", () => smsCode(base, phone));
  const verified = await step("verify code", () =>
    post(base, "/crm/registration/register-token-status", { ...body, sms_token: code }),
  );
  if (verified.code !== 200) throw new Error(`register-token-status: ${JSON.stringify(verified)}`);
  const done = await step("register", () =>
    post(base, "/crm/registration/register-with-mobile", { ...validRegistration(phone), sms_token: code }),
  );
  if (done.code !== 200) throw new Error(`register-with-mobile: ${JSON.stringify(done)}`);
  return times;
}

// 63000000 to 65999999 are Hong Kong mobile ranges throughout: the server sends codes to mobile numbers only.
let nextNumber = 63_000_000 + Math.floor(Math.random() * 2_000_000);
export const freshPhone = () => String(nextNumber++);

export async function memberToken(base: string): Promise<{ phone: string; token: string }> {
  const phone = freshPhone();
  await register(base, phone);
  const login = await post(base, "/crm/auth/login-with-mobile-password", {
    mobile_phone_prefix: "852",
    mobile_phone: phone,
    password: PASSWORD,
  });
  return { phone, token: login.payload.access_token };
}
