import type { AnswerOf } from "@hcoins/domain/api/contract";
import { MemberCheckCode } from "@hcoins/domain/codes";
import { useMutation } from "@tanstack/react-query";
import type { Phone } from "../lib/session.ts";
import { ApiError, call, type MutationOptions, wirePhone } from "./client.ts";

/**
 * The custom API's Member calls. They answer valid input with HTTP 200 and the outcome in
 * `code` (MemberCheckCode), so each flow branches on the answer; failures throw as any call's.
 */

export interface PhoneCheck {
  phone: Phone;
  /** The verified SMS code: with it, an app member's 40005 carries an access token. */
  code?: string;
  asGuest?: boolean;
}

const { mayNotRegister, notRegistered, appMemberIncomplete, registered } = MemberCheckCode;
const PHONE_OUTCOMES: readonly number[] = [mayNotRegister, notRegistered, appMemberIncomplete, registered];

/** CheckPhone: what the number is to the programme (40002, 40003, 40005 or 40006). */
export async function checkPhone({ phone, code, asGuest = false }: PhoneCheck) {
  const body = { ...wirePhone(phone), ...(code ? { sms_token: code } : {}) };
  const answer = await call("checkPhone", { body, asGuest });
  // An outcome the contract does not name is nothing to act on: a failure, shown with its message.
  if (!PHONE_OUTCOMES.includes(answer.code)) throw new ApiError(200, null, answer.message);
  return answer;
}

export const useCheckPhone = (options?: MutationOptions<AnswerOf<"checkPhone">, PhoneCheck>) =>
  useMutation({ mutationFn: checkPhone, ...options });

/** CheckEmail: `code` 200 free, 40010 taken. */
export const checkEmail = (email: string) => call("checkEmail", { body: { email } });
