import { request } from "../../lib/api-client.ts";

/** A CMS page as GET /crm/cms/page/ answers it; `content` is HTML the server has sanitised. */
export interface CmsPageContent {
  title: string;
  content: string;
  status?: string | number;
}

export interface CmsPageAddress {
  location: string;
  slug: string;
}

export const PRIVACY_POLICY: CmsPageAddress = { location: "general", slug: "privacy-policy" };

export const fetchCmsPage = ({ location, slug }: CmsPageAddress) =>
  request<CmsPageContent>("GET", "crm", "/cms/page/", {
    query: { url_slug: slug, cms_location_code: location },
  });
