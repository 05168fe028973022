import type { AnswerOf } from "@hcoins/domain/api/contract";
import { useMutation } from "@tanstack/react-query";
import type { Phone } from "../lib/session.ts";
import { call, type MutationOptions, wirePhone } from "./client.ts";

/**
 * Login, logout, the password reset by SMS and the companion app's signed login. Every call
 * but logout goes out as a visitor: whoever is logging in or resetting is not acting on an old
 * session, and a stale token would otherwise turn the call into a 401.
 */

/** The companion app's signed login: `Success` with a token, or `Fail` (both HTTP 200). */
export const signatureLogin = (message: string, signature: string) =>
  call("signatureLogin", { body: { message, signature }, asGuest: true });

export const logout = () => call("logout");

export interface Credentials {
  phone: Phone;
  password: string;
}

/** Answers the access token; a refusal is 5000 (tries left), 4290 (locked) or 4202 (disabled). */
export const useLogin = (options?: MutationOptions<string, Credentials>) =>
  useMutation({
    mutationFn: async ({ phone, password }: Credentials) =>
      (await call("login", { body: { ...wirePhone(phone), password }, asGuest: true })).payload.access_token,
    ...options,
  });

export type ResetCodeSent = AnswerOf<"forgotPassword">["payload"];

/** Sends the reset code; the same answer whether or not the number is a member's. */
export const useRequestResetCode = (options?: MutationOptions<ResetCodeSent, Phone>) =>
  useMutation({
    mutationFn: async (phone: Phone) =>
      (await call("forgotPassword", { body: wirePhone(phone), asGuest: true })).payload,
    ...options,
  });

export interface ResetCode {
  phone: Phone;
  code: string;
}

/** The SMS code for a single-use reset token (10 minutes). */
export const useExchangeResetCode = (options?: MutationOptions<string, ResetCode>) =>
  useMutation({
    mutationFn: async ({ phone, code }: ResetCode) =>
      (await call("exchangeResetCode", { body: { ...wirePhone(phone), mobile_token: code }, asGuest: true }))
        .payload.reset_token,
    ...options,
  });

export interface PasswordReset {
  resetToken: string;
  newPassword: string;
}

/** The new password, authorised by the reset token; 4201 when the token is used or expired. */
export const useResetPassword = (options?: MutationOptions<AnswerOf<"resetPassword">, PasswordReset>) =>
  useMutation({
    mutationFn: ({ resetToken, newPassword }: PasswordReset) =>
      call("resetPassword", { body: { token: resetToken, new_password: newPassword }, asGuest: true }),
    ...options,
  });
