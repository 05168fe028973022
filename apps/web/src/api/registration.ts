import type { AnswerOf, BodyOf } from "@hcoins/domain/api/contract";
import { MemberCheckCode } from "@hcoins/domain/codes";
import { useMutation } from "@tanstack/react-query";
import type { Phone } from "../lib/session.ts";
import { ApiError, call, type MutationOptions, wirePhone } from "./client.ts";
import { duplicateRegistrationCheck } from "./coins.ts";
import { checkEmail } from "./member-checks.ts";

/** Registration by mobile number: the SMS code, its verification, and the registration itself. */

export type SmsSent = AnswerOf<"requestSmsToken">["payload"];

/** Sends the register / verify code by SMS; 4203 (too soon) and 4204 (too many) carry `retry_after_seconds`. */
export const requestSmsCode = async (phone: Phone): Promise<SmsSent> =>
  (await call("requestSmsToken", { body: wirePhone(phone) })).payload;

export const useRequestSmsCode = (options?: MutationOptions<SmsSent, Phone>) =>
  useMutation({ mutationFn: requestSmsCode, ...options });

export interface SmsCodeCheck {
  phone: Phone;
  code: string;
}

/** Marks the code verified (4201 when it is not); registration presents it again later. */
export const useVerifySmsCode = (options?: MutationOptions<AnswerOf<"registerTokenStatus">, SmsCodeCheck>) =>
  useMutation({
    mutationFn: ({ phone, code }: SmsCodeCheck) =>
      call("registerTokenStatus", { body: { ...wirePhone(phone), sms_token: code } }),
    ...options,
  });

/** register-with-mobile's body but the number, its code and the email, which Registration names. */
export type RegistrationDetails = Omit<
  BodyOf<"registerWithMobile">,
  "mobile_phone_prefix" | "mobile_phone" | "sms_token" | "email"
>;

export interface Registration {
  phone: Phone;
  /** The verified SMS code. */
  code: string;
  email: string;
  details: RegistrationDetails;
}

export type Registered = AnswerOf<"registerWithMobile">["payload"];

/**
 * Registration as the contract orders it: CheckEmail, then the coin scheme's duplicate check,
 * then register-with-mobile. A taken email throws as register-with-mobile's own 40010 would,
 * and a duplicate throws with the scheme's reason, so a flow meets one kind of failure.
 */
export async function register({ phone, code, email, details }: Registration): Promise<Registered> {
  const emailCheck = await checkEmail(email);
  if (emailCheck.code === MemberCheckCode.emailTaken) {
    throw new ApiError(200, MemberCheckCode.emailTaken, emailCheck.message);
  }
  const duplicate = await duplicateRegistrationCheck(phone, email);
  if (duplicate.duplicate) throw new ApiError(200, null, duplicate.reason);
  const body = { ...details, ...wirePhone(phone), sms_token: code, email };
  return (await call("registerWithMobile", { body, withDeviceId: true })).payload;
}

export const useRegister = (options?: MutationOptions<Registered, Registration>) =>
  useMutation({ mutationFn: register, ...options });
