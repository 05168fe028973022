import { queryOptions } from "@tanstack/react-query";
import { currentLanguage } from "../lib/i18n.ts";
import { call } from "./client.ts";

/**
 * The brands in display order, names in the current language, with their logos' media tokens.
 * Its own file, apart from the store list's calls: the download page (a landing page with a
 * first-load budget) needs only this.
 */
export const brandsQuery = () =>
  queryOptions({
    queryKey: ["brands", currentLanguage()],
    queryFn: async () => (await call("tags", { query: { type: "brand" } })).payload,
    staleTime: 10 * 60_000,
  });
