import { request } from "../../lib/api-client.ts";

export interface CmsPage {
  title: string;
  content: string;
  status?: number | string;
}

export const TERMS_SLUG = "terms-and-conditions";
export const TERMS_LOCATION = "general";

/** GET /crm/cms/page/ for the terms and conditions (location `general`). */
export const fetchTerms = () =>
  request<CmsPage>("GET", "crm", "/cms/page/", {
    query: { url_slug: TERMS_SLUG, cms_location_code: TERMS_LOCATION },
  });
