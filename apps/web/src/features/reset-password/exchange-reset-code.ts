import { request } from "../../lib/api-client.ts";
import type { Phone } from "./phone.ts";

/** POST /crm/auth/reset-password-token-status: the SMS code for a single-use reset token. */
export function exchangeResetCode(phone: Phone, code: string) {
  return request<{ reset_token?: string }>("POST", "crm", "/auth/reset-password-token-status", {
    body: { mobile_phone_prefix: phone.phonePre, mobile_phone: phone.phone, mobile_token: code },
    asGuest: true,
  });
}
