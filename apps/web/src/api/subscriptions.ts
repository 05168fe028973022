import type { Preferences } from "@hcoins/domain/api/subscriptions";
import { queryOptions, useMutation } from "@tanstack/react-query";
import { queryClient } from "../lib/query-client.ts";
import { call, type MutationOptions } from "./client.ts";

/**
 * Marketing preferences (1 = opted out of the channel), of the session's member or of the
 * member an unsubscribe link's `token` speaks for. A link token goes out as a visitor: a
 * stale session cannot get in its way, and a 401 to it does not end a member's session.
 */

/** `linkToken` null: the session's member. */
export const preferencesQuery = (linkToken: string | null) =>
  queryOptions({
    queryKey: ["subscription-preferences", linkToken ?? "member"],
    queryFn: async () =>
      (await call("subscriptionPreferences", linkToken ? { query: { token: linkToken }, asGuest: true } : {}))
        .payload,
  });

/** JSON keeps the reasons a plain list. Answers the preferences now stored, which the query then shows. */
export const useSavePreferences = (
  linkToken: string | null,
  options?: MutationOptions<Preferences, Preferences>,
) =>
  useMutation({
    mutationFn: async (preferences: Preferences) => {
      const body = { ...preferences, ...(linkToken ? { token: linkToken } : {}) };
      const stored = (
        await call("saveSubscriptionPreferences", { body, json: true, asGuest: linkToken !== null })
      ).payload;
      queryClient.setQueryData(preferencesQuery(linkToken).queryKey, stored);
      return stored;
    },
    ...options,
  });
