import { request } from "../../lib/api-client.ts";

/** POST /custom-api/api/Member/CheckPhone: 40005 = the app member still needs a password, 40006 = full member. */
export function checkPhone(prefix: string, phone: string) {
  return request("POST", "custom", "/api/Member/CheckPhone", {
    body: { mobile_phone_prefix: prefix, mobile_phone: phone },
  });
}
