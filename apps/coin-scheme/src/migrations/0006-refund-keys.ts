import { type Kysely, sql } from "kysely";

/**
 * Refund keys of receipt numbers that hold a colon, in the form that cannot be read two ways
 * (ledger-writes.ts, refundKey): `A:B` + `C` and `A` + `B:C` were one key, so the second refund
 * was answered as a replay of the first. The rows keep their receipt and refund numbers, which the
 * new key is made of; keys of other receipts are unchanged. A key the ambiguity already merged
 * left one row, which keeps it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update hcoin_ledger
    set entry_key = 'refund-sized:' || store_code || ':' || cast(length(receipt_no) as varchar(8)) || ':'
      || receipt_no || ':' || refund_no
    where kind = 'refund' and entry_key is not null and refund_no is not null and receipt_no like '%:%'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update hcoin_ledger
    set entry_key = 'refund:' || store_code || ':' || receipt_no || ':' || refund_no
    where kind = 'refund' and entry_key like 'refund-sized:%'
  `.execute(db);
}
