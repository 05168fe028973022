import { containsText } from "@hcoins/server-kit/contains-text";
import type { TableViews } from "@hcoins/server-kit/database";
import { type Selectable, sql } from "kysely";
import type { MembersTable, MemberTables } from "./tables.ts";

/** The columns an operator's text is looked for in, any part of them, any case. */
const SEARCHED = [
  "name",
  "first_name",
  "last_name",
  "email",
  "member_no",
  "mobile_phone",
  "external_customer_id",
] as const;

export type DirectorySort = "name" | "member_no" | "email";

/**
 * The members whose name, email or numbers contain a text: customer service's search (the exact
 * keys are the members service's indexed look-ups). A contains match reads every row on both
 * databases (a b-tree cannot answer `%text%`), which the search bounds: at least 3 characters,
 * a page of at most 50, behind members.read
 * (docs/decisions/187-console-search-exact-keys-first-then-contains-bounded.md).
 */
export class MemberDirectory {
  constructor(private readonly database: TableViews) {}

  async containing(
    text: string,
    options: {
      sort: DirectorySort;
      dir: "asc" | "desc";
      limit: number;
      offset: number;
      /** Members listed already (the exact matches), left out here. */
      except: readonly number[];
    },
  ): Promise<{ rows: Selectable<MembersTable>[]; total: number }> {
    let query = this.database
      .tables<MemberTables>()
      .selectFrom("members")
      .where((eb) => eb.or(SEARCHED.map((column) => containsText(column, text))));
    if (options.except.length > 0) query = query.where("id", "not in", [...options.except]);
    const counted = await query.select(sql<number | string>`count(*)`.as("n")).executeTakeFirstOrThrow();
    // Members without a name or number sort as the empty text on both databases (nulls differ).
    const key = sql`coalesce(lower(${sql.ref(options.sort)}), '')`;
    const rows = await query
      .selectAll()
      .orderBy(key, options.dir)
      .orderBy("id", options.dir)
      .limit(options.limit)
      .offset(options.offset)
      .execute();
    return { rows, total: Number(counted.n) };
  }
}
