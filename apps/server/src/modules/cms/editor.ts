import type { ConsoleBanner, ConsolePage } from "@hcoins/domain/api/console-content";
import { BANNER_LOCATIONS, PAGE_LOCATIONS } from "@hcoins/domain/api/console-content";
import { LANGUAGES, type LocalizedText } from "@hcoins/domain/languages";
import type { DatabaseHandle, TableViews } from "@hcoins/server-kit/database";
import { textColumns } from "../../localized-text.ts";
import type { Actor, AuditService } from "../audit/service.ts";
import { MediaRejected, type MediaService, type StoredMedia } from "../media/service.ts";
import type { BannerWithLocation, CmsRepository, PageWithLocation } from "./repository.ts";
import { sanitizeCmsHtmlReporting } from "./sanitize-html.ts";
import { isBannerLink } from "./service.ts";

/** Input the editor refuses: the field and the rule, for a form to show next to the field. */
export class ContentFieldError extends Error {
  constructor(
    readonly field: string,
    readonly rule: string,
  ) {
    super(`${field}: ${rule}`);
  }
}

/** A banner as the console edits it; times are unix ms. */
export interface BannerEdit {
  location: string;
  title: LocalizedText;
  imageMobileToken: string;
  imageDesktopToken: string;
  linkUrl: string;
  active: boolean;
  startsAt: number | null;
  endsAt: number | null;
}

/** A page as the console edits it; content is HTML, sanitised before it is stored. */
export interface PageEdit {
  location: string;
  slug: string;
  title: LocalizedText;
  content: LocalizedText;
  active: boolean;
  publishFrom: number | null;
  publishUntil: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const texts = (row: Record<string, unknown>, name: string): LocalizedText => ({
  en: String(row[`${name}_en`] ?? ""),
  tc: String(row[`${name}_tc`] ?? ""),
  sc: String(row[`${name}_sc`] ?? ""),
});

export function bannerRecord(row: BannerWithLocation): ConsoleBanner {
  return {
    id: row.id,
    location: row.location_code as ConsoleBanner["location"],
    title: texts(row, "title"),
    image_mobile_token: row.image_mobile_token,
    image_desktop_token: row.image_desktop_token,
    link_url: row.link_url,
    sort_order: row.sort_order,
    active: row.status === "active",
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    updated_at: iso(row.updated_at) as string,
  };
}

export function pageRecord(row: PageWithLocation): ConsolePage {
  return {
    id: row.id,
    location: row.location_code,
    slug: row.url_slug,
    title: texts(row, "title"),
    content: texts(row, "content"),
    active: row.status === "active",
    publish_from: iso(row.publish_from),
    publish_until: iso(row.publish_until),
    updated_at: iso(row.updated_at) as string,
  };
}

/**
 * The console's content editing: banners and pages created, changed, reordered and deleted,
 * each change in one transaction with its one audit entry (the item before and after).
 * The rules are the member screens': known locations only, alt text (the banner title) in
 * every language, images the media service accepts, sanitised HTML.
 */
export class CmsEditor {
  constructor(
    private readonly repository: CmsRepository,
    private readonly transaction: DatabaseHandle["transaction"],
    private readonly media: MediaService,
    private readonly audit: AuditService,
    private readonly now: () => number,
  ) {}

  async banners(): Promise<ConsoleBanner[]> {
    const rows = await this.repository.listBanners();
    return rows.filter((row) => isKnown(BANNER_LOCATIONS, row.location_code)).map(bannerRecord);
  }

  async pages(): Promise<ConsolePage[]> {
    return (await this.repository.listPages()).map(pageRecord);
  }

  /** Stores an image after the media service's type and size checks; one audit entry when it is new. */
  async uploadImage(bytes: Buffer, fileName: string, by: Actor): Promise<StoredMedia> {
    return this.transaction(async (trx) => {
      let stored: StoredMedia;
      try {
        stored = await this.media.add(bytes, fileName, trx);
      } catch (error) {
        if (error instanceof MediaRejected) throw new ContentFieldError("data_base64", error.rule);
        throw error;
      }
      await this.audit.record(
        {
          ...by,
          action: "content.image.upload",
          target: `media:${stored.token}`,
          after: { file_name: fileName, content_type: stored.contentType, byte_size: stored.byteSize },
        },
        trx,
      );
      return stored;
    });
  }

  /** A new banner, last in its location's order. */
  addBanner(edit: BannerEdit, by: Actor): Promise<ConsoleBanner> {
    return this.transaction(async (trx) => {
      await this.checkBanner(edit, trx);
      const now = this.now();
      const locationId = await this.repository.ensureLocation(edit.location, now, trx);
      const last = (await this.repository.bannersAt(locationId, trx)).at(-1);
      const id = await this.repository.insertBanner(
        {
          location_id: locationId,
          ...bannerColumns(edit),
          sort_order: last ? last.sort_order + 1 : 0,
          created_at: now,
          updated_at: now,
        },
        trx,
      );
      const after = bannerRecord(await this.bannerIn(id, trx));
      await this.audit.record(
        { ...by, action: "content.banner.add", target: `banner:${id}`, after: { ...after } },
        trx,
      );
      return after;
    });
  }

  /** Undefined when there is no such banner. */
  updateBanner(id: number, edit: BannerEdit, by: Actor): Promise<ConsoleBanner | undefined> {
    return this.transaction(async (trx) => {
      const existing = await this.repository.findBanner(id, trx);
      if (!existing) return undefined;
      await this.checkBanner(edit, trx);
      const now = this.now();
      const locationId = await this.repository.ensureLocation(edit.location, now, trx);
      await this.repository.updateBanner(
        id,
        { location_id: locationId, ...bannerColumns(edit), updated_at: now },
        trx,
      );
      const after = bannerRecord(await this.bannerIn(id, trx));
      await this.audit.record(
        {
          ...by,
          action: "content.banner.update",
          target: `banner:${id}`,
          before: { ...bannerRecord(existing) },
          after: { ...after },
        },
        trx,
      );
      return after;
    });
  }

  /**
   * Swaps the banner with its neighbour and numbers its location's banners 0, 1, 2… so equal
   * orders (the command line's default 0) become distinct. Undefined when there is no such banner;
   * a move past either end changes nothing and records nothing.
   */
  moveBanner(id: number, direction: "up" | "down", by: Actor): Promise<ConsoleBanner[] | undefined> {
    return this.transaction(async (trx) => {
      const banner = await this.repository.findBanner(id, trx);
      if (!banner) return undefined;
      const row = await this.repository.bannersAt(banner.location_id, trx);
      const from = row.findIndex((candidate) => candidate.id === id);
      const to = direction === "up" ? from - 1 : from + 1;
      if (to < 0 || to >= row.length) return this.bannersIn(trx);
      const before = row.map((candidate) => candidate.id);
      const order = [...row];
      [order[from], order[to]] = [order[to] as BannerWithLocation, order[from] as BannerWithLocation];
      const now = this.now();
      for (const [index, candidate] of order.entries()) {
        if (candidate.sort_order !== index)
          await this.repository.updateBanner(candidate.id, { sort_order: index, updated_at: now }, trx);
      }
      await this.audit.record(
        {
          ...by,
          action: "content.banner.move",
          target: `banner:${id}`,
          before: { location: banner.location_code, order: before },
          after: { location: banner.location_code, order: order.map((candidate) => candidate.id) },
        },
        trx,
      );
      return this.bannersIn(trx);
    });
  }

  /** False when there is no such banner. Its images stay in the media store (another item may use them). */
  deleteBanner(id: number, by: Actor): Promise<boolean> {
    return this.transaction(async (trx) => {
      const existing = await this.repository.findBanner(id, trx);
      if (!existing) return false;
      await this.repository.deleteBanner(id, trx);
      await this.audit.record(
        {
          ...by,
          action: "content.banner.delete",
          target: `banner:${id}`,
          before: { ...bannerRecord(existing) },
        },
        trx,
      );
      return true;
    });
  }

  addPage(edit: PageEdit, by: Actor): Promise<ConsolePage> {
    return this.transaction(async (trx) => {
      const now = this.now();
      const columns = checkPage(edit);
      const locationId = await this.repository.ensureLocation(edit.location, now, trx);
      if (await this.repository.findPage(locationId, edit.slug, trx))
        throw new ContentFieldError("slug", "slugTaken");
      const id = await this.repository.insertPage(
        { location_id: locationId, url_slug: edit.slug, ...columns, created_at: now, updated_at: now },
        trx,
      );
      const after = pageRecord(await this.pageIn(id, trx));
      await this.audit.record(
        { ...by, action: "content.page.add", target: `page:${id}`, after: { ...after } },
        trx,
      );
      return after;
    });
  }

  /** Undefined when there is no such page. */
  updatePage(id: number, edit: PageEdit, by: Actor): Promise<ConsolePage | undefined> {
    return this.transaction(async (trx) => {
      const existing = await this.repository.findPageById(id, trx);
      if (!existing) return undefined;
      const columns = checkPage(edit);
      const now = this.now();
      const locationId = await this.repository.ensureLocation(edit.location, now, trx);
      const clash = await this.repository.findPage(locationId, edit.slug, trx);
      if (clash && clash.id !== id) throw new ContentFieldError("slug", "slugTaken");
      await this.repository.updatePage(
        id,
        { location_id: locationId, url_slug: edit.slug, ...columns, updated_at: now },
        trx,
      );
      const after = pageRecord(await this.pageIn(id, trx));
      await this.audit.record(
        {
          ...by,
          action: "content.page.update",
          target: `page:${id}`,
          before: { ...pageRecord(existing) },
          after: { ...after },
        },
        trx,
      );
      return after;
    });
  }

  deletePage(id: number, by: Actor): Promise<boolean> {
    return this.transaction(async (trx) => {
      const existing = await this.repository.findPageById(id, trx);
      if (!existing) return false;
      await this.repository.deletePage(id, trx);
      await this.audit.record(
        { ...by, action: "content.page.delete", target: `page:${id}`, before: { ...pageRecord(existing) } },
        trx,
      );
      return true;
    });
  }

  private async checkBanner(edit: BannerEdit, trx: TableViews) {
    if (!isKnown(BANNER_LOCATIONS, edit.location)) throw new ContentFieldError("location", "locationUnknown");
    for (const lang of LANGUAGES) {
      if (edit.title[lang].trim() === "") throw new ContentFieldError(`title.${lang}`, "required");
    }
    for (const [field, token] of [
      ["image_mobile_token", edit.imageMobileToken],
      ["image_desktop_token", edit.imageDesktopToken],
    ] as const) {
      if (!(await this.media.exists(token, trx))) throw new ContentFieldError(field, "imageMissing");
    }
    if (!isBannerLink(edit.linkUrl)) throw new ContentFieldError("link_url", "linkFormat");
    checkWindow(edit.startsAt, edit.endsAt, "ends_at");
  }

  private async bannerIn(id: number, trx: TableViews): Promise<BannerWithLocation> {
    const row = await this.repository.findBanner(id, trx);
    if (!row) throw new Error(`banner ${id} vanished`);
    return row;
  }

  private async pageIn(id: number, trx: TableViews): Promise<PageWithLocation> {
    const row = await this.repository.findPageById(id, trx);
    if (!row) throw new Error(`page ${id} vanished`);
    return row;
  }

  /** Every banner of the known locations, read inside the transaction (SQLite has one connection). */
  private async bannersIn(trx: TableViews): Promise<ConsoleBanner[]> {
    const result: ConsoleBanner[] = [];
    for (const code of BANNER_LOCATIONS) {
      const id = await this.repository.locationId(code, trx);
      if (id !== undefined) result.push(...(await this.repository.bannersAt(id, trx)).map(bannerRecord));
    }
    return result;
  }
}

function isKnown(list: readonly string[], code: string): boolean {
  return list.includes(code);
}

function bannerColumns(edit: BannerEdit) {
  return {
    ...textColumns("title", {
      en: edit.title.en.trim(),
      tc: edit.title.tc.trim(),
      sc: edit.title.sc.trim(),
    }),
    image_mobile_token: edit.imageMobileToken,
    image_desktop_token: edit.imageDesktopToken,
    link_url: edit.linkUrl.trim(),
    status: edit.active ? ("active" as const) : ("inactive" as const),
    starts_at: edit.startsAt,
    ends_at: edit.endsAt,
  };
}

function checkPage(edit: PageEdit) {
  if (!isKnown(PAGE_LOCATIONS, edit.location)) throw new ContentFieldError("location", "locationUnknown");
  const content: Partial<LocalizedText> = {};
  for (const lang of LANGUAGES) {
    if (edit.title[lang].trim() === "") throw new ContentFieldError(`title.${lang}`, "required");
    const html = sanitizeCmsHtmlReporting(edit.content[lang].trim()).html;
    // HTML that sanitises to nothing visible would show the member a blank page.
    if (html.replace(/<(?!img\b)[^>]*>/g, "").trim() === "")
      throw new ContentFieldError(`content.${lang}`, "required");
    content[lang] = html;
  }
  checkWindow(edit.publishFrom, edit.publishUntil, "publish_until");
  return {
    ...textColumns("title", {
      en: edit.title.en.trim(),
      tc: edit.title.tc.trim(),
      sc: edit.title.sc.trim(),
    }),
    ...textColumns("content", content as LocalizedText),
    status: edit.active ? ("active" as const) : ("inactive" as const),
    publish_from: edit.publishFrom,
    publish_until: edit.publishUntil,
  };
}

function checkWindow(from: number | null, until: number | null, field: string) {
  if (from !== null && until !== null && from >= until) throw new ContentFieldError(field, "scheduleOrder");
}
