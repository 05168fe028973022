import { request } from "../../lib/api-client.ts";
import type { Store } from "./store.ts";

export interface StorePage {
  items: Store[];
  total: number;
  page: number;
  page_size: number;
}

export interface StoreFilters {
  region: string;
  district: string;
  brand: string;
  page: number;
}

/** Twelve fill whole rows of one, two or three columns. */
export const STORE_PAGE_SIZE = 12;

/** GET /crm/store/ with the filters chosen (an empty filter is left out: all). */
export const fetchStores = ({ region, district, brand, page }: StoreFilters) =>
  request<StorePage>("GET", "crm", "/store/", {
    query: {
      region: region || undefined,
      district: district || undefined,
      brand: brand || undefined,
      page,
      page_size: STORE_PAGE_SIZE,
    },
  });
