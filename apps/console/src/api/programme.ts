import {
  type ConsoleReward,
  consoleBonusDays,
  consoleExpiry,
  consoleRewards,
  consoleStores,
  type RewardCreateBody,
  type RewardEditBody,
} from "@hcoins/domain/api/console-programme";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

export const rewardsQuery = () =>
  queryOptions({ queryKey: ["programme", "rewards"], queryFn: () => call(consoleRewards.list) });

export const bonusDaysQuery = () =>
  queryOptions({ queryKey: ["programme", "bonusDays"], queryFn: () => call(consoleBonusDays.list) });

export const rewardQuery = (id: number) =>
  queryOptions({
    queryKey: ["programme", "rewards", id],
    queryFn: async () => (await call(consoleRewards.show, { params: { id } })).reward,
  });

/** Creates (id null) or edits a reward; the list is asked again. */
export function useRewardSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id: number | null;
      body: RewardCreateBody | RewardEditBody;
    }): Promise<ConsoleReward> =>
      (id === null
        ? await call(consoleRewards.create, { body: body as RewardCreateBody })
        : await call(consoleRewards.edit, { params: { id }, body })
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

/** Sets the birthday multiplier (hundredths, 100 = off); the bonus days page reads it again. */
export function useBirthdayMultiplierSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (multiplier: number) => call(consoleBonusDays.setBirthday, { body: { multiplier } }),
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
