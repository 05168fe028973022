import { useState } from "react";
import { pageCount } from "./pager.tsx";
import type { ListSort } from "./sort-header.tsx";

/** How a column of a small list sorts: the value compared for each row. */
export type SortValues<Row, Column extends string> = Record<Column, (row: Row) => string | number | null>;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return typeof a === "number" && typeof b === "number" ? a - b : collator.compare(String(a), String(b));
}

/**
 * The order and paging of a small list the server answers whole (the catalogue's rewards, the
 * till keys, the operators…): sorted and paged in the browser, in the shared SortHeader and
 * Pager. A list that grows without bound (members, the audit log, a ledger) pages on the server.
 */
export function useSortedPage<Row, Column extends string>(
  rows: readonly Row[],
  values: SortValues<Row, Column>,
  /** Null: the server's order (a catalogue's display order) until the operator picks a column. */
  initial: ListSort<Column> | null,
  pageSize = 25,
) {
  const [sort, setSortState] = useState(initial);
  const [page, setPage] = useState(1);
  const sorted = sort
    ? [...rows].sort((a, b) => {
        const value = values[sort.column];
        const order = compare(value(a), value(b));
        return sort.dir === "asc" ? order : -order;
      })
    : [...rows];
  const pages = pageCount(sorted.length, pageSize);
  const shown = Math.min(page, pages);
  return {
    rows: sorted.slice((shown - 1) * pageSize, shown * pageSize),
    sort,
    setSort: (next: ListSort<Column>) => {
      setSortState(next);
      setPage(1);
    },
    page: shown,
    pages,
    setPage,
  };
}
