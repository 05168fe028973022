import { type Insertable, type Kysely, sql } from "kysely";
import type { Holder } from "./holders.ts";
import type {
  AccountRow,
  CoinSchemeTables,
  HcoinAccountsTable,
  HcoinTransactionsTable,
  TransactionKind,
  TransactionRow,
} from "./tables.ts";

/**
 * The scheme's storage: the only code that reads or writes its tables. Writes are single
 * statements guarded by unique constraints; the service settles races on what they throw.
 */
export class CoinSchemeRepository {
  constructor(private readonly db: Kysely<CoinSchemeTables>) {}

  /**
   * Runs `work` in one transaction. Already in one (the member server's erasure runs the
   * embedded scheme inside its own), `work` joins it: both commit together or neither does.
   */
  inTransaction<R>(work: (repository: CoinSchemeRepository) => Promise<R>): Promise<R> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new CoinSchemeRepository(trx)));
  }

  // ---- accounts ----------------------------------------------------------------

  accountById(id: number) {
    return this.db.selectFrom("hcoin_accounts").selectAll().where("id", "=", id).executeTakeFirst();
  }

  accountByPhone(prefix: string, phone: string) {
    return this.db
      .selectFrom("hcoin_accounts")
      .selectAll()
      .where("mobile_phone_prefix", "=", prefix)
      .where("mobile_phone", "=", phone)
      .executeTakeFirst();
  }

  accountByMemberNo(hcoinsMemberNo: string) {
    return this.db
      .selectFrom("hcoin_accounts")
      .selectAll()
      .where("hcoins_memberno", "=", hcoinsMemberNo)
      .executeTakeFirst();
  }

  accountByMemberRef(memberRef: string) {
    return this.db
      .selectFrom("hcoin_accounts")
      .selectAll()
      .where("linked_member_ref", "=", memberRef)
      .executeTakeFirst();
  }

  insertAccount(account: Insertable<HcoinAccountsTable>): Promise<AccountRow> {
    return this.db.insertInto("hcoin_accounts").values(account).returningAll().executeTakeFirstOrThrow();
  }

  /** Links an unlinked account; 0 when it was linked meanwhile. Throws a unique violation when the ref is taken. */
  async linkAccount(id: number, link: { memberRef: string; at: number; client: string }): Promise<number> {
    const result = await this.db
      .updateTable("hcoin_accounts")
      .set({ linked_member_ref: link.memberRef, linked_at: link.at, linked_by: link.client })
      .where("id", "=", id)
      .where("linked_member_ref", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The sum of the account's ledger. */
  async balanceOf(accountId: number): Promise<number> {
    const row = await this.db
      .selectFrom("hcoin_transactions")
      .select(sql<string | number>`coalesce(sum(coins), 0)`.as("balance"))
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    // PostgreSQL sums a bigint column as numeric, which pg hands over as a string.
    return Number(row?.balance ?? 0);
  }

  // ---- the ledger --------------------------------------------------------------

  receipt(storeCode: string, receiptNo: string, kind: TransactionKind) {
    return this.db
      .selectFrom("hcoin_transactions")
      .selectAll()
      .where("store_code", "=", storeCode)
      .where("receipt_no", "=", receiptNo)
      .where("kind", "=", kind)
      .executeTakeFirst();
  }

  /** Throws a unique violation when the receipt already has a transaction of this kind. */
  insertTransaction(transaction: Insertable<HcoinTransactionsTable>): Promise<TransactionRow> {
    return this.db
      .insertInto("hcoin_transactions")
      .values(transaction)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  newestTransactions(accountId: number, limit: number): Promise<TransactionRow[]> {
    return this.db
      .selectFrom("hcoin_transactions")
      .selectAll()
      .where("account_id", "=", accountId)
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }

  // ---- stores and bonus days -----------------------------------------------------

  async partnerFlag(storeCode: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("hcoin_stores")
      .select("partner_property")
      .where("store_code", "=", storeCode)
      .executeTakeFirst();
    return row?.partner_property;
  }

  async setPartnerFlag(storeCode: string, flag: number, at: number): Promise<void> {
    await this.db
      .insertInto("hcoin_stores")
      .values({ store_code: storeCode, partner_property: flag, updated_at: at })
      .onConflict((oc) => oc.column("store_code").doUpdateSet({ partner_property: flag, updated_at: at }))
      .execute();
  }

  async bonusDay(date: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("hcoin_bonus_days")
      .select("multiplier")
      .where("date", "=", date)
      .executeTakeFirst();
    return row?.multiplier;
  }

  bonusDays() {
    return this.db.selectFrom("hcoin_bonus_days").select(["date", "multiplier"]).execute();
  }

  async setBonusDay(date: string, multiplier: number, at: number): Promise<void> {
    await this.db
      .insertInto("hcoin_bonus_days")
      .values({ date, multiplier, updated_at: at })
      .onConflict((oc) => oc.column("date").doUpdateSet({ multiplier, updated_at: at }))
      .execute();
  }

  /** True when there was one to remove. */
  async removeBonusDay(date: string): Promise<boolean> {
    const result = await this.db.deleteFrom("hcoin_bonus_days").where("date", "=", date).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ---- holders (data protection) ---------------------------------------------------

  /** The account linked to the holder's member and an unlinked account of their number. */
  holderAccounts(holder: Holder): Promise<AccountRow[]> {
    return this.db
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

  /** Every entry of the account's ledger, oldest first. */
  ledgerOf(accountId: number): Promise<TransactionRow[]> {
    return this.db
      .selectFrom("hcoin_transactions")
      .selectAll()
      .where("account_id", "=", accountId)
      .orderBy("id")
      .execute();
  }

  async ledgerTotals(accountId: number): Promise<{ balance: number; transactions: number }> {
    const row = await this.db
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

  /**
   * Cuts an account loose from its person: the number becomes `erased-<id>` under an empty
   * prefix (no lookup by number finds it, and the number is free for a new account) and the
   * member link goes. The ledger is not touched.
   */
  async anonymiseAccount(id: number): Promise<void> {
    await this.db
      .updateTable("hcoin_accounts")
      .set({
        mobile_phone_prefix: "",
        mobile_phone: `erased-${id}`,
        linked_member_ref: null,
        linked_at: null,
        linked_by: null,
      })
      .where("id", "=", id)
      .execute();
  }
}
