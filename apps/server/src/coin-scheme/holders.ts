import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { AccountRow, CoinSchemeTables, HcoinAccountsTable, HcoinTransactionsTable } from "./tables.ts";

/*
 * What the scheme holds about one person (a holder), for the programme's data protection
 * duties (Hong Kong's Personal Data (Privacy) Ordinance): everything, for an access
 * request, and anonymisation, for an erasure. A holder is the member the member server
 * names by `member_ref` together with their mobile number: the account linked to that
 * member, and an unlinked account of that number. An account of the number linked to
 * someone else is that person's, and is neither shown nor touched.
 */

export interface Holder {
  memberRef: string;
  prefix: string;
  phone: string;
}

/** How a column of a table that holds personal data appears in an export. */
export type ColumnPolicy = "exported" | { withheld: string };

/**
 * Every column of the scheme's personal-data tables, exported or withheld with the reason.
 * Typed against the tables, and checked against the live schema by a test, so that a new
 * column cannot stay out of exports unnoticed.
 */
export const HOLDER_COLUMNS: {
  hcoin_accounts: Record<keyof HcoinAccountsTable, ColumnPolicy>;
  hcoin_transactions: Record<keyof HcoinTransactionsTable, ColumnPolicy>;
} = {
  hcoin_accounts: {
    id: { withheld: "internal row key; the account is named by hcoins_memberno" },
    hcoins_memberno: "exported",
    mobile_phone_prefix: "exported",
    mobile_phone: "exported",
    linked_member_ref: "exported",
    linked_at: "exported",
    linked_by: "exported",
    created_by: "exported",
    created_at: "exported",
  },
  hcoin_transactions: {
    id: "exported",
    account_id: { withheld: "internal row key; entries are listed under their account" },
    kind: "exported",
    store_code: "exported",
    receipt_no: "exported",
    client: "exported",
    net_cents: "exported",
    electronic_cents: "exported",
    partner_store: "exported",
    birthday_multiplier: "exported",
    holiday_multiplier: "exported",
    base_coins: "exported",
    birthday_bonus: "exported",
    holiday_bonus: "exported",
    coins: "exported",
    qr_unix_seconds: "exported",
    created_at: "exported",
  },
};

const isoOrNull = z.string().nullable();

export const holderTransactionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["purchase", "refund"]),
  store_code: z.string(),
  receipt_no: z.string(),
  client: z.string(),
  net_cents: z.number().int(),
  electronic_cents: z.number().int(),
  partner_store: z.number().int(),
  birthday_multiplier: z.number().int(),
  holiday_multiplier: z.number().int(),
  base_coins: z.number().int(),
  birthday_bonus: z.number().int(),
  holiday_bonus: z.number().int(),
  coins: z.number().int(),
  qr_unix_seconds: z.number().int().nullable(),
  created_at: z.string(),
});

export const holderAccountSchema = z.object({
  hcoins_memberno: z.string(),
  mobile_phone_prefix: z.string(),
  mobile_phone: z.string(),
  linked_member_ref: z.string().nullable(),
  linked_at: isoOrNull,
  linked_by: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  /** The sum of `coins` over the transactions. */
  balance: z.number().int(),
  /** Oldest first, every one. */
  transactions: z.array(holderTransactionSchema),
});
export type HolderAccount = z.infer<typeof holderAccountSchema>;

export const holderExportResponse = z.object({ accounts: z.array(holderAccountSchema) });
export type HolderExport = z.infer<typeof holderExportResponse>;

export const holderAnonymiseResponse = z.object({
  /** The accounts anonymised by this call (none when the holder had none left). */
  accounts: z.array(
    z.object({ hcoins_memberno: z.string(), balance: z.number().int(), transactions: z.number().int() }),
  ),
});
export type HolderAnonymiseResult = z.infer<typeof holderAnonymiseResponse>;

const iso = (ms: number) => new Date(ms).toISOString();

function holderRows(db: Kysely<CoinSchemeTables>, holder: Holder): Promise<AccountRow[]> {
  return db
    .selectFrom("hcoin_accounts")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb("linked_member_ref", "=", holder.memberRef),
        eb.and([
          eb("mobile_phone_prefix", "=", holder.prefix),
          eb("mobile_phone", "=", holder.phone),
          eb("linked_member_ref", "is", null),
        ]),
      ]),
    )
    .orderBy("id")
    .execute();
}

async function ledgerTotals(db: Kysely<CoinSchemeTables>, accountId: number) {
  const row = await db
    .selectFrom("hcoin_transactions")
    .select([
      sql<string | number>`coalesce(sum(coins), 0)`.as("balance"),
      sql<string | number>`count(*)`.as("n"),
    ])
    .where("account_id", "=", accountId)
    .executeTakeFirstOrThrow();
  // PostgreSQL sums and counts bigints as numeric/bigint, which pg hands over as strings.
  return { balance: Number(row.balance), transactions: Number(row.n) };
}

/** Everything the scheme holds about the holder: their accounts with every ledger entry. */
export async function exportHolder(db: Kysely<CoinSchemeTables>, holder: Holder): Promise<HolderExport> {
  const accounts: HolderAccount[] = [];
  for (const row of await holderRows(db, holder)) {
    const entries = await db
      .selectFrom("hcoin_transactions")
      .selectAll()
      .where("account_id", "=", row.id)
      .orderBy("id")
      .execute();
    const { id: _id, ...account } = row;
    accounts.push({
      ...account,
      linked_at: row.linked_at === null ? null : iso(row.linked_at),
      created_at: iso(row.created_at),
      balance: entries.reduce((sum, entry) => sum + entry.coins, 0),
      transactions: entries.map(({ account_id: _account, ...entry }) => ({
        ...entry,
        created_at: iso(entry.created_at),
      })),
    });
  }
  return { accounts };
}

/**
 * Cuts the holder's accounts loose from the person: the number becomes `erased-<id>` under
 * an empty prefix (no lookup by number can find it, and the number is free for a new
 * account) and the member link is removed, so the member's QR code earns nothing more.
 * The ledger stays as it was, amounts and dates, for the accounts; the balance is still
 * the sum of its entries, and a refund of an earlier receipt still reverses it there.
 * Idempotent: a second call finds nothing left.
 */
export async function anonymiseHolder(
  db: Kysely<CoinSchemeTables>,
  holder: Holder,
): Promise<HolderAnonymiseResult> {
  const accounts: HolderAnonymiseResult["accounts"] = [];
  for (const row of await holderRows(db, holder)) {
    await db
      .updateTable("hcoin_accounts")
      .set({
        mobile_phone_prefix: "",
        mobile_phone: `erased-${row.id}`,
        linked_member_ref: null,
        linked_at: null,
        linked_by: null,
      })
      .where("id", "=", row.id)
      .execute();
    accounts.push({ hcoins_memberno: row.hcoins_memberno, ...(await ledgerTotals(db, row.id)) });
  }
  return { accounts };
}
