import type { ContentStatus } from "@hcoins/domain/api/cms";
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types for Kysely: the member server's tables only (the embedded coin scheme declares
 * its own). Times are unix milliseconds (bigint on PostgreSQL, integer on SQLite); flags are
 * 0/1 integers so one set of queries serves both. Type aliases, not interfaces: Kysely's
 * withTables takes a table map with an index signature, which only a type alias has implicitly.
 */
export type Database = {
  members: MembersTable;
  blocked_numbers: BlockedNumbersTable;
  sms_codes: SmsCodesTable;
  access_tokens: AccessTokensTable;
  reset_tokens: ResetTokensTable;
  signature_nonces: SignatureNoncesTable;
  settings: SettingsTable;
  media: MediaTable;
  cms_locations: CmsLocationsTable;
  cms_pages: CmsPagesTable;
  cms_banners: CmsBannersTable;
  tags: TagsTable;
  stores: StoresTable;
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
  register_store_code: string | null;
  external_customer_id: string | null;
  /** "web" for members who registered here, "import" for app members brought in by an operator. */
  source: string;
  disabled: number;
  created_at: number;
  updated_at: number;
};

export type BlockedNumbersTable = {
  mobile_phone_prefix: string;
  mobile_phone: string;
  reason: string;
  created_at: number;
};

export type SmsCodesTable = {
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
};

export type AccessTokensTable = {
  token_hash: string;
  member_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
};

export type ResetTokensTable = {
  token_hash: string;
  member_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
};

export type SignatureNoncesTable = {
  nonce: string;
  seen_at: number;
};

export type SettingsTable = {
  key: string;
  value: string;
};

export type MemberRow = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;

/** Image bytes under a content-addressed token (SHA-256 of the bytes, hex). */
export type MediaTable = {
  token: string;
  content_type: string;
  byte_size: number;
  bytes: Buffer;
  original_name: string;
  created_at: number;
};

export type CmsLocationsTable = {
  id: Generated<number>;
  code: string;
  created_at: number;
};

/** Texts in three columns each; tc is the fallback of en and sc. Content is sanitised HTML. */
export type CmsPagesTable = {
  id: Generated<number>;
  location_id: number;
  url_slug: string;
  title_en: string;
  title_tc: string;
  title_sc: string;
  content_en: string;
  content_tc: string;
  content_sc: string;
  status: ContentStatus;
  publish_from: number | null;
  publish_until: number | null;
  created_at: number;
  updated_at: number;
};

export type CmsBannersTable = {
  id: Generated<number>;
  location_id: number;
  title_en: string;
  title_tc: string;
  title_sc: string;
  image_mobile_token: string;
  image_desktop_token: string;
  link_url: string;
  sort_order: number;
  status: ContentStatus;
  starts_at: number | null;
  ends_at: number | null;
  created_at: number;
  updated_at: number;
};

/** Tags of a type (only "brand" so far), named in three languages. */
export type TagsTable = {
  id: Generated<number>;
  type: string;
  code: string;
  name_en: string;
  name_tc: string;
  name_sc: string;
  logo_media_token: string | null;
  sort_order: number;
  created_at: number;
  updated_at: number;
};

export type StoresTable = {
  id: Generated<number>;
  /** The operator's key of the store: CSV imports update the store with the same code. */
  code: string;
  brand_id: number;
  region: string;
  district: string;
  name_en: string;
  name_tc: string;
  name_sc: string;
  address_en: string;
  address_tc: string;
  address_sc: string;
  business_hours_en: string;
  business_hours_tc: string;
  business_hours_sc: string;
  introduction_en: string;
  introduction_tc: string;
  introduction_sc: string;
  phone: string;
  image_media_token: string | null;
  partner_property: number;
  status: string;
  created_at: number;
  updated_at: number;
};

export type MediaRow = Selectable<MediaTable>;
export type CmsPageRow = Selectable<CmsPagesTable>;
export type CmsBannerRow = Selectable<CmsBannersTable>;
export type TagRow = Selectable<TagsTable>;
export type StoreRow = Selectable<StoresTable>;
export type NewStore = Insertable<StoresTable>;
