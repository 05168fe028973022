import { expect } from "vitest";
import type { TestApp } from "./test-app.ts";

/**
 * Small end-to-end flows shared by the server tests: ask for a code, read it from
 * the dev outbox, verify it, register. Every step goes through the HTTP calls.
 */

let sequence = 0;

/** A fresh valid Hong Kong mobile number (8 digits) per call; every test app has storage of its own. */
export function nextPhone(): string {
  sequence += 1;
  return String(91_000_000 + sequence);
}

/** A complete, valid registration payload for the number (without sms_token). */
export function validRegistration(phone: string, prefix = "852") {
  return {
    mobile_phone_prefix: prefix,
    mobile_phone: phone,
    password: "Secret123x",
    title: 1,
    name: "Chan Tai Man",
    first_name: "Tai Man",
    last_name: "Chan",
    email: `member${prefix}${phone}@example.com`,
    gender: 1,
    birthday_month: 7,
    age_range__c: "26 - 35",
    email_subscription: 0,
    sms_subscription: 0,
    do_not_call: 0,
    residential_country_region__c: "3001",
    residential_district__c: "5002",
    utm_source: "web",
  };
}

/** The newest code the dev outbox holds for the number (any purpose). */
export async function latestCode(t: TestApp, phone: string, prefix = "852"): Promise<string> {
  const codes = await t.smsCodes(prefix, phone);
  expect(codes.length).toBeGreaterThan(0);
  return codes[0] as string;
}

/** request-sms-token, then the code from the outbox. */
export async function requestRegisterCode(t: TestApp, phone: string, prefix = "852"): Promise<string> {
  const res = await t.call("POST", "/crm/registration/request-sms-token", {
    body: { mobile_phone_prefix: prefix, mobile_phone: phone },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return latestCode(t, phone, prefix);
}

/** request-sms-token and register-token-status: a code ready for CheckPhone and register-with-mobile. */
export async function verifiedRegisterCode(t: TestApp, phone: string, prefix = "852"): Promise<string> {
  const code = await requestRegisterCode(t, phone, prefix);
  const res = await t.call("POST", "/crm/registration/register-token-status", {
    body: { mobile_phone_prefix: prefix, mobile_phone: phone, sms_token: code },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return code;
}

export type Registration = ReturnType<typeof validRegistration>;

/**
 * Registers a member through the whole flow and returns the access token, the
 * user info and the payload sent (its password included).
 */
export async function registerMember(t: TestApp, overrides: Partial<Registration> = {}) {
  const phone = overrides.mobile_phone ?? nextPhone();
  const prefix = overrides.mobile_phone_prefix ?? "852";
  const payload = { ...validRegistration(phone, prefix), ...overrides };
  const sms_token = await verifiedRegisterCode(t, phone, prefix);
  const res = await t.call("POST", "/crm/registration/register-with-mobile", {
    body: { ...payload, sms_token },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    token: res.body.payload.access_token as string,
    // biome-ignore lint/suspicious/noExplicitAny: tests read user info fields freely
    user: res.body.payload.user as any,
    payload,
    phone,
    prefix,
  };
}
