import { request } from "../../lib/api-client.ts";

/** A banner as GET /crm/cms/banner/ lists it (api-contract.md). */
export interface Banner {
  id: number;
  title: string;
  image_mobile_media_token: string | null;
  image_desktop_media_token: string | null;
  link_url: string | null;
  status: string | number;
}

export const WELCOME_LOCATION = "welcome";

/** The welcome page's banners (location `welcome`), titles in the request's language. */
export const fetchWelcomeBanners = () =>
  request<Banner[]>("GET", "crm", "/cms/banner/", { query: { cms_location_code: WELCOME_LOCATION } });

/** The server lists active banners only; the check stays in case another CMS answers with every banner. */
export const isActiveBanner = (banner: Banner) => banner.status === "active" || Number(banner.status) === 1;
