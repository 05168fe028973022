import { request } from "../../lib/api-client.ts";

export interface LoginPayload {
  access_token?: string;
  /** On 5000: tries left before the lock. */
  attempts_remaining?: number | string;
}

/** POST /crm/auth/login-with-mobile-password. */
export function loginWithPassword(prefix: string, phone: string, password: string) {
  return request<LoginPayload>("POST", "crm", "/auth/login-with-mobile-password", {
    body: { mobile_phone_prefix: prefix, mobile_phone: phone, password },
    asGuest: true,
  });
}
