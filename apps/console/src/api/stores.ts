import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import { consoleBrands, consoleStoreList, type StoreListQuery } from "@hcoins/domain/api/console-stores";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";
import { useListItemChanges } from "./list-item-changes.ts";

export const brandsQuery = queryOptions({
  queryKey: ["stores", "brands"],
  queryFn: async () => (await call(consoleBrands.list)).brands,
});

/** Brand changes: each answers the new state, and the list is asked again (a move answers the list). */
export function useBrandChanges() {
  const client = useQueryClient();
  return {
    ...useListItemChanges(brandsQuery.queryKey, {
      add: consoleBrands.add,
      update: consoleBrands.update,
      remove: consoleBrands.remove,
    }),
    move: useMutation({
      mutationFn: ({ id, direction }: { id: number; direction: "up" | "down" }) =>
        call(consoleBrands.move, {
          params: { id },
          body: { direction } satisfies ConsoleBodyOf<typeof consoleBrands.move>,
        }),
      onSuccess: (answer) => client.setQueryData(brandsQuery.queryKey, answer.brands),
    }),
  };
}

export const storeListQuery = (query: StoreListQuery) =>
  queryOptions({
    queryKey: ["stores", "list", query],
    queryFn: () => call(consoleStoreList.list, { query }),
    // The table stays while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

/** Shows or hides a store; the list is asked again (a status filter may drop it). */
export function useStoreStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: "active" | "inactive" }) =>
      call(consoleStoreList.setStatus, {
        params: { id },
        body: { status } satisfies ConsoleBodyOf<typeof consoleStoreList.setStatus>,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["stores", "list"] }),
  });
}
