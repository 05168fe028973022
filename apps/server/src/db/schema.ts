import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types for Kysely. Times are unix milliseconds (bigint on PostgreSQL,
 * integer on SQLite); flags are 0/1 integers so one set of queries serves both.
 */
export interface Database {
  members: MembersTable;
  blocked_numbers: BlockedNumbersTable;
  sms_codes: SmsCodesTable;
  access_tokens: AccessTokensTable;
  reset_tokens: ResetTokensTable;
  signature_nonces: SignatureNoncesTable;
  settings: SettingsTable;
}

export interface MembersTable {
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
  register_store_code: string | null;
  external_customer_id: string | null;
  /** "web" for members who registered here, "import" for app members brought in by an operator. */
  source: string;
  disabled: number;
  created_at: number;
  updated_at: number;
}

export interface BlockedNumbersTable {
  mobile_phone_prefix: string;
  mobile_phone: string;
  reason: string;
  created_at: number;
}

export interface SmsCodesTable {
  id: Generated<number>;
  mobile_phone_prefix: string;
  mobile_phone: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  verified_at: number | null;
  consumed_at: number | null;
  created_at: number;
}

export interface AccessTokensTable {
  token_hash: string;
  member_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface ResetTokensTable {
  token_hash: string;
  member_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SignatureNoncesTable {
  nonce: string;
  seen_at: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export type MemberRow = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;
