import type { SortDirection } from "@hcoins/domain/api/list-paging";
import { useTranslation } from "../lib/i18n.ts";

/** A list's order: the column it is sorted by and the direction. */
export interface ListSort<Column extends string = string> {
  column: Column;
  dir: SortDirection;
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/**
 * A column header the operator sorts by: a button in the header cell, which says its order to
 * screen readers with aria-sort (only the sorted column carries it). Pressing the sorted column
 * turns its direction; another column starts with `firstDir` (newest first for times).
 */
export function SortHeader<Column extends string>({
  label,
  column,
  sort,
  onSort,
  firstDir = "asc",
}: {
  label: string;
  column: Column;
  /** Null while the list is in the server's own order (a catalogue's display order). */
  sort: ListSort<Column> | null;
  onSort: (next: ListSort<Column>) => void;
  firstDir?: SortDirection;
}) {
  const { t } = useTranslation();
  const sorted = sort?.column === column ? sort.dir : null;
  const next: SortDirection = sorted ? (sorted === "asc" ? "desc" : "asc") : firstDir;
  return (
    <th scope="col" aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
      <button
        type="button"
        className="sort-button"
        onClick={() => onSort({ column, dir: next })}
        title={t(next === "asc" ? "lists.sortAscending" : "lists.sortDescending", { column: label })}
      >
        {label}
        <span aria-hidden="true" className="sort-mark">
          {sorted ? (sorted === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}
