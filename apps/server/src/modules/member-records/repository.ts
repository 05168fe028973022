import type { TableViews } from "@hcoins/server-kit/database";
import type { Insertable, Kysely } from "kysely";
import type { MemberPhoneHistoryTable, MemberRecordTables } from "./tables.ts";

/** The member_phone_history and member_case_notes tables. */
export class MemberRecordRepository {
  private readonly db: Kysely<MemberRecordTables>;

  constructor(database: TableViews) {
    this.db = database.tables<MemberRecordTables>();
  }

  async addPhone(row: Insertable<MemberPhoneHistoryTable>, trx: TableViews): Promise<void> {
    await trx.tables<MemberRecordTables>().insertInto("member_phone_history").values(row).execute();
  }

  phonesOf(memberId: number) {
    return this.db
      .selectFrom("member_phone_history")
      .selectAll()
      .where("member_id", "=", memberId)
      .orderBy("id", "desc")
      .execute();
  }

  addNote(memberId: number, note: string, author: string, at: number) {
    return this.db
      .insertInto("member_case_notes")
      .values({ member_id: memberId, note, author, created_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  notesOf(memberId: number, limit: number, offset: number) {
    return this.db
      .selectFrom("member_case_notes")
      .selectAll()
      .where("member_id", "=", memberId)
      .orderBy("id", "desc")
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Every note of the member, oldest first (a data access request). */
  allNotesOf(memberId: number) {
    return this.db
      .selectFrom("member_case_notes")
      .selectAll()
      .where("member_id", "=", memberId)
      .orderBy("id")
      .execute();
  }

  async noteCount(memberId: number): Promise<number> {
    const row = await this.db
      .selectFrom("member_case_notes")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
