import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import { type ConsoleReferral, consoleReferrals } from "@hcoins/domain/api/console-referrals";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

export const referralSettingsQuery = () =>
  queryOptions({ queryKey: ["referrals", "settings"], queryFn: () => call(consoleReferrals.settings) });

export const referralsQuery = (state: ConsoleReferral["state"] | undefined, page: number) =>
  queryOptions({
    queryKey: ["referrals", "list", state ?? "all", page],
    queryFn: () => call(consoleReferrals.list, { query: { ...(state ? { state } : {}), page } }),
    placeholderData: keepPreviousData,
  });

/** Sets what a referral earns; the settings are asked again. */
export function useReferralSettingsSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleBodyOf<typeof consoleReferrals.setSettings>) =>
      call(consoleReferrals.setSettings, { body }),
    onSuccess: (answer) => client.setQueryData(referralSettingsQuery().queryKey, answer),
  });
}
