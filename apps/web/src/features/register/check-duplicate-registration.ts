import { request } from "../../lib/api-client.ts";

/** hcoin-check-is-duplicate-reg, a "no token" call: the coin scheme's own duplicate check. */
export const checkDuplicateRegistration = (prefix: string, phone: string, email: string) =>
  request<{ duplicate?: boolean; reason?: string }>(
    "POST",
    "custom",
    "/custom/cuapp/customer/hcoin-check-is-duplicate-reg",
    { body: { mobile_phone_prefix: prefix, mobile_phone: phone, email }, asGuest: true },
  );
