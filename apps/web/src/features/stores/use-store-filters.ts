import { useSearchParams } from "react-router";
import type { StoreFilters } from "../../api/stores.ts";

/** The filters and page an address names; the district only within a region. */
export function storeFiltersOf(search: URLSearchParams): StoreFilters {
  const page = Number(search.get("page"));
  return {
    region: search.get("region") ?? "",
    district: search.get("region") ? (search.get("district") ?? "") : "",
    brand: search.get("brand") ?? "",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * The store list's filters and page live in the address (`?region=3001&district=5005&brand=…&page=2`),
 * so Back, a reload or a shared link shows the same list. Any filter change starts
 * again at page 1; a new region clears the district, which belongs to the old one.
 */
export function useStoreFilters() {
  const [search, setSearch] = useSearchParams();

  const update = (changes: Partial<Record<"region" | "district" | "brand" | "page", string>>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearch(next);
  };

  return {
    filters: storeFiltersOf(search),
    search: search.toString(),
    setRegion: (region: string) => update({ region, district: "", page: "" }),
    setDistrict: (district: string) => update({ district, page: "" }),
    setBrand: (brand: string) => update({ brand, page: "" }),
    setPage: (value: number) => update({ page: value > 1 ? String(value) : "" }),
    clear: () => update({ region: "", district: "", brand: "", page: "" }),
  };
}
