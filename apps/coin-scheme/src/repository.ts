import { containsText } from "@hcoins/server-kit/contains-text";
import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import { CampaignRepository } from "./campaign-repository.ts";
import { FiguresRepository } from "./figures-repository.ts";
import type { Holder } from "./holders.ts";
import { MissionRepository } from "./mission-repository.ts";
import { ReferralRepository } from "./referral-repository.ts";
import { RewardRepository } from "./reward-repository.ts";
import { SegmentRepository } from "./segment-repository.ts";
import type {
  AccountRow,
  CoinSchemeTables,
  EntryKind,
  EntryRow,
  HcoinAccountsTable,
  HcoinLedgerTable,
} from "./tables.ts";
import { TierRepository } from "./tier-repository.ts";
import { TillKeyRepository } from "./till-key-repository.ts";

/** An account's profile-fact columns (tables.ts), as profile-facts.ts writes them. */
export type ProfileFactColumns = Required<
  Pick<
    Updateable<HcoinAccountsTable>,
    | "region"
    | "district"
    | "age_range"
    | "consent_email"
    | "consent_sms"
    | "consent_phone"
    | "profile_facts_at"
  >
>;

/** What an account holds of a member's profile once it is no one's (an erasure). */
const NO_PROFILE_FACTS: ProfileFactColumns = {
  region: null,
  district: null,
  age_range: null,
  consent_email: null,
  consent_sms: null,
  consent_phone: null,
  profile_facts_at: null,
};

/** Which of an account's entries a ledger page shows; times are unix ms, both ends included. */
export interface LedgerFilter {
  kind?: EntryKind | undefined;
  from?: number | undefined;
  to?: number | undefined;
  storeCode?: string | undefined;
  /** Part of the receipt number, any case. */
  receiptNo?: string | undefined;
  order?: "newest" | "oldest" | undefined;
}

// PostgreSQL sums and counts bigints as numeric/bigint, which pg hands over as strings.
type Counted = string | number;

/**
 * The scheme's storage: the only code that reads or writes its tables. An account's ledger
 * entries are written in a transaction that first takes the account's row lock (lockAccount):
 * every write to one account's ledger and balance then happens one after the other, on
 * SQLite (one writer) and on PostgreSQL (the row lock) alike, across instances.
 */
export class CoinSchemeRepository {
  /** The catalogue and the vouchers, on the same connection or transaction. */
  readonly rewards: RewardRepository;
  /** The ledger summed per day for operators. */
  readonly figures: FiguresRepository;

  /** The till keys operators make. */
  readonly tillKeys: TillKeyRepository;

  /** Campaigns and the earn lines of purchases and refunds. */
  readonly campaigns: CampaignRepository;

  /** The tier ladder, accounts' tiers and their history. */
  readonly tiers: TierRepository;
  /** Referrals and their rewards (referrals.ts). */
  readonly referrals: ReferralRepository;
  /** Segments and who is in them (segments.ts). */
  readonly segments: SegmentRepository;
  /** E-stamp missions, members' cards and stamps (missions.ts). */
  readonly missions: MissionRepository;

  constructor(private readonly db: Kysely<CoinSchemeTables>) {
    this.campaigns = new CampaignRepository(db);
    this.tiers = new TierRepository(db);
    this.rewards = new RewardRepository(db);
    this.figures = new FiguresRepository(db);
    this.segments = new SegmentRepository(db);
    this.tillKeys = new TillKeyRepository(db);
    this.referrals = new ReferralRepository(db);
    this.missions = new MissionRepository(db);
  }

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

  /** Records the birth month where there is none yet; 0 when one was recorded (it never changes). */
  async setBirthMonth(id: number, month: number): Promise<number> {
    const result = await this.db
      .updateTable("hcoin_accounts")
      .set({ birth_month: month })
      .where("id", "=", id)
      .where("birth_month", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** An operator's correction of the birth month (the profile's once-only rule does not hold it). */
  async correctBirthMonth(id: number, month: number): Promise<void> {
    await this.db.updateTable("hcoin_accounts").set({ birth_month: month }).where("id", "=", id).execute();
  }

  /**
   * The member's profile facts, written only while the account is linked to `memberRef` (in the
   * same statement, so that an erasure that unlinked it meanwhile keeps it empty); 0 when it is not.
   */
  async setProfileFacts(id: number, memberRef: string, facts: ProfileFactColumns): Promise<number> {
    const result = await this.db
      .updateTable("hcoin_accounts")
      .set(facts)
      .where("id", "=", id)
      .where("linked_member_ref", "=", memberRef)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Up to `limit` linked accounts the member server has sent no profile facts for, in H Coins
   * number order after `after`: read from the partial index hcoin_accounts_facts_missing alone.
   */
  accountsWithoutProfileFacts(after: string | null, limit: number) {
    let query = this.db
      .selectFrom("hcoin_accounts")
      .select(["hcoins_memberno", "linked_member_ref"])
      .where("linked_member_ref", "is not", null)
      .where("profile_facts_at", "is", null);
    if (after !== null) query = query.where("hcoins_memberno", ">", after);
    return query.orderBy("hcoins_memberno").limit(limit).execute();
  }

  /** The account's mobile number follows the member's number change. */
  async setPhone(id: number, prefix: string, phone: string): Promise<void> {
    await this.db
      .updateTable("hcoin_accounts")
      .set({ mobile_phone_prefix: prefix, mobile_phone: phone })
      .where("id", "=", id)
      .execute();
  }

  /**
   * Takes the account's row lock for the rest of the transaction (a write that changes nothing:
   * PostgreSQL locks the row, SQLite takes the one write lock) and answers the row as it is now.
   */
  lockAccount(id: number): Promise<AccountRow> {
    return this.db
      .updateTable("hcoin_accounts")
      .set({ balance: sql`balance` })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Suspends (at, by) or resumes (null) the account: false when it already was so. */
  async setSuspended(id: number, suspension: { at: number; by: string } | null): Promise<boolean> {
    const result = await this.db
      .updateTable("hcoin_accounts")
      .set({ suspended_at: suspension?.at ?? null, suspended_by: suspension?.by ?? null })
      .where("id", "=", id)
      .where("suspended_at", suspension ? "is" : "is not", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async addToBalance(id: number, coins: number): Promise<number> {
    const row = await this.db
      .updateTable("hcoin_accounts")
      .set({ balance: sql`balance + ${coins}` })
      .where("id", "=", id)
      .returning("balance")
      .executeTakeFirstOrThrow();
    return Number(row.balance);
  }

  // ---- the ledger --------------------------------------------------------------

  entryByKey(key: string) {
    return this.db.selectFrom("hcoin_ledger").selectAll().where("entry_key", "=", key).executeTakeFirst();
  }

  /** What a receipt's refunds have returned so far. */
  async refundedOf(
    storeCode: string,
    receiptNo: string,
  ): Promise<{ netCents: number; electronicCents: number }> {
    const row = await this.db
      .selectFrom("hcoin_ledger")
      .select([
        sql<Counted>`coalesce(sum(net_cents), 0)`.as("net"),
        sql<Counted>`coalesce(sum(electronic_cents), 0)`.as("electronic"),
      ])
      .where("store_code", "=", storeCode)
      .where("receipt_no", "=", receiptNo)
      .where("kind", "=", "refund")
      .executeTakeFirstOrThrow();
    return { netCents: Number(row.net), electronicCents: Number(row.electronic) };
  }

  /** Throws a unique violation when the entry's key was used before. */
  insertEntry(entry: Insertable<HcoinLedgerTable>): Promise<EntryRow> {
    return this.db.insertInto("hcoin_ledger").values(entry).returningAll().executeTakeFirstOrThrow();
  }

  /** The account's credits with coins left, in the order debits take them: soonest to expire, then oldest. */
  openCredits(accountId: number): Promise<EntryRow[]> {
    return this.db
      .selectFrom("hcoin_ledger")
      .selectAll()
      .where("account_id", "=", accountId)
      .where("remaining", ">", 0)
      .orderBy(sql`expires_at is null`)
      .orderBy("expires_at")
      .orderBy("id")
      .execute();
  }

  async setRemaining(entryId: number, remaining: number): Promise<void> {
    await this.db.updateTable("hcoin_ledger").set({ remaining }).where("id", "=", entryId).execute();
  }

  /** One page of the account's entries that match `filter`, newest (or oldest) first. */
  ledgerPage(accountId: number, filter: LedgerFilter, limit: number, offset = 0): Promise<EntryRow[]> {
    const direction = filter.order === "oldest" ? "asc" : "desc";
    return this.filteredLedger(accountId, filter)
      .selectAll()
      .orderBy("created_at", direction)
      .orderBy("id", direction)
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** How many of the account's entries match `filter` (all of them without one). */
  async entryCount(accountId: number, filter: LedgerFilter = {}): Promise<number> {
    const row = await this.filteredLedger(accountId, filter)
      .select(sql<Counted>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private filteredLedger(accountId: number, filter: LedgerFilter) {
    let query = this.db.selectFrom("hcoin_ledger").where("account_id", "=", accountId);
    if (filter.kind !== undefined) query = query.where("kind", "=", filter.kind);
    if (filter.from !== undefined) query = query.where("created_at", ">=", filter.from);
    if (filter.to !== undefined) query = query.where("created_at", "<=", filter.to);
    if (filter.storeCode !== undefined) query = query.where("store_code", "=", filter.storeCode);
    if (filter.receiptNo !== undefined) query = query.where(containsText("receipt_no", filter.receiptNo));
    return query;
  }

  /** The accounts whose ledger holds the receipt number (any store), at most `limit` (the hcoin_ledger_receipt_no index). */
  accountsWithReceipt(receiptNo: string, limit: number): Promise<AccountRow[]> {
    return this.db
      .selectFrom("hcoin_accounts")
      .selectAll()
      .where("id", "in", (eb) =>
        eb.selectFrom("hcoin_ledger").select("account_id").where("receipt_no", "=", receiptNo),
      )
      .orderBy("id")
      .limit(limit)
      .execute();
  }

  /** The account's unspent coins that expire, summed by expiry instant, soonest first. */
  async expiringCoins(accountId: number, limit: number): Promise<{ expiresAt: number; coins: number }[]> {
    const rows = await this.db
      .selectFrom("hcoin_ledger")
      .select(["expires_at", sql<Counted>`sum(remaining)`.as("coins")])
      .where("account_id", "=", accountId)
      .where("remaining", ">", 0)
      .where("expires_at", "is not", null)
      .groupBy("expires_at")
      .orderBy("expires_at")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ expiresAt: Number(row.expires_at), coins: Number(row.coins) }));
  }

  /** The account's purchases since `since`: how many and their net spend (velocity limits). */
  async purchasesSince(accountId: number, since: number): Promise<{ count: number; netCents: number }> {
    const row = await this.db
      .selectFrom("hcoin_ledger")
      .select([sql<Counted>`count(*)`.as("n"), sql<Counted>`coalesce(sum(net_cents), 0)`.as("net")])
      .where("account_id", "=", accountId)
      .where("kind", "=", "purchase")
      .where("created_at", ">=", since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), netCents: Number(row.net) };
  }

  /** Credits whose coins expire by `at` and still have some, oldest expiry first. */
  dueCredits(at: number, limit: number): Promise<EntryRow[]> {
    return this.db
      .selectFrom("hcoin_ledger")
      .selectAll()
      .where("remaining", ">", 0)
      .where("expires_at", "<=", at)
      .orderBy("expires_at")
      .orderBy("id")
      .limit(limit)
      .execute();
  }

  /** What would expire by `at`: credits, accounts and coins. */
  async dueTotals(at: number): Promise<{ credits: number; accounts: number; coins: number }> {
    const row = await this.db
      .selectFrom("hcoin_ledger")
      .select([
        sql<Counted>`count(*)`.as("credits"),
        sql<Counted>`count(distinct account_id)`.as("accounts"),
        sql<Counted>`coalesce(sum(remaining), 0)`.as("coins"),
      ])
      .where("remaining", ">", 0)
      .where("expires_at", "<=", at)
      .executeTakeFirstOrThrow();
    return { credits: Number(row.credits), accounts: Number(row.accounts), coins: Number(row.coins) };
  }

  /**
   * Accounts whose balance row disagrees with their ledger: the sum of its coins, and (when the
   * balance is not below zero) the sum of its credits' remaining coins.
   */
  async ledgerDisagreements(): Promise<
    { hcoins_memberno: string; balance: number; ledger_sum: number; remaining_sum: number }[]
  > {
    const rows = await this.db
      .selectFrom("hcoin_accounts as a")
      .leftJoin("hcoin_ledger as l", "l.account_id", "a.id")
      .select([
        "a.hcoins_memberno",
        "a.balance",
        sql<Counted>`coalesce(sum(l.coins), 0)`.as("ledger_sum"),
        sql<Counted>`coalesce(sum(l.remaining), 0)`.as("remaining_sum"),
      ])
      .groupBy(["a.id", "a.hcoins_memberno", "a.balance"])
      .execute();
    return rows
      .map((row) => ({
        hcoins_memberno: row.hcoins_memberno,
        balance: Number(row.balance),
        ledger_sum: Number(row.ledger_sum),
        remaining_sum: Number(row.remaining_sum),
      }))
      .filter((row) => row.balance !== row.ledger_sum || row.remaining_sum !== Math.max(0, row.balance));
  }

  async accountCount(): Promise<number> {
    const row = await this.db
      .selectFrom("hcoin_accounts")
      .select(sql<Counted>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // ---- stores, bonus days and settings ---------------------------------------------

  store(storeCode: string) {
    return this.db
      .selectFrom("hcoin_stores")
      .selectAll()
      .where("store_code", "=", storeCode)
      .executeTakeFirst();
  }

  stores() {
    return this.db.selectFrom("hcoin_stores").selectAll().orderBy("store_code").execute();
  }

  async setStore(storeCode: string, flag: number, brandCode: string | null, at: number): Promise<void> {
    const values = { partner_property: flag, brand_code: brandCode, updated_at: at };
    await this.db
      .insertInto("hcoin_stores")
      .values({ store_code: storeCode, ...values })
      .onConflict((oc) => oc.column("store_code").doUpdateSet(values))
      .execute();
  }

  setting(key: string) {
    return this.db.selectFrom("hcoin_settings").selectAll().where("key", "=", key).executeTakeFirst();
  }

  async setSetting(key: string, value: string, by: string, at: number): Promise<void> {
    await this.db
      .insertInto("hcoin_settings")
      .values({ key, value, updated_by: by, updated_at: at })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_by: by, updated_at: at }))
      .execute();
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
  ledgerOf(accountId: number): Promise<EntryRow[]> {
    return this.db
      .selectFrom("hcoin_ledger")
      .selectAll()
      .where("account_id", "=", accountId)
      .orderBy("id")
      .execute();
  }

  /**
   * Cuts an account loose from its person: the number becomes `erased-<id>` under an empty
   * prefix (no lookup by number finds it, and the number is free for a new account), the member
   * link, the birth month and the profile facts go. The ledger is not touched.
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
        birth_month: null,
        ...NO_PROFILE_FACTS,
      })
      .where("id", "=", id)
      .execute();
  }
}
