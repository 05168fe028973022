import { request } from "../../lib/api-client.ts";
import type { Place } from "./store.ts";

/** GET /crm/store/?metadata=1: every region with its districts, and the brands. */
export interface StoreFilterChoices {
  regions: (Place & { districts: Place[] })[];
  brands: { id: number; code: string; name: string }[];
}

export const fetchStoreFilters = () =>
  request<StoreFilterChoices>("GET", "crm", "/store/", { query: { metadata: 1 } });
