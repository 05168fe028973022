import { preparedQuery } from "@hcoins/server-kit/prepared-query";
import type { Kysely } from "kysely";
import type { Database, MemberRow, MemberUpdate, NewMember } from "../../db/schema.ts";

/** The members and blocked_numbers tables; only the members service uses this. */
export class MemberRepository {
  private readonly memberAndBlock;

  constructor(private readonly db: Kysely<Database>) {
    // CheckPhone runs on every login and registration screen: one statement, compiled once.
    this.memberAndBlock = preparedQuery(db, (prefix: string, phone: string) =>
      db
        .selectFrom("members")
        .leftJoin("blocked_numbers", (join) =>
          join
            .onRef("blocked_numbers.mobile_phone_prefix", "=", "members.mobile_phone_prefix")
            .onRef("blocked_numbers.mobile_phone", "=", "members.mobile_phone"),
        )
        .selectAll("members")
        .select("blocked_numbers.created_at as blocked_at")
        .where("members.mobile_phone_prefix", "=", prefix)
        .where("members.mobile_phone", "=", phone),
    );
  }

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

  /** The member holding the number, if any, and whether the number is blocked. */
  async findByPhoneWithBlock(
    prefix: string,
    phone: string,
  ): Promise<{ member: MemberRow | undefined; blocked: boolean }> {
    const [row] = await this.memberAndBlock(prefix, phone);
    if (!row) return { member: undefined, blocked: await this.isBlocked(prefix, phone) };
    const { blocked_at, ...member } = row;
    return { member, blocked: blocked_at !== null };
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
