import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { CoinSchemeTables, HcoinReferralsTable, ReferralRow } from "./tables.ts";

// PostgreSQL counts as bigint, which pg hands over as a string.
type Counted = string | number;

export interface ReferralListFilter {
  state?: ReferralRow["state"] | undefined;
  /** Referrals made by this account (as referrer) or of it (as the referred). */
  accountId?: number | undefined;
}

/** Storage of referrals (CoinSchemeRepository.referrals, on the same connection or transaction). */
export class ReferralRepository {
  constructor(private readonly db: Kysely<CoinSchemeTables>) {}

  byReferred(accountId: number): Promise<ReferralRow | undefined> {
    return this.db
      .selectFrom("hcoin_referrals")
      .selectAll()
      .where("referred_account_id", "=", accountId)
      .executeTakeFirst();
  }

  insert(referral: Insertable<HcoinReferralsTable>): Promise<ReferralRow> {
    return this.db.insertInto("hcoin_referrals").values(referral).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * Decides a pending referral in one conditional statement: false when it was no longer pending
   * (decided meanwhile), so a referral is rewarded or refused once.
   */
  async decide(id: number, decision: Updateable<HcoinReferralsTable>): Promise<boolean> {
    const result = await this.db
      .updateTable("hcoin_referrals")
      .set(decision)
      .where("id", "=", id)
      .where("state", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** How many of the referrer's referrals were rewarded: the cap counts these. */
  async rewardedCount(referrerAccountId: number): Promise<number> {
    const row = await this.db
      .selectFrom("hcoin_referrals")
      .select(sql<Counted>`count(*)`.as("n"))
      .where("referrer_account_id", "=", referrerAccountId)
      .where("state", "=", "rewarded")
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Another referral of the same number or device (by their hashes) in one of `states`, other than
   * the referred account's own: which of the two matched, or null.
   */
  async samePerson(
    referredAccountId: number,
    hashes: { phone: string | null; device: string | null },
    states: readonly ReferralRow["state"][],
  ): Promise<"same_number" | "same_device" | null> {
    const { phone, device } = hashes;
    if (phone === null && device === null) return null;
    const rows = await this.db
      .selectFrom("hcoin_referrals")
      .select(["phone_hash", "device_hash"])
      .where("referred_account_id", "!=", referredAccountId)
      .where("state", "in", states)
      .where((eb) =>
        eb.or([
          ...(phone === null ? [] : [eb("phone_hash", "=", phone)]),
          ...(device === null ? [] : [eb("device_hash", "=", device)]),
        ]),
      )
      .execute();
    if (rows.some((row) => phone !== null && row.phone_hash === phone)) return "same_number";
    return rows.length > 0 ? "same_device" : null;
  }

  /** Newest first, with both accounts' H Coins numbers. */
  list(filter: ReferralListFilter, limit: number, offset: number) {
    let query = this.db
      .selectFrom("hcoin_referrals as r")
      .innerJoin("hcoin_accounts as referred", "referred.id", "r.referred_account_id")
      .leftJoin("hcoin_accounts as referrer", "referrer.id", "r.referrer_account_id")
      .selectAll("r")
      .select([
        "referred.hcoins_memberno as referred_memberno",
        "referrer.hcoins_memberno as referrer_memberno",
      ]);
    if (filter.state !== undefined) query = query.where("r.state", "=", filter.state);
    const accountId = filter.accountId;
    if (accountId !== undefined) {
      query = query.where((eb) =>
        eb.or([eb("r.referrer_account_id", "=", accountId), eb("r.referred_account_id", "=", accountId)]),
      );
    }
    return query.orderBy("r.id", "desc").limit(limit).offset(offset).execute();
  }
}
