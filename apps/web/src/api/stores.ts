import { queryOptions } from "@tanstack/react-query";
import { currentLanguage } from "../lib/i18n.ts";
import { call } from "./client.ts";

/** Stores and their filter choices, texts in the current language (part of each key). */

/** The store list's choices; an empty filter is no filter. */
export interface StoreFilters {
  region: string;
  district: string;
  brand: string;
  page: number;
}

/** Twelve fill whole rows of one, two or three columns. */
export const STORE_PAGE_SIZE = 12;

export const storesQuery = (filters: StoreFilters) =>
  queryOptions({
    queryKey: ["stores", currentLanguage(), filters],
    queryFn: async () => {
      const { region, district, brand, page } = filters;
      const query = {
        region: region || undefined,
        district: district || undefined,
        brand: brand || undefined,
        page,
        page_size: STORE_PAGE_SIZE,
      };
      return (await call("stores", { query })).payload;
    },
  });

/** Every region with its districts, and the brands: they change rarely. */
export const storeFilterChoicesQuery = () =>
  queryOptions({
    queryKey: ["store-filters", currentLanguage()],
    queryFn: async () => (await call("storeFilterChoices", { query: { metadata: "1" } })).payload,
    staleTime: 10 * 60_000,
  });
