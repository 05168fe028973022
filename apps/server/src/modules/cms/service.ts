import { type Banner, type CmsPage, CONTENT_STATUSES, type ContentStatus } from "@hcoins/domain/api/cms";
import { LANGUAGES, type Language, type LocalizedText } from "@hcoins/domain/languages";
import type { DatabaseHandle, TableViews } from "@hcoins/server-kit/database";
import { type TextColumns, textIn } from "../../localized-text.ts";
import type { ImageSource, MediaService, PlacedImage } from "../media/service.ts";
import type { BannerWithLocation, CmsRepository, PageWithLocation } from "./repository.ts";
import { sanitizeCmsHtmlReporting } from "./sanitize-html.ts";

/** Operator input the CMS refuses; the message names the field and the reason. */
export class CmsInputError extends Error {}

export const LOCATION_CODE = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const URL_SLUG = /^[a-z0-9][a-z0-9-]{0,127}$/;
const TITLE_MAX = 200;
const CONTENT_MAX = 200_000;
const LINK_MAX = 2000;

export interface PageInput {
  locationCode: string;
  slug: string;
  /** Languages left out keep their text (or stay empty on a new page). */
  title?: Partial<LocalizedText>;
  /** HTML; sanitised before it is stored. */
  content?: Partial<LocalizedText>;
  status?: ContentStatus;
  /** Unix ms; null clears the bound. */
  publishFrom?: number | null;
  publishUntil?: number | null;
}

export interface PageSaved {
  id: number;
  created: boolean;
  /** Fields whose stored value changed (`title_en`, `content_tc`, `status`…). */
  changed: string[];
  /** Languages whose HTML lost something to the sanitiser. */
  sanitised: Language[];
}

export interface BannerInput {
  locationCode: string;
  title?: Partial<LocalizedText>;
  mobileToken: string;
  desktopToken: string;
  linkUrl?: string;
  sortOrder?: number;
  status?: ContentStatus;
  startsAt?: number | null;
  endsAt?: number | null;
}

/** A link a banner may carry: http(s) with a host, or a path of this site. */
export function isBannerLink(url: string): boolean {
  if (url === "") return true;
  if (/^\/(?![/\\])[^\s]*$/.test(url)) return true;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * CMS pages (terms, privacy policy, merchant pages) and banners, by location.
 * HTML is sanitised on the way in, so what is stored is what may be shown.
 */
export class CmsService {
  constructor(
    private readonly repository: CmsRepository,
    private readonly transaction: DatabaseHandle["transaction"],
    private readonly media: MediaService,
    private readonly now: () => number,
  ) {}

  /** Active banners of a location within their schedule, in display order; [] for an unknown location. */
  async banners(locationCode: string, lang: Language): Promise<Banner[]> {
    const rows = await this.repository.liveBanners(locationCode, this.now());
    return rows.map((row) => bannerView(row, lang));
  }

  /**
   * The live page with this slug at the location named by code or id (both given:
   * both must name it). With neither, the slug is looked up at every location,
   * `general` first.
   */
  async page(
    query: { slug: string; locationCode?: string; locationId?: number },
    lang: Language,
  ): Promise<CmsPage | undefined> {
    let locationId = query.locationId;
    if (query.locationCode !== undefined) {
      const byCode = await this.repository.locationId(query.locationCode);
      if (byCode === undefined || (locationId !== undefined && locationId !== byCode)) return undefined;
      locationId = byCode;
    }
    const pages = await this.repository.livePages(query.slug, this.now(), locationId);
    const page = pages.find((candidate) => candidate.location_code === "general") ?? pages[0];
    return page && pageView(page, lang);
  }

  /** Creates the page at (location, slug) or updates the fields given. */
  async savePage(input: PageInput, trx?: TableViews): Promise<PageSaved> {
    if (!trx) return this.transaction((inner) => this.savePage(input, inner));
    checkCode("location", input.locationCode, LOCATION_CODE);
    checkCode("slug", input.slug, URL_SLUG);
    const status = input.status === undefined ? undefined : checkStatus(input.status);
    const titles = checkTexts("title", input.title, TITLE_MAX);
    const sanitised: Language[] = [];
    const contents: Partial<LocalizedText> = {};
    for (const [lang, html] of Object.entries(checkTexts("content", input.content, CONTENT_MAX))) {
      const report = sanitizeCmsHtmlReporting(html);
      contents[lang as Language] = report.html;
      if (report.removedSomething) sanitised.push(lang as Language);
    }

    const now = this.now();
    const locationId = await this.repository.ensureLocation(input.locationCode, now, trx);
    const existing = await this.repository.findPage(locationId, input.slug, trx);
    const values = {
      ...prefixed("title", titles),
      ...prefixed("content", contents),
      ...(status !== undefined ? { status } : {}),
      ...(input.publishFrom !== undefined ? { publish_from: input.publishFrom } : {}),
      ...(input.publishUntil !== undefined ? { publish_until: input.publishUntil } : {}),
    };
    const from = values.publish_from !== undefined ? values.publish_from : (existing?.publish_from ?? null);
    const until =
      values.publish_until !== undefined ? values.publish_until : (existing?.publish_until ?? null);
    if (from !== null && until !== null && from >= until) {
      throw new CmsInputError("the publish window ends before it starts (--from must be before --until)");
    }

    if (!existing) {
      const title: LocalizedText = { en: "", tc: "", sc: "", ...titles };
      const content: LocalizedText = { en: "", tc: "", sc: "", ...contents };
      if (!title.tc || !content.tc) {
        throw new CmsInputError(
          "a new page needs a Traditional Chinese title and content (tc is what other languages fall back to)",
        );
      }
      const id = await this.repository.insertPage(
        {
          location_id: locationId,
          url_slug: input.slug,
          ...prefixed("title", title),
          ...prefixed("content", content),
          status: status ?? "active",
          publish_from: from,
          publish_until: until,
          created_at: now,
          updated_at: now,
        },
        trx,
      );
      return { id, created: true, changed: Object.keys(values), sanitised };
    }

    const changed = Object.entries(values)
      .filter(([key, value]) => existing[key as keyof PageWithLocation] !== value)
      .map(([key]) => key);
    if (changed.length > 0) {
      if (values.title_tc === "" || values.content_tc === "") {
        throw new CmsInputError("the Traditional Chinese title and content cannot be emptied");
      }
      await this.repository.updatePage(existing.id, { ...values, updated_at: now }, trx);
    }
    return { id: existing.id, created: false, changed, sanitised };
  }

  listPages(locationCode?: string): Promise<PageWithLocation[]> {
    return this.repository.listPages(locationCode);
  }

  /**
   * A banner with images an operator names (stored files or files to store): the files go to
   * the media store in the banner's transaction, so a refused banner stores none of them.
   */
  async addBannerWithImages(
    input: Omit<BannerInput, "mobileToken" | "desktopToken">,
    images: { mobile: ImageSource; desktop: ImageSource },
  ): Promise<{ id: number; mobile: PlacedImage; desktop: PlacedImage }> {
    return this.transaction(async (trx) => {
      const mobile = await this.media.place("mobile image", images.mobile, trx);
      const desktop = await this.media.place("desktop image", images.desktop, trx);
      const id = await this.addBanner(
        { ...input, mobileToken: mobile.token, desktopToken: desktop.token },
        trx,
      );
      return { id, mobile, desktop };
    });
  }

  async addBanner(input: BannerInput, trx?: TableViews): Promise<number> {
    if (!trx) return this.transaction((inner) => this.addBanner(input, inner));
    checkCode("location", input.locationCode, LOCATION_CODE);
    const title: LocalizedText = { en: "", tc: "", sc: "", ...checkTexts("title", input.title, TITLE_MAX) };
    for (const [name, token] of [
      ["mobile image", input.mobileToken],
      ["desktop image", input.desktopToken],
    ] as const) {
      if (!(await this.media.exists(token, trx)))
        throw new CmsInputError(`the ${name} ${token} is not in the media store`);
    }
    const linkUrl = (input.linkUrl ?? "").trim();
    if (linkUrl.length > LINK_MAX || !isBannerLink(linkUrl)) {
      throw new CmsInputError(`link "${linkUrl}" must be an http(s) address or a path starting with /`);
    }
    const sortOrder = input.sortOrder ?? 0;
    if (!Number.isInteger(sortOrder) || Math.abs(sortOrder) > 1_000_000) {
      throw new CmsInputError("order must be a whole number");
    }
    const startsAt = input.startsAt ?? null;
    const endsAt = input.endsAt ?? null;
    if (startsAt !== null && endsAt !== null && startsAt >= endsAt) {
      throw new CmsInputError("the schedule ends before it starts (--from must be before --until)");
    }
    const now = this.now();
    const locationId = await this.repository.ensureLocation(input.locationCode, now, trx);
    return this.repository.insertBanner(
      {
        location_id: locationId,
        ...prefixed("title", title),
        image_mobile_token: input.mobileToken,
        image_desktop_token: input.desktopToken,
        link_url: linkUrl,
        sort_order: sortOrder,
        status: checkStatus(input.status ?? "active"),
        starts_at: startsAt,
        ends_at: endsAt,
        created_at: now,
        updated_at: now,
      },
      trx,
    );
  }

  /** The banner before the change, or undefined when there is no such banner. */
  async setBannerStatus(id: number, status: ContentStatus): Promise<BannerWithLocation | undefined> {
    checkStatus(status);
    const banner = await this.repository.findBanner(id);
    if (banner && banner.status !== status) {
      await this.repository.updateBanner(id, { status, updated_at: this.now() });
    }
    return banner;
  }

  listBanners(locationCode?: string): Promise<BannerWithLocation[]> {
    return this.repository.listBanners(locationCode);
  }

  /** True when any page or banner exists. */
  hasContent(trx?: TableViews): Promise<boolean> {
    return this.repository.hasAny(trx);
  }
}

function pageView(row: PageWithLocation, lang: Language): CmsPage {
  return {
    id: row.id,
    url_slug: row.url_slug,
    cms_location_code: row.location_code,
    cms_location_id: row.location_id,
    title: textIn(row, "title", lang),
    content: textIn(row, "content", lang),
    status: row.status,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function bannerView(row: BannerWithLocation, lang: Language): Banner {
  return {
    id: row.id,
    title: textIn(row, "title", lang),
    image_mobile_media_token: row.image_mobile_token,
    image_desktop_media_token: row.image_desktop_token,
    link_url: row.link_url,
    status: row.status,
    sort_order: row.sort_order,
  };
}

function checkCode(name: string, value: string, pattern: RegExp) {
  if (!pattern.test(value)) {
    throw new CmsInputError(
      `${name} "${value}" must be lower-case letters, digits and hyphens (at most ${name === "slug" ? 128 : 64})`,
    );
  }
}

function checkStatus(status: string): ContentStatus {
  if (!(CONTENT_STATUSES as readonly string[]).includes(status)) {
    throw new CmsInputError(`status "${status}" must be one of ${CONTENT_STATUSES.join(", ")}`);
  }
  return status as ContentStatus;
}

function checkTexts(
  name: string,
  texts: Partial<LocalizedText> | undefined,
  max: number,
): Partial<LocalizedText> {
  const result: Partial<LocalizedText> = {};
  for (const lang of LANGUAGES) {
    const text = texts?.[lang];
    if (text === undefined) continue;
    const trimmed = text.trim();
    if (trimmed.length > max)
      throw new CmsInputError(`${name} (${lang}) is ${trimmed.length} characters; at most ${max}`);
    result[lang] = trimmed;
  }
  return result;
}

function prefixed<Name extends string, T extends Partial<LocalizedText>>(
  name: Name,
  texts: T,
): T extends LocalizedText ? TextColumns<Name> : Partial<TextColumns<Name>> {
  const result: Record<string, string> = {};
  for (const [lang, text] of Object.entries(texts)) if (text !== undefined) result[`${name}_${lang}`] = text;
  return result as T extends LocalizedText ? TextColumns<Name> : Partial<TextColumns<Name>>;
}
