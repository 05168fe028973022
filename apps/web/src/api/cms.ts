import { queryOptions } from "@tanstack/react-query";
import { currentLanguage } from "../lib/i18n.ts";
import { call } from "./client.ts";

/**
 * CMS pages and banners. They come in the request's language (Accept-Language, the current
 * one), so the language is part of each key: a switch asks again rather than showing the last.
 */

export interface CmsPageAddress {
  location: string;
  slug: string;
}

export const TERMS_AND_CONDITIONS: CmsPageAddress = { location: "general", slug: "terms-and-conditions" };
export const PRIVACY_POLICY: CmsPageAddress = { location: "general", slug: "privacy-policy" };

/** A page's title and content (HTML the server has sanitised); 4040 when there is none. */
export const cmsPageQuery = ({ location, slug }: CmsPageAddress) =>
  queryOptions({
    queryKey: ["cms-page", location, slug, currentLanguage()],
    queryFn: async () =>
      (await call("cmsPage", { query: { url_slug: slug, cms_location_code: location } })).payload,
  });
