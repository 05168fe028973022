import type { ContentStatus } from "@hcoins/domain/api/cms";
import type { Generated } from "kysely";

export type CmsTables = {
  cms_locations: CmsLocationsTable;
  cms_pages: CmsPagesTable;
  cms_banners: CmsBannersTable;
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
