import { request } from "../../lib/api-client.ts";

/**
 * POST /custom-api/api/Member/CheckPhone with the verified code: 40003, 40005 (with an
 * access token for the app member), 40006 or 40002, as `code` of an HTTP 200 answer.
 */
export const checkPhone = (prefix: string, phone: string, code: string) =>
  request<{ access_token?: string }>("POST", "custom", "/api/Member/CheckPhone", {
    body: { mobile_phone_prefix: prefix, mobile_phone: phone, sms_token: code },
  });
