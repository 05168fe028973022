import { z } from "zod";
import { okAnswer } from "./envelope.ts";
import { crm } from "./routes.ts";

const tags = ["content"];

const required = (max: number) =>
  z.string({ error: "required" }).trim().min(1, "required").max(max, "tooLong");

/** Pages and banners are shown only while active; operators set the status. */
export const CONTENT_STATUSES = ["active", "inactive"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
const status = z.enum(CONTENT_STATUSES);

/** A banner in the request's language; its images are media tokens (`/crm/media/{token}`). */
export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image_mobile_media_token: z.string(),
  image_desktop_media_token: z.string(),
  link_url: z.string().meta({ description: "http(s) or a path of this site; empty for none" }),
  status,
  sort_order: z.number().int(),
});
export type Banner = z.output<typeof bannerSchema>;

/** A page in the request's language (Traditional Chinese where a translation is empty). */
export const cmsPageSchema = z.object({
  id: z.number().int(),
  url_slug: z.string(),
  cms_location_code: z.string(),
  cms_location_id: z.number().int(),
  title: z.string(),
  content: z.string().meta({ description: "Sanitised HTML" }),
  status,
  updated_at: z.string().meta({ description: "ISO 8601" }),
});
export type CmsPage = z.output<typeof cmsPageSchema>;

export const banners = {
  ...crm("GET", "/cms/banner", "guest"),
  tags,
  summary: "Banners of a CMS location",
  description:
    "Active banners of the location whose schedule holds now, in display order (`sort_order`, then id). The welcome page's location is `welcome`. An unknown location has no banners. Images: `/crm/media/{token}?app_id=…`.",
  query: z.object({ cms_location_code: required(64) }),
  answer: okAnswer(z.array(bannerSchema)),
};

export const cmsPage = {
  ...crm("GET", "/cms/page", "guest"),
  tags,
  summary: "A CMS page (terms, privacy policy, merchant pages)",
  description:
    "The active page with `url_slug` whose publish window holds now, at the location named by `cms_location_code` or `cms_location_id` (with neither: any location, `general` first). `content` is sanitised HTML. Title and content are in the request's language, falling back to Traditional Chinese where a translation is empty. Unknown: 404/4040.",
  query: z.object({
    url_slug: required(128),
    cms_location_code: required(64).optional(),
    cms_location_id: z.coerce.number({ error: "invalid" }).int("invalid").positive("invalid").optional(),
  }),
  answer: okAnswer(cmsPageSchema),
};
