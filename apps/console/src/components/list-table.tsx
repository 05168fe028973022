import type { ReactNode } from "react";
import { type ListSort, SortHeader } from "./sort-header.tsx";
import { TableScroll } from "./table-scroll.tsx";

/** A column header the operator may sort the list by (use-sorted-page.ts). */
export interface SortableColumn<Column extends string = string> {
  label: string;
  column: Column;
}

/**
 * A list as a table named by its caption (read to screen readers, the heading says it on
 * screen), or the `empty` sentence when it has no rows. `head` leaves out a column given as
 * false (the actions of an operator who may not change anything); a column given with its sort
 * key is a sort button (with `sort` and `onSort`); `children` are the rows.
 */
export function ListTable<Column extends string = string>({
  caption,
  head,
  empty,
  count,
  sort,
  onSort,
  children,
}: {
  caption: string;
  head: (string | false | SortableColumn<Column>)[];
  empty: string;
  count: number;
  sort?: ListSort<Column> | null;
  onSort?: (next: ListSort<Column>) => void;
  children: ReactNode;
}) {
  if (count === 0) return <p>{empty}</p>;
  return (
    <TableScroll label={caption}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) =>
              cell === false ? null : typeof cell === "string" ? (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ) : onSort ? (
                <SortHeader
                  key={cell.column}
                  label={cell.label}
                  column={cell.column}
                  sort={sort ?? null}
                  onSort={onSort}
                />
              ) : (
                <th key={cell.column} scope="col">
                  {cell.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
