import { z } from "zod";
import type { ConsoleOperation } from "./console.ts";
import { MEDIA_TOKEN_PATTERN } from "./console-images.ts";
import { emptyPayload, okAnswer } from "./envelope.ts";

/*
 * The content editor's console calls (content.edit): CMS pages and banners in the three
 * languages. Reads are also open to audit.read (the auditor reads everything). Each change
 * writes one audit entry with the item before and after.
 */

/** Where the member web app shows banners: the welcome page's carousel. */
export const BANNER_LOCATIONS = ["welcome"] as const;
/** Where the member web app shows pages: `general` (terms, privacy policy) and merchant pages. */
export const PAGE_LOCATIONS = ["general", "merchant"] as const;

const text = (max: number) => z.string({ error: "required" }).trim().min(1, "required").max(max, "tooLong");
const localized = (max: number) => z.object({ en: text(max), tc: text(max), sc: text(max) });
const time = z.string().datetime({ offset: true, error: "invalid" }).nullable();
/** A token from POST /images. */
const mediaToken = z.string().regex(MEDIA_TOKEN_PATTERN, "imageMissing");
const idParams = z.object({ id: z.coerce.number().int().min(1) });

export const consoleBannerSchema = z.object({
  id: z.number().int(),
  location: z.enum(BANNER_LOCATIONS),
  /** The title is the image's alt text on the member's screen. */
  title: z.object({ en: z.string(), tc: z.string(), sc: z.string() }),
  image_mobile_token: z.string(),
  image_desktop_token: z.string(),
  link_url: z.string(),
  sort_order: z.number().int(),
  active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  updated_at: z.string(),
});
export type ConsoleBanner = z.output<typeof consoleBannerSchema>;

export const consolePageSchema = z.object({
  id: z.number().int(),
  location: z.string(),
  slug: z.string(),
  title: z.object({ en: z.string(), tc: z.string(), sc: z.string() }),
  /** Sanitised HTML, as the member page shows it. */
  content: z.object({ en: z.string(), tc: z.string(), sc: z.string() }),
  active: z.boolean(),
  publish_from: z.string().nullable(),
  publish_until: z.string().nullable(),
  updated_at: z.string(),
});
export type ConsolePage = z.output<typeof consolePageSchema>;

export const bannerBody = z.object({
  location: z.enum(BANNER_LOCATIONS, { error: "locationUnknown" }),
  title: localized(200),
  image_mobile_token: mediaToken,
  image_desktop_token: mediaToken,
  link_url: z.string().trim().max(2000, "tooLong"),
  active: z.boolean(),
  starts_at: time,
  ends_at: time,
});
export type BannerBody = z.output<typeof bannerBody>;

export const pageBody = z.object({
  location: z.enum(PAGE_LOCATIONS, { error: "locationUnknown" }),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,127}$/, "slugFormat"),
  title: localized(200),
  content: localized(200_000),
  active: z.boolean(),
  publish_from: time,
  publish_until: time,
});
export type PageBody = z.output<typeof pageBody>;

const CHANGE_NOTE =
  "Needs content.edit and the X-CSRF-Token header (4031). Writes one audit entry with the item before and after. Bad input: 4000 with the field and its rule.";
const read = { permission: ["content.edit", "audit.read"] } as const;
const edit = { permission: "content.edit" } as const;

const bannersAnswer = okAnswer(z.object({ banners: z.array(consoleBannerSchema) }));
const pagesAnswer = okAnswer(z.object({ pages: z.array(consolePageSchema) }));

export const consoleContent = {
  /** Every banner (any status or schedule), by location then display order. */
  banners: {
    method: "GET",
    path: "/content/banners",
    access: read,
    summary: "Every banner of the known locations, in display order (any status or schedule)",
    answer: bannersAnswer,
  },
  addBanner: {
    method: "POST",
    path: "/content/banners",
    access: edit,
    summary: "Add a banner, last in its location",
    description: CHANGE_NOTE,
    body: bannerBody,
    answer: okAnswer(consoleBannerSchema),
  },
  updateBanner: {
    method: "POST",
    path: "/content/banners/:id",
    access: edit,
    summary: "Change a banner (404/4040 when there is none)",
    description: CHANGE_NOTE,
    params: idParams,
    body: bannerBody,
    answer: okAnswer(consoleBannerSchema),
  },
  /** Swaps the banner with its neighbour in its location; answers every banner in the new order. */
  moveBanner: {
    method: "POST",
    path: "/content/banners/:id/move",
    access: edit,
    summary: "Move a banner up or down its location's order; answers every banner",
    description: `${CHANGE_NOTE} A move past either end changes nothing and writes no entry.`,
    params: idParams,
    body: z.object({ direction: z.enum(["up", "down"], { error: "invalid" }) }),
    answer: bannersAnswer,
  },
  deleteBanner: {
    method: "POST",
    path: "/content/banners/:id/delete",
    access: edit,
    summary: "Delete a banner (404/4040 when there is none)",
    description: CHANGE_NOTE,
    params: idParams,
    answer: okAnswer(emptyPayload),
  },
  pages: {
    method: "GET",
    path: "/content/pages",
    access: read,
    summary: "Every CMS page, by location and slug, texts in the three languages",
    answer: pagesAnswer,
  },
  addPage: {
    method: "POST",
    path: "/content/pages",
    access: edit,
    summary: "Add a CMS page; its HTML is sanitised as the member page shows it",
    description: `${CHANGE_NOTE} slugTaken when the location has a page with that slug.`,
    body: pageBody,
    answer: okAnswer(consolePageSchema),
  },
  updatePage: {
    method: "POST",
    path: "/content/pages/:id",
    access: edit,
    summary: "Change a CMS page (404/4040 when there is none)",
    description: CHANGE_NOTE,
    params: idParams,
    body: pageBody,
    answer: okAnswer(consolePageSchema),
  },
  deletePage: {
    method: "POST",
    path: "/content/pages/:id/delete",
    access: edit,
    summary: "Delete a CMS page (404/4040 when there is none)",
    description: CHANGE_NOTE,
    params: idParams,
    answer: okAnswer(emptyPayload),
  },
} as const satisfies Record<string, ConsoleOperation>;
