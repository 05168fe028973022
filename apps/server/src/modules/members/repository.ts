import type { TableViews } from "@hcoins/server-kit/database";
import { preparedQuery } from "@hcoins/server-kit/prepared-query";
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from "kysely";
import type {
  AccessTokensTable,
  MarketingConsentsTable,
  MemberRow,
  MembersTable,
  MemberTables,
} from "./tables.ts";

/** The fields that make a profile complete (CheckPhone's 40005 / 40006, user info's profile_completed). */
export type ProfileFields = Pick<
  MemberRow,
  | "title"
  | "first_name"
  | "last_name"
  | "email"
  | "gender"
  | "birthday_month"
  | "age_range"
  | "region"
  | "district"
>;

/** What CheckPhone decides on: whose number it is, whether the account may go on, the profile, the password. */
export type PhoneHolder = Pick<MemberRow, "id" | "disabled"> & ProfileFields & { has_password: boolean };

/** The members, blocked_numbers, access_tokens and marketing_consents tables; only the members service uses this. */
export class MemberRepository {
  private readonly db: Kysely<MemberTables>;
  private readonly memberAndBlock;
  private readonly sessionRow;

  constructor(database: TableViews) {
    const db = database.tables<MemberTables>();
    this.db = db;
    // CheckPhone runs on every login and registration screen: one statement, compiled once, and
    // only the columns it decides on (a whole member row, its password hash among them, was a
    // fifth of the call).
    this.memberAndBlock = preparedQuery(db, (prefix: string, phone: string) =>
      db
        .selectFrom("members")
        .leftJoin("blocked_numbers", (join) =>
          join
            .onRef("blocked_numbers.mobile_phone_prefix", "=", "members.mobile_phone_prefix")
            .onRef("blocked_numbers.mobile_phone", "=", "members.mobile_phone"),
        )
        .select([
          "members.id",
          "members.disabled",
          "members.title",
          "members.first_name",
          "members.last_name",
          "members.email",
          "members.gender",
          "members.birthday_month",
          "members.age_range",
          "members.region",
          "members.district",
          "blocked_numbers.created_at as blocked_at",
        ])
        .select((eb) => eb("members.password_hash", "is not", null).as("has_password"))
        .where("members.mobile_phone_prefix", "=", prefix)
        .where("members.mobile_phone", "=", phone),
    );
    // Every member call looks its token up (plugins/auth-header.ts): token and member in one
    // statement, compiled once.
    this.sessionRow = preparedQuery(db, (tokenHash: string) =>
      db
        .selectFrom("access_tokens")
        .innerJoin("members", "members.id", "access_tokens.member_id")
        .selectAll("members")
        .select([
          "access_tokens.expires_at as token_expires_at",
          "access_tokens.revoked_at as token_revoked_at",
        ])
        .where("access_tokens.token_hash", "=", tokenHash),
    );
  }

  /** These tables inside the caller's transaction, or outside any. */
  private on(trx: TableViews | undefined): Kysely<MemberTables> {
    return trx ? trx.tables<MemberTables>() : this.db;
  }

  findById(id: number, trx?: TableViews): Promise<MemberRow | undefined> {
    return this.on(trx).selectFrom("members").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findByPhone(prefix: string, phone: string, trx?: TableViews): Promise<MemberRow | undefined> {
    return this.on(trx)
      .selectFrom("members")
      .selectAll()
      .where("mobile_phone_prefix", "=", prefix)
      .where("mobile_phone", "=", phone)
      .executeTakeFirst();
  }

  findByEmail(email: string, trx?: TableViews): Promise<MemberRow | undefined> {
    return this.on(trx).selectFrom("members").selectAll().where("email", "=", email).executeTakeFirst();
  }

  findByExternalCustomerId(externalCustomerId: string): Promise<MemberRow | undefined> {
    return this.db
      .selectFrom("members")
      .selectAll()
      .where("external_customer_id", "=", externalCustomerId)
      .executeTakeFirst();
  }

  findByMemberNo(memberNo: string, trx?: TableViews): Promise<MemberRow | undefined> {
    return this.on(trx)
      .selectFrom("members")
      .selectAll()
      .where("member_no", "=", memberNo)
      .executeTakeFirst();
  }

  insert(values: Insertable<MembersTable>, trx?: TableViews): Promise<MemberRow> {
    return this.on(trx).insertInto("members").values(values).returningAll().executeTakeFirstOrThrow();
  }

  update(id: number, values: Updateable<MembersTable>, trx?: TableViews): Promise<MemberRow> {
    return this.on(trx)
      .updateTable("members")
      .set(values)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Takes the member's row lock for the rest of the transaction (a write that changes nothing:
   * PostgreSQL locks the row, SQLite takes the one write lock) and answers the row as it is now,
   * so that a change compared with it is the change another writer cannot interleave with. It
   * writes updated_at, not the key: on PostgreSQL a key write takes the key lock, which a
   * session's insert (its foreign key) would wait on.
   */
  lockMember(id: number, trx: TableViews): Promise<MemberRow> {
    return this.on(trx)
      .updateTable("members")
      .set({ updated_at: sql`updated_at` })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async insertConsentRecords(rows: Insertable<MarketingConsentsTable>[], trx: TableViews): Promise<void> {
    if (rows.length > 0) await this.on(trx).insertInto("marketing_consents").values(rows).execute();
  }

  /** A member's consent records, oldest first. */
  consentRecordsOf(memberId: number) {
    return this.db
      .selectFrom("marketing_consents")
      .selectAll()
      .where("member_id", "=", memberId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  /** Deletes a member's consent records; returns how many. */
  async deleteConsentRecordsOf(memberId: number, trx: TableViews): Promise<number> {
    const result = await this.on(trx)
      .deleteFrom("marketing_consents")
      .where("member_id", "=", memberId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Sets the password of a member who has none; false when one was set meanwhile. */
  async setPasswordHashIfNone(id: number, passwordHash: string, now: number): Promise<boolean> {
    const updated = await this.db
      .updateTable("members")
      .set({ password_hash: passwordHash, updated_at: now })
      .where("id", "=", id)
      .where("password_hash", "is", null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** True when the row was there to delete. */
  async delete(id: number, trx: TableViews): Promise<boolean> {
    const removed = await this.on(trx).deleteFrom("members").where("id", "=", id).executeTakeFirst();
    return Number(removed.numDeletedRows) === 1;
  }

  /** The member holding the number, if any, and whether the number is blocked. */
  async phoneHolder(
    prefix: string,
    phone: string,
  ): Promise<{ member: PhoneHolder | undefined; blocked: boolean }> {
    const [row] = await this.memberAndBlock(prefix, phone);
    if (!row) return { member: undefined, blocked: await this.isBlocked(prefix, phone) };
    const member = { ...row, has_password: Boolean(row.has_password) };
    return { member, blocked: row.blocked_at !== null };
  }

  async isBlocked(prefix: string, phone: string): Promise<boolean> {
    return (await this.blockOf(prefix, phone)) !== undefined;
  }

  blockOf(prefix: string, phone: string) {
    return this.db
      .selectFrom("blocked_numbers")
      .selectAll()
      .where("mobile_phone_prefix", "=", prefix)
      .where("mobile_phone", "=", phone)
      .executeTakeFirst();
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

  async insertAccessToken(row: Selectable<AccessTokensTable>, trx?: TableViews): Promise<void> {
    await this.on(trx).insertInto("access_tokens").values(row).execute();
  }

  /** The member and the token's expiry and revocation, for a token's hash. */
  async session(tokenHash: string) {
    const [row] = await this.sessionRow(tokenHash);
    return row;
  }

  async revokeAccessToken(tokenHash: string, now: number): Promise<void> {
    await this.db
      .updateTable("access_tokens")
      .set({ revoked_at: now })
      .where("token_hash", "=", tokenHash)
      .where("revoked_at", "is", null)
      .execute();
  }

  /** Revokes every live token of a member except the one given. */
  async revokeAccessTokensOf(
    memberId: number,
    exceptHash: string | null,
    now: number,
    trx?: TableViews,
  ): Promise<void> {
    let query = this.on(trx)
      .updateTable("access_tokens")
      .set({ revoked_at: now })
      .where("member_id", "=", memberId)
      .where("revoked_at", "is", null);
    if (exceptHash) query = query.where("token_hash", "!=", exceptHash);
    await query.execute();
  }

  accessTokensOf(memberId: number) {
    return this.db
      .selectFrom("access_tokens")
      .selectAll()
      .where("member_id", "=", memberId)
      .orderBy("created_at")
      .execute();
  }

  /** Deletes the tokens expired by `expiredBy` or revoked before `revokedBefore`; returns how many. */
  async deleteEndedAccessTokens(expiredBy: number, revokedBefore: number): Promise<number> {
    const result = await this.db
      .deleteFrom("access_tokens")
      .where((eb) => eb.or([eb("expires_at", "<=", expiredBy), eb("revoked_at", "<", revokedBefore)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes every token of the member; returns their expiry and revocation. */
  deleteAccessTokensOf(memberId: number, trx: TableViews) {
    return this.on(trx)
      .deleteFrom("access_tokens")
      .where("member_id", "=", memberId)
      .returning(["revoked_at", "expires_at"])
      .execute();
  }
}
