/**
 * How a column of a table that holds personal data appears in an access request's export:
 * exported, or withheld with the reason. The member server and the coin scheme each list one
 * for every column of such tables, typed against their table types.
 */
export type ColumnPolicy = "exported" | { withheld: string };
