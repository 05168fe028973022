import type { ColumnPolicy } from "@hcoins/server-kit/column-policy";
import type { MemberCaseNotesTable, MemberPhoneHistoryTable } from "./tables.ts";

/** Every column of this module's tables, exported or withheld (see members/personal-data.ts). */
export const MEMBER_RECORD_DATA_COLUMNS: {
  member_phone_history: Record<keyof MemberPhoneHistoryTable, ColumnPolicy>;
  member_case_notes: Record<keyof MemberCaseNotesTable, ColumnPolicy>;
} = {
  member_phone_history: {
    id: "exported",
    member_id: "exported",
    mobile_phone_prefix: "exported",
    mobile_phone: "exported",
    replaced_at: "exported",
    replaced_by: "exported",
    reason: "exported",
  },
  // Notes about the member are their personal data: a data access request shows them.
  member_case_notes: {
    id: "exported",
    member_id: "exported",
    note: "exported",
    author: "exported",
    created_at: "exported",
  },
};
