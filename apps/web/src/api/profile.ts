import type { AnswerOf, BodyOf } from "@hcoins/domain/api/contract";
import type { UserInfo } from "@hcoins/domain/api/profile";
import { PROFILE_QUERY } from "@hcoins/domain/api/routes";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { queryClient } from "../lib/query-client.ts";
import { type Phone, useToken } from "../lib/session.ts";
import { call, type MutationOptions } from "./client.ts";
import { keepCard } from "./member-card.ts";

/**
 * The member's own account: user info (GET /crm/user/profile, with custom fields), its save,
 * and the password calls of a logged-in member.
 */

/**
 * The session member's user info. index.html's inline script may have asked for this very
 * address already, while the app's code downloaded; the client then takes that answer.
 */
export const userQuery = queryOptions({
  queryKey: ["user"],
  queryFn: async () => {
    const user = (await call("profile", { query: PROFILE_QUERY })).payload;
    keepCard(user);
    return user;
  },
});

/** User info of the session's member; nothing is asked without a token, nor before `ask` (the card's screen draws first). */
export function useUser({ ask = true } = {}) {
  const token = useToken();
  return useQuery({ ...userQuery, enabled: token !== null && ask });
}

/**
 * Fetches user info afresh (after login, registration, a profile save, a new password). A
 * failure is null: none of those flows stops for it (the screens that need user info show
 * the failure themselves).
 */
export const loadUser = (): Promise<UserInfo | null> =>
  queryClient.fetchQuery({ ...userQuery, staleTime: 0 }).catch(() => null);

/** The member's mobile number, as the web app names it. */
export const userPhone = (user: UserInfo): Phone => ({
  phonePre: user.mobile_phone_prefix,
  phone: user.mobile_phone,
});

export const cachedUser = (): UserInfo | null => queryClient.getQueryData(userQuery.queryKey) ?? null;

/** Keeps the user info a save answered with, so screens show it without asking again. */
export function keepUser(user: UserInfo) {
  keepCard(user);
  queryClient.setQueryData(userQuery.queryKey, user);
}

export function clearUser() {
  queryClient.removeQueries({ queryKey: userQuery.queryKey });
}

export type ProfileChanges = BodyOf<"saveProfile">;

/** POST /crm/user/profile: only the fields sent change; answers the new user info. */
export const saveProfile = async (changes: ProfileChanges) =>
  // The device id goes along for a referral code completing a profile (the server ignores it otherwise).
  (await call("saveProfile", { body: changes, withDeviceId: changes.referral_code != null })).payload;

export const useSaveProfile = (options?: MutationOptions<UserInfo, ProfileChanges>) =>
  useMutation({ mutationFn: saveProfile, ...options });

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

/** The old password proves it is the member. */
export const useChangePassword = (options?: MutationOptions<AnswerOf<"changePassword">, PasswordChange>) =>
  useMutation({
    mutationFn: ({ oldPassword, newPassword }: PasswordChange) =>
      call("changePassword", { body: { old_password: oldPassword, new_password: newPassword } }),
    ...options,
  });

/** The first password of an imported app member (4206 where one exists). */
export const useSetPassword = (options?: MutationOptions<AnswerOf<"setPassword">, string>) =>
  useMutation({
    mutationFn: (newPassword: string) => call("setPassword", { body: { new_password: newPassword } }),
    ...options,
  });
