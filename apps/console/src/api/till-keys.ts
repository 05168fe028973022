import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import { consoleTillKeys } from "@hcoins/domain/api/console-till-keys";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

export const tillKeysQuery = () =>
  queryOptions({ queryKey: ["programme", "tillKeys"], queryFn: () => call(consoleTillKeys.list) });

/** Making a key (its answer holds the key, once), binding one to other stores, revoking one; the list is asked again after each. */
export function useTillKeyChange() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: tillKeysQuery().queryKey });
  return {
    create: useMutation({
      mutationFn: (body: ConsoleBodyOf<typeof consoleTillKeys.create>) =>
        call(consoleTillKeys.create, { body }),
      onSuccess: done,
    }),
    setStores: useMutation({
      mutationFn: ({ id, stores }: { id: number; stores: string[] }) =>
        call(consoleTillKeys.setStores, {
          params: { id },
          body: { stores } satisfies ConsoleBodyOf<typeof consoleTillKeys.setStores>,
        }),
      onSuccess: done,
    }),
    revoke: useMutation({
      mutationFn: (id: number) => call(consoleTillKeys.revoke, { params: { id } }),
      onSuccess: done,
    }),
  };
}
