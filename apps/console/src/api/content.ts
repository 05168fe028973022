import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import { consoleContent } from "@hcoins/domain/api/console-content";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";
import { useListItemChanges } from "./list-item-changes.ts";

export const bannersQuery = queryOptions({
  queryKey: ["content", "banners"],
  queryFn: async () => (await call(consoleContent.banners)).banners,
});

export const pagesQuery = queryOptions({
  queryKey: ["content", "pages"],
  queryFn: async () => (await call(consoleContent.pages)).pages,
});

/** Banner changes: each answers the new state, and the list is asked again (a move answers the list). */
export function useBannerChanges() {
  const client = useQueryClient();
  return {
    ...useListItemChanges(bannersQuery.queryKey, {
      add: consoleContent.addBanner,
      update: consoleContent.updateBanner,
      remove: consoleContent.deleteBanner,
    }),
    move: useMutation({
      mutationFn: ({ id, direction }: { id: number; direction: "up" | "down" }) =>
        call(consoleContent.moveBanner, {
          params: { id },
          body: { direction } satisfies ConsoleBodyOf<typeof consoleContent.moveBanner>,
        }),
      onSuccess: (answer) => client.setQueryData(bannersQuery.queryKey, answer.banners),
    }),
  };
}

export const usePageChanges = () =>
  useListItemChanges(pagesQuery.queryKey, {
    add: consoleContent.addPage,
    update: consoleContent.updatePage,
    remove: consoleContent.deletePage,
  });
