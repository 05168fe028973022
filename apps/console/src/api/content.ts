import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import { type ConsoleBanner, type ConsolePage, consoleContent } from "@hcoins/domain/api/console-content";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

export const bannersQuery = queryOptions({
  queryKey: ["content", "banners"],
  queryFn: async () => (await call(consoleContent.banners)).banners,
});

export const pagesQuery = queryOptions({
  queryKey: ["content", "pages"],
  queryFn: async () => (await call(consoleContent.pages)).pages,
});

/** Banner changes: each answers the new state, and the list is asked again. */
export function useBannerChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: bannersQuery.queryKey });
  return {
    save: useMutation({
      mutationFn: ({
        id,
        body,
      }: {
        id: number | null;
        body: ConsoleBodyOf<typeof consoleContent.addBanner>;
      }): Promise<ConsoleBanner> =>
        id === null
          ? call(consoleContent.addBanner, { body })
          : call(consoleContent.updateBanner, { params: { id }, body }),
      onSuccess: refresh,
    }),
    move: useMutation({
      mutationFn: ({ id, direction }: { id: number; direction: "up" | "down" }) =>
        call(consoleContent.moveBanner, {
          params: { id },
          body: { direction } satisfies ConsoleBodyOf<typeof consoleContent.moveBanner>,
        }),
      onSuccess: (answer) => client.setQueryData(bannersQuery.queryKey, answer.banners),
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(consoleContent.deleteBanner, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}

export function usePageChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: pagesQuery.queryKey });
  return {
    save: useMutation({
      mutationFn: ({
        id,
        body,
      }: {
        id: number | null;
        body: ConsoleBodyOf<typeof consoleContent.addPage>;
      }): Promise<ConsolePage> =>
        id === null
          ? call(consoleContent.addPage, { body })
          : call(consoleContent.updatePage, { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(consoleContent.deletePage, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}
