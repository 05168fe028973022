import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import {
  type ConsoleReward,
  consoleExpiry,
  consoleRewards,
  consoleStores,
  consoleTiers,
} from "@hcoins/domain/api/console-programme";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

export const rewardsQuery = () =>
  queryOptions({ queryKey: ["programme", "rewards"], queryFn: () => call(consoleRewards.list) });

export const rewardQuery = (id: number) =>
  queryOptions({
    queryKey: ["programme", "rewards", id],
    queryFn: async () => (await call(consoleRewards.show, { params: { id } })).reward,
  });

/** A new reward (id null) with its first stock, or an edited one: each with its contract entry's body. */
export type RewardSaveInput =
  | { id: null; body: ConsoleBodyOf<typeof consoleRewards.create> }
  | { id: number; body: ConsoleBodyOf<typeof consoleRewards.edit> };

/** Creates (id null) or edits a reward; the list is asked again. */
export function useRewardSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: RewardSaveInput): Promise<ConsoleReward> =>
      (input.id === null
        ? await call(consoleRewards.create, { body: input.body })
        : await call(consoleRewards.edit, { params: { id: input.id }, body: input.body })
      ).reward,
    onSuccess: (reward) => {
      client.setQueryData(rewardQuery(reward.id).queryKey, reward);
      return client.invalidateQueries({ queryKey: rewardsQuery().queryKey, exact: true });
    },
  });
}

/** A stock change ({change}) or a state change ({active}); the list shows the reward as answered. */
export function useRewardChange(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (
      input:
        | ConsoleBodyOf<typeof consoleRewards.changeStock>
        | ConsoleBodyOf<typeof consoleRewards.setActive>,
    ): Promise<ConsoleReward> =>
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

export const expiryQuery = () =>
  queryOptions({ queryKey: ["programme", "expiry"], queryFn: () => call(consoleExpiry.show) });

export function useExpiryPolicySet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policy: string) =>
      call(consoleExpiry.set, { body: { policy } satisfies ConsoleBodyOf<typeof consoleExpiry.set> }),
    onSuccess: () => client.invalidateQueries({ queryKey: expiryQuery().queryKey }),
  });
}

export const storeFlagsQuery = () =>
  queryOptions({ queryKey: ["programme", "stores"], queryFn: () => call(consoleStores.list) });

export function useStorePartnerSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ConsoleBodyOf<typeof consoleStores.setPartner>) =>
      (await call(consoleStores.setPartner, { body })).store,
    onSuccess: (store) =>
      client.setQueryData(storeFlagsQuery().queryKey, (old) =>
        old ? { stores: old.stores.map((one) => (one.code === store.code ? store : one)) } : old,
      ),
  });
}

export const tiersQuery = () =>
  queryOptions({ queryKey: ["programme", "tiers"], queryFn: () => call(consoleTiers.show) });

/** Replaces the whole ladder; the screen shows what the scheme kept. */
export function useTiersSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleBodyOf<typeof consoleTiers.set>) => call(consoleTiers.set, { body }),
    onSuccess: (ladder) => client.setQueryData(tiersQuery().queryKey, ladder),
  });
}
