import type { Generated } from "kysely";

/** Stores, and the tags that group them (only brands so far). */
export type StoreTables = {
  tags: TagsTable;
  stores: StoresTable;
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
