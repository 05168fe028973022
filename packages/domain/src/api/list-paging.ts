import { z } from "zod";

/**
 * The paging and sorting of a console list the server pages (members, the audit log, a
 * member's ledger): `page` from 1, `page_size` bounded per list, `sort` one of the list's
 * columns and `dir` its direction. One shape, so the console's shared pager reads them all.
 */
export const pageParam = z.coerce.number("invalid").int("invalid").min(1, "invalid").max(100_000, "invalid");

export const pageSizeParam = (max: number, fallback: number) =>
  z.coerce.number("invalid").int("invalid").min(1, "invalid").max(max, "tooLarge").default(fallback);

export const sortDirection = z.enum(["asc", "desc"], "invalid");
export type SortDirection = z.output<typeof sortDirection>;
