import type { TableViews } from "@hcoins/server-kit/database";
import type { Insertable, Kysely } from "kysely";
import type { MemberReferralsTable, ReferralTables } from "./tables.ts";

/** The referral_codes and member_referrals tables (migration 0016). */
export class ReferralRepository {
  private readonly db: Kysely<ReferralTables>;

  constructor(database: TableViews) {
    this.db = database.tables<ReferralTables>();
  }

  private on(trx?: TableViews) {
    return trx ? trx.tables<ReferralTables>() : this.db;
  }

  async codeOf(memberId: number, trx?: TableViews): Promise<string | undefined> {
    const row = await this.on(trx)
      .selectFrom("referral_codes")
      .select("code")
      .where("member_id", "=", memberId)
      .executeTakeFirst();
    return row?.code;
  }

  async memberOfCode(code: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("referral_codes")
      .select("member_id")
      .where("code", "=", code)
      .executeTakeFirst();
    return row?.member_id;
  }

  /** Throws the unique violation when the member has a code already or the code is taken. */
  async addCode(memberId: number, code: string, at: number, trx?: TableViews): Promise<void> {
    await this.on(trx)
      .insertInto("referral_codes")
      .values({ member_id: memberId, code, created_at: at })
      .execute();
  }

  async removeCode(memberId: number, trx: TableViews): Promise<number> {
    const deleted = await trx
      .tables<ReferralTables>()
      .deleteFrom("referral_codes")
      .where("member_id", "=", memberId)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  async addReferral(referral: Insertable<MemberReferralsTable>, trx?: TableViews): Promise<void> {
    await this.on(trx).insertInto("member_referrals").values(referral).execute();
  }

  referralOf(referredMemberId: number, trx?: TableViews) {
    return this.on(trx)
      .selectFrom("member_referrals")
      .selectAll()
      .where("referred_member_id", "=", referredMemberId)
      .executeTakeFirst();
  }

  /** Marks the referral told to the scheme, once: false when another request did it first. */
  async markSent(id: number, at: number, trx: TableViews): Promise<boolean> {
    const updated = await trx
      .tables<ReferralTables>()
      .updateTable("member_referrals")
      .set({ sent_at: at })
      .where("id", "=", id)
      .where("sent_at", "is", null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** The referrer's referrals not yet handed to the scheme (their friend's account not linked then, or theirs). */
  unsentBy(referrerMemberId: number) {
    return this.db
      .selectFrom("member_referrals")
      .selectAll()
      .where("referrer_member_id", "=", referrerMemberId)
      .where("sent_at", "is", null)
      .orderBy("id")
      .execute();
  }

  /** The referrer's referrals, newest first. */
  madeBy(referrerMemberId: number, limit: number) {
    return this.db
      .selectFrom("member_referrals")
      .selectAll()
      .where("referrer_member_id", "=", referrerMemberId)
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }
}
