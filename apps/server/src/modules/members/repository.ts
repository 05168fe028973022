import type { Kysely } from "kysely";
import type { Database, MemberRow, MemberUpdate, NewMember } from "../../db/schema.ts";

/** The members and blocked_numbers tables; only the members service uses this. */
export class MemberRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number, trx: Kysely<Database> = this.db): Promise<MemberRow | undefined> {
    return trx.selectFrom("members").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findByPhone(
    prefix: string,
    phone: string,
    trx: Kysely<Database> = this.db,
  ): Promise<MemberRow | undefined> {
    return trx
      .selectFrom("members")
      .selectAll()
      .where("mobile_phone_prefix", "=", prefix)
      .where("mobile_phone", "=", phone)
      .executeTakeFirst();
  }

  findByEmail(email: string, trx: Kysely<Database> = this.db): Promise<MemberRow | undefined> {
    return trx.selectFrom("members").selectAll().where("email", "=", email).executeTakeFirst();
  }

  findByMemberNo(memberNo: string): Promise<MemberRow | undefined> {
    return this.db.selectFrom("members").selectAll().where("member_no", "=", memberNo).executeTakeFirst();
  }

  async insert(values: NewMember, trx: Kysely<Database> = this.db): Promise<MemberRow> {
    return trx.insertInto("members").values(values).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, values: MemberUpdate, trx: Kysely<Database> = this.db): Promise<MemberRow> {
    return trx
      .updateTable("members")
      .set(values)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async isBlocked(prefix: string, phone: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("blocked_numbers")
      .select("mobile_phone")
      .where("mobile_phone_prefix", "=", prefix)
      .where("mobile_phone", "=", phone)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** True when the number was newly blocked. */
  async block(prefix: string, phone: string, reason: string, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto("blocked_numbers")
      .values({ mobile_phone_prefix: prefix, mobile_phone: phone, reason, created_at: now })
      .onConflict((oc) => oc.columns(["mobile_phone_prefix", "mobile_phone"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** True when the number was blocked before. */
  async unblock(prefix: string, phone: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("blocked_numbers")
      .where("mobile_phone_prefix", "=", prefix)
      .where("mobile_phone", "=", phone)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
