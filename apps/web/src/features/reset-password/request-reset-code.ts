import { request } from "../../lib/api-client.ts";
import type { Phone } from "./phone.ts";

export interface ResetCodePayload {
  resend_after_seconds?: number | string;
  /** On 4203 / 4204: how long before another code may be asked for. */
  retry_after_seconds?: number | string;
}

/** POST /crm/auth/forgot-password-with-mobile: sends the reset code (the same answer for non-members). */
export function requestResetCode(phone: Phone) {
  return request<ResetCodePayload>("POST", "crm", "/auth/forgot-password-with-mobile", {
    body: { mobile_phone_prefix: phone.phonePre, mobile_phone: phone.phone },
    asGuest: true,
  });
}
