import { request } from "../../lib/api-client.ts";

/** POST /crm/registration/register-token-status: answers `verified: true`, or 4201. */
export const verifySmsCode = (prefix: string, phone: string, code: string) =>
  request<{ verified?: boolean }>("POST", "crm", "/registration/register-token-status", {
    body: { mobile_phone_prefix: prefix, mobile_phone: phone, sms_token: code },
  });
