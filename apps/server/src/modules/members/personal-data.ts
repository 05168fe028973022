import type { ColumnPolicy } from "@hcoins/server-kit/column-policy";
import type {
  AccessTokensTable,
  BlockedNumbersTable,
  MarketingConsentsTable,
  MembersTable,
} from "./tables.ts";

/**
 * Every column of this module's tables, exported in a data access request or withheld with
 * the reason. Typed against the tables, and checked against the migrated schema by the
 * data-protection tests, so that a column added later cannot stay out of exports unnoticed.
 */
export const MEMBER_DATA_COLUMNS: {
  members: Record<keyof MembersTable, ColumnPolicy>;
  access_tokens: Record<keyof AccessTokensTable, ColumnPolicy>;
  blocked_numbers: Record<keyof BlockedNumbersTable, ColumnPolicy>;
  marketing_consents: Record<keyof MarketingConsentsTable, ColumnPolicy>;
} = {
  members: {
    id: "exported",
    member_no: "exported",
    mobile_phone_prefix: "exported",
    mobile_phone: "exported",
    password_hash: { withheld: "a secret (argon2 hash); `password_set` says whether one is set" },
    title: "exported",
    name: "exported",
    first_name: "exported",
    last_name: "exported",
    email: "exported",
    gender: "exported",
    birthday_month: "exported",
    age_range: "exported",
    region: "exported",
    district: "exported",
    referral_code: "exported",
    sms_subscription: "exported",
    email_subscription: "exported",
    do_not_call: "exported",
    unsubscribe_reasons: "exported",
    unsubscribe_reason_other: "exported",
    register_store_code: "exported",
    external_customer_id: "exported",
    source: "exported",
    disabled: "exported",
    created_at: "exported",
    updated_at: "exported",
  },
  access_tokens: {
    token_hash: { withheld: "a secret (hash of a login session's token)" },
    member_id: "exported",
    created_at: "exported",
    expires_at: "exported",
    revoked_at: "exported",
  },
  blocked_numbers: {
    mobile_phone_prefix: "exported",
    mobile_phone: "exported",
    reason: "exported",
    created_at: "exported",
  },
  marketing_consents: {
    id: "exported",
    member_id: "exported",
    channel: "exported",
    opted_in: "exported",
    statement_version: "exported",
    source: "exported",
    created_at: "exported",
  },
};
