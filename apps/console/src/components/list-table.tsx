import type { ReactNode } from "react";
import { TableScroll } from "./table-scroll.tsx";

/**
 * A list as a table named by its caption (read to screen readers, the heading says it on
 * screen), or the `empty` sentence when it has no rows. `head` leaves out a column given as
 * false (the actions of an operator who may not change anything); `children` are the rows.
 */
export function ListTable({
  caption,
  head,
  empty,
  count,
  children,
}: {
  caption: string;
  head: (string | false)[];
  empty: string;
  count: number;
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
              cell === false ? null : (
                <th key={cell} scope="col">
                  {cell}
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
