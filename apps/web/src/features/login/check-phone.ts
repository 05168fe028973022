import { MemberCheckCode } from "@hcoins/domain/codes";
import { type ApiResult, codeOf, request } from "../../lib/api-client.ts";

/** POST /custom-api/api/Member/CheckPhone without an SMS code: what the number is to the programme. */
export function checkPhone(prefix: string, phone: string) {
  // Sent as a visitor: whoever types a number here is logging in, whatever an old session says.
  return request("POST", "custom", "/api/Member/CheckPhone", {
    body: { mobile_phone_prefix: prefix, mobile_phone: phone },
    asGuest: true,
  });
}

/**
 * product-spec.md section 4, Login: a registered member (40006) goes on to the password;
 * the other member codes go to SMS verification, which sorts them out as registration
 * does. Anything else is not an answer to act on (null).
 */
export function loginStepOf(result: ApiResult): "password" | "verify" | null {
  const code = codeOf(result);
  if (code === MemberCheckCode.registered) return "password";
  if (
    code === MemberCheckCode.notRegistered ||
    code === MemberCheckCode.appMemberIncomplete ||
    code === MemberCheckCode.mayNotRegister
  )
    return "verify";
  return null;
}
