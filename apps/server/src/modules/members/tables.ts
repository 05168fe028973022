import type { ConsentChannel } from "@hcoins/domain/marketing-consent";
import type { Generated, Selectable } from "kysely";

/**
 * The members module's tables. A member's sessions (access_tokens) and the blocks of numbers
 * live here beside the member rows: the two reads every request makes (the session behind a
 * bearer token, CheckPhone) join them to `members` in one statement
 * (docs/decisions/059-each-member-server-table-has-one-owning-module-and-only-its.md).
 * Times are unix milliseconds, flags 0/1 integers (db/migrations has the columns).
 */
export type MemberTables = {
  members: MembersTable;
  blocked_numbers: BlockedNumbersTable;
  access_tokens: AccessTokensTable;
  marketing_consents: MarketingConsentsTable;
};

export type MembersTable = {
  id: Generated<number>;
  member_no: string | null;
  mobile_phone_prefix: string;
  mobile_phone: string;
  password_hash: string | null;
  title: number | null;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  gender: number | null;
  birthday_month: number | null;
  age_range: string | null;
  region: string | null;
  district: string | null;
  referral_code: string | null;
  sms_subscription: number;
  email_subscription: number;
  do_not_call: number;
  /** Comma-separated unsubscribe reason ids (1-6). */
  unsubscribe_reasons: string;
  /** The member's words beside the "Other" reason, "" when none (the column's default, hence Generated). */
  unsubscribe_reason_other: Generated<string>;
  register_store_code: string | null;
  external_customer_id: string | null;
  /** "web" for members who registered here, "import" for app members brought in by an operator. */
  source: string;
  disabled: number;
  created_at: number;
  updated_at: number;
};

/** A member as the server holds them: one row of `members`. */
export type MemberRow = Selectable<MembersTable>;

export type BlockedNumbersTable = {
  mobile_phone_prefix: string;
  mobile_phone: string;
  reason: string;
  created_at: number;
};

export type AccessTokensTable = {
  token_hash: string;
  member_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
};

/** Where a consent change was made. */
export type ConsentSource = "registration" | "profile" | "preferences" | "unsubscribe_link" | "import";

/** Each change of a member's direct-marketing consent on a channel (written with the change, in its transaction). */
export type MarketingConsentsTable = {
  id: Generated<number>;
  member_id: number;
  channel: ConsentChannel;
  /** 1: the member agreed to direct marketing on the channel; 0: opted out. */
  opted_in: number;
  /** The consent statements' version the member was shown (CONSENT_STATEMENT_VERSION); on import, the file's. */
  statement_version: string | null;
  source: ConsentSource;
  created_at: number;
};
