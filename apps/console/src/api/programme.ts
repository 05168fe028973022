import {
  type ConsoleReward,
  consoleBonusDays,
  consoleExpiry,
  consoleRewards,
  consoleStores,
} from "@hcoins/domain/api/console-programme";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

export const rewardsQuery = () =>
  queryOptions({ queryKey: ["programme", "rewards"], queryFn: () => call(consoleRewards.list) });

export const bonusDaysQuery = () =>
  queryOptions({ queryKey: ["programme", "bonusDays"], queryFn: () => call(consoleBonusDays.list) });

/** A stock change ({change}) or a state change ({active}); the list shows the reward as answered. */
export function useRewardChange(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { change: number } | { active: boolean }): Promise<ConsoleReward> =>
      (
        await call("change" in input ? consoleRewards.changeStock : consoleRewards.setActive, {
          params: { id },
          body: input,
        })
      ).reward,
    onSuccess: (reward) =>
      client.setQueryData(rewardsQuery().queryKey, (old) =>
        old ? { rewards: old.rewards.map((one) => (one.id === reward.id ? reward : one)) } : old,
      ),
  });
}

/** Sets a bonus day (multiplier in hundredths). */
export function useBonusDaySet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { date: string; multiplier: number }) => call(consoleBonusDays.set, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: bonusDaysQuery().queryKey }),
  });
}

export function useBonusDayRemove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => call(consoleBonusDays.remove, { body: { date } }),
    onSuccess: () => client.invalidateQueries({ queryKey: bonusDaysQuery().queryKey }),
  });
}

export const expiryQuery = () =>
  queryOptions({ queryKey: ["programme", "expiry"], queryFn: () => call(consoleExpiry.show) });

export function useExpiryPolicySet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policy: string) => call(consoleExpiry.set, { body: { policy } }),
    onSuccess: () => client.invalidateQueries({ queryKey: expiryQuery().queryKey }),
  });
}

export const storeFlagsQuery = () =>
  queryOptions({ queryKey: ["programme", "stores"], queryFn: () => call(consoleStores.list) });

export function useStorePartnerSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { code: string; partner: boolean }) =>
      (await call(consoleStores.setPartner, { body })).store,
    onSuccess: (store) =>
      client.setQueryData(storeFlagsQuery().queryKey, (old) =>
        old ? { stores: old.stores.map((one) => (one.code === store.code ? store : one)) } : old,
      ),
  });
}
