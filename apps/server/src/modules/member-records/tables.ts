import type { Generated } from "kysely";

export type MemberRecordTables = {
  member_phone_history: MemberPhoneHistoryTable;
  member_case_notes: MemberCaseNotesTable;
};

/** A mobile number a member held before an operator changed it. */
export type MemberPhoneHistoryTable = {
  id: Generated<number>;
  member_id: number;
  mobile_phone_prefix: string;
  mobile_phone: string;
  replaced_at: number;
  /** The actor (`operator:<email>`). */
  replaced_by: string;
  reason: string;
};

/** An operator's note on a member: for operators only, never in the member's API. */
export type MemberCaseNotesTable = {
  id: Generated<number>;
  member_id: number;
  note: string;
  /** The actor (`operator:<email>`). */
  author: string;
  created_at: number;
};
