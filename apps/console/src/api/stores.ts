import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import {
  type ConsoleBrand,
  consoleBrands,
  consoleStoreList,
  type StoreListQuery,
} from "@hcoins/domain/api/console-stores";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

export const brandsQuery = queryOptions({
  queryKey: ["stores", "brands"],
  queryFn: async () => (await call(consoleBrands.list)).brands,
});

/** Brand changes: each answers the new state, and the list is asked again. */
export function useBrandChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: brandsQuery.queryKey });
  return {
    save: useMutation({
      mutationFn: ({
        id,
        body,
      }: {
        id: number | null;
        body: ConsoleBodyOf<typeof consoleBrands.add>;
      }): Promise<ConsoleBrand> =>
        id === null
          ? call(consoleBrands.add, { body })
          : call(consoleBrands.update, { params: { id }, body }),
      onSuccess: refresh,
    }),
    move: useMutation({
      mutationFn: ({ id, direction }: { id: number; direction: "up" | "down" }) =>
        call(consoleBrands.move, {
          params: { id },
          body: { direction } satisfies ConsoleBodyOf<typeof consoleBrands.move>,
        }),
      onSuccess: (answer) => client.setQueryData(brandsQuery.queryKey, answer.brands),
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(consoleBrands.remove, { params: { id } }),
      onSuccess: refresh,
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
