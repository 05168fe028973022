import { request } from "../../lib/api-client.ts";

export interface SmsSent {
  resend_after_seconds?: number;
  expires_in_seconds?: number;
  /** Set on 4203 / 4204 failures. */
  retry_after_seconds?: number;
}

/** POST /crm/registration/request-sms-token: the register / verify code by SMS. */
export const requestSmsCode = (prefix: string, phone: string) =>
  request<SmsSent>("POST", "crm", "/registration/request-sms-token", {
    body: { mobile_phone_prefix: prefix, mobile_phone: phone },
  });
