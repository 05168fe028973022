import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { CONTENT_STATUSES, type ContentStatus } from "@hcoins/domain/api/cms";
import { LANGUAGES, type Language, type LocalizedText } from "@hcoins/domain/languages";
import { CmsInputError } from "../modules/cms/service.ts";
import { type ImageSource, MEDIA_TOKEN, MediaRejected, type PlacedImage } from "../modules/media/service.ts";
import type { Services } from "../services.ts";
import { CliError, parseCommandArgs } from "./command.ts";

export const PAGE_SET_USAGE =
  "page-set <location> <slug> [--title-en t] [--title-tc t] [--title-sc t] [--html-en file | --content-en html] [--html-tc file | --content-tc html] [--html-sc file | --content-sc html] [--status active|inactive] [--from time|none] [--until time|none]";
export const PAGE_LIST_USAGE = "page-list [--location code]";
export const BANNER_ADD_USAGE =
  "banner-add <location> --mobile <file|token> --desktop <file|token> [--title-en t] [--title-tc t] [--title-sc t] [--link url] [--order n] [--status active|inactive] [--from time] [--until time]";
export const BANNER_LIST_USAGE = "banner-list [--location code]";
export const BANNER_SET_STATUS_USAGE = "banner-set-status <id> <active|inactive>";
export const MEDIA_ADD_USAGE = "media-add <file>";
export const MEDIA_LIST_USAGE = "media-list";

const HONG_KONG_OFFSET = "+08:00";

/**
 * A time argument: ISO 8601 (`2026-12-01T09:00:00Z`), or a date or date and time
 * without a zone, read as Hong Kong time (`2026-12-01`, `2026-12-01 09:00`).
 * `none` (or empty) clears it. Returns unix ms, null for none.
 */
export function parseTimeArgument(name: string, value: string): number | null {
  const text = value.trim();
  if (text === "" || text.toLowerCase() === "none") return null;
  let iso = text.replace(" ", "T");
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) iso = `${iso}T00:00:00${HONG_KONG_OFFSET}`;
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(iso)) iso = `${iso}${HONG_KONG_OFFSET}`;
  const time = /^\d{4}-\d{2}-\d{2}T/.test(iso) ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new CliError(
      `--${name} "${value}" is not a time: use 2026-12-01, 2026-12-01 09:00 (Hong Kong time) or ISO 8601`,
    );
  }
  return time;
}

export function parseStatusArgument(value: string): ContentStatus {
  if (!(CONTENT_STATUSES as readonly string[]).includes(value)) {
    throw new CliError(`status "${value}" must be one of ${CONTENT_STATUSES.join(", ")}`);
  }
  return value as ContentStatus;
}

export function parseIntegerArgument(name: string, value: string): number {
  if (!/^-?\d{1,7}$/.test(value.trim())) throw new CliError(`--${name} "${value}" must be a whole number`);
  return Number(value);
}

/** A file's bytes, or a CliError saying why it cannot be read. */
export async function readFileArgument(file: string, nothing = "nothing changed"): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : String(error);
    throw new CliError(`cannot read ${file}: ${why}; ${nothing}`);
  }
}

/** An image argument: the token of an image already in the media store, or a file (read here) to add to it. */
export async function imageArgument(services: Services, value: string): Promise<ImageSource> {
  if (MEDIA_TOKEN.test(value) && (await services.media.exists(value))) return { token: value };
  return { bytes: await readFileArgument(value), fileName: basename(value) };
}

/** What became of an image argument: an existing image, or the file and its token. */
export function imageNote(name: string, source: ImageSource, { token, stored }: PlacedImage): string {
  if (!stored || "token" in source) return `${name}: existing image ${token}`;
  return `${name}: ${source.fileName} → ${token} (${stored.contentType}, ${stored.byteSize} bytes${stored.created ? "" : ", already stored"})`;
}

/** `--title-en` etc. into a partial `{en, tc, sc}`. */
function texts(values: Record<string, string | undefined>, prefix: string): Partial<LocalizedText> {
  const result: Partial<LocalizedText> = {};
  for (const lang of LANGUAGES) {
    const value = values[`${prefix}-${lang}`];
    if (value !== undefined) result[lang] = value;
  }
  return result;
}

const titleOptions = {
  "title-en": { type: "string" },
  "title-tc": { type: "string" },
  "title-sc": { type: "string" },
} as const;

const rethrowInput = (error: unknown): never => {
  if (error instanceof CmsInputError || error instanceof MediaRejected) {
    throw new CliError(`${error.message}; nothing changed`);
  }
  throw error;
};

/** Creates or updates a CMS page; HTML comes from files, one per language, and is sanitised. */
export async function pageSet(services: Services, args: string[]): Promise<string> {
  const { positionals, values } = parseCommandArgs(PAGE_SET_USAGE, ["location", "slug"], () =>
    parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        ...titleOptions,
        "html-en": { type: "string" },
        "html-tc": { type: "string" },
        "html-sc": { type: "string" },
        "content-en": { type: "string" },
        "content-tc": { type: "string" },
        "content-sc": { type: "string" },
        status: { type: "string" },
        from: { type: "string" },
        until: { type: "string" },
      },
    }),
  );
  const [location, slug] = positionals as [string, string];
  const content: Partial<LocalizedText> = {};
  for (const lang of LANGUAGES) {
    const file = values[`html-${lang}`];
    const inline = values[`content-${lang}`];
    if (file !== undefined && inline !== undefined) {
      throw new CliError(`give --html-${lang} (a file) or --content-${lang} (the HTML itself), not both`, 2);
    }
    if (file !== undefined) content[lang] = (await readFileArgument(file)).toString("utf8");
    if (inline !== undefined) content[lang] = inline;
  }
  const title = texts(values, "title");
  const input = {
    locationCode: location,
    slug,
    title,
    content,
    ...(values.status !== undefined ? { status: parseStatusArgument(values.status) } : {}),
    ...(values.from !== undefined ? { publishFrom: parseTimeArgument("from", values.from) } : {}),
    ...(values.until !== undefined ? { publishUntil: parseTimeArgument("until", values.until) } : {}),
  };
  const saved = await services.cms.savePage(input).catch(rethrowInput);

  const name = `${location}/${slug}`;
  const lines: string[] = [];
  if (saved.created) lines.push(`Created page ${name} (id ${saved.id}, ${input.status ?? "active"}).`);
  else if (saved.changed.length === 0)
    lines.push(`Page ${name} (id ${saved.id}) already says that; nothing changed.`);
  else lines.push(`Updated page ${name} (id ${saved.id}): ${saved.changed.join(", ")}.`);
  for (const lang of saved.sanitised) {
    lines.push(
      `Note: the ${lang} HTML lost markup the allowlist does not keep (scripts, event handlers, styles, forms, frames or unsafe links).`,
    );
  }
  lines.push(`API: GET /crm/cms/page/?url_slug=${slug}&cms_location_code=${location}`);
  return lines.join("\n");
}

const showTime = (time: number | null) => (time === null ? "-" : new Date(time).toISOString());

export async function pageList(services: Services, args: string[]): Promise<string> {
  const { values } = parseCommandArgs(PAGE_LIST_USAGE, [], () =>
    parseArgs({ args, allowPositionals: true, strict: true, options: { location: { type: "string" } } }),
  );
  const pages = await services.cms.listPages(values.location);
  if (pages.length === 0) return values.location ? `No pages at location ${values.location}.` : "No pages.";
  const missing = (page: (typeof pages)[number]) =>
    (["en", "sc"] as Language[]).filter((lang) => !page[`content_${lang}`]).map((lang) => `no ${lang}`);
  return [
    "id  location/slug  status  publish window  title (tc)  translations",
    ...pages.map(
      (page) =>
        `${page.id}  ${page.location_code}/${page.url_slug}  ${page.status}  ${showTime(page.publish_from)} → ${showTime(page.publish_until)}  ${page.title_tc}  ${missing(page).join(", ") || "en, tc, sc"}`,
    ),
  ].join("\n");
}

/** Adds a banner; images are files (added to the media store) or tokens already there. All or nothing. */
export async function bannerAdd(services: Services, args: string[]): Promise<string> {
  const { positionals, values } = parseCommandArgs(BANNER_ADD_USAGE, ["location"], () =>
    parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        ...titleOptions,
        mobile: { type: "string" },
        desktop: { type: "string" },
        link: { type: "string" },
        order: { type: "string" },
        status: { type: "string" },
        from: { type: "string" },
        until: { type: "string" },
      },
    }),
  );
  const location = positionals[0] as string;
  if (values.mobile === undefined || values.desktop === undefined) {
    throw new CliError(`--mobile and --desktop are both required\nUsage: ${BANNER_ADD_USAGE}`, 2);
  }
  const { mobile, desktop } = values;
  const status = values.status === undefined ? "active" : parseStatusArgument(values.status);
  const sortOrder = values.order === undefined ? 0 : parseIntegerArgument("order", values.order);
  const startsAt = values.from === undefined ? null : parseTimeArgument("from", values.from);
  const endsAt = values.until === undefined ? null : parseTimeArgument("until", values.until);

  const mobileImage = await imageArgument(services, mobile);
  const desktopImage = await imageArgument(services, desktop);
  const banner = await services.cms
    .addBannerWithImages(
      {
        locationCode: location,
        title: texts(values, "title"),
        linkUrl: values.link ?? "",
        sortOrder,
        status,
        startsAt,
        endsAt,
      },
      { mobile: mobileImage, desktop: desktopImage },
    )
    .catch(rethrowInput);
  const notes = [
    imageNote("mobile image", mobileImage, banner.mobile),
    imageNote("desktop image", desktopImage, banner.desktop),
  ];
  const schedule =
    startsAt === null && endsAt === null
      ? "no schedule"
      : `shown ${showTime(startsAt)} → ${showTime(endsAt)}`;
  return [
    `Added banner ${banner.id} at location ${location} (${status}, order ${sortOrder}, ${schedule}).`,
    ...notes.map((note) => `  ${note}`),
  ].join("\n");
}

export async function bannerList(services: Services, args: string[]): Promise<string> {
  const { values } = parseCommandArgs(BANNER_LIST_USAGE, [], () =>
    parseArgs({ args, allowPositionals: true, strict: true, options: { location: { type: "string" } } }),
  );
  const banners = await services.cms.listBanners(values.location);
  if (banners.length === 0)
    return values.location ? `No banners at location ${values.location}.` : "No banners.";
  return [
    "id  location  order  status  schedule  title (tc)  link",
    ...banners.map(
      (banner) =>
        `${banner.id}  ${banner.location_code}  ${banner.sort_order}  ${banner.status}  ${showTime(banner.starts_at)} → ${showTime(banner.ends_at)}  ${banner.title_tc || banner.title_en || "-"}  ${banner.link_url || "-"}`,
    ),
  ].join("\n");
}

export async function bannerSetStatus(services: Services, args: string[]): Promise<string> {
  const { positionals } = parseCommandArgs(BANNER_SET_STATUS_USAGE, ["id", "status"], () =>
    parseArgs({ args, allowPositionals: true, strict: true, options: {} }),
  );
  const [rawId, rawStatus] = positionals as [string, string];
  if (!/^\d{1,9}$/.test(rawId)) throw new CliError(`banner id "${rawId}" must be a number (see banner-list)`);
  const status = parseStatusArgument(rawStatus);
  const before = await services.cms.setBannerStatus(Number(rawId), status);
  if (!before) throw new CliError(`no banner has id ${rawId} (see banner-list); nothing changed`);
  if (before.status === status)
    return `Banner ${rawId} (${before.location_code}) is already ${status}; nothing changed.`;
  return `Banner ${rawId} (${before.location_code}) is now ${status} (was ${before.status}).`;
}

/** Adds an image file to the media store and prints its token and address. */
export async function mediaAdd(services: Services, args: string[]): Promise<string> {
  const { positionals } = parseCommandArgs(MEDIA_ADD_USAGE, ["file"], () =>
    parseArgs({ args, allowPositionals: true, strict: true, options: {} }),
  );
  const file = positionals[0] as string;
  const bytes = await readFileArgument(file);
  const stored = await services.media.add(bytes, basename(file)).catch(rethrowInput);
  const appId = services.config.APP_IDS[0];
  return [
    stored.created
      ? `Added ${basename(file)}: ${stored.contentType}, ${stored.byteSize} bytes${stored.contentType === "image/svg+xml" ? " (SVG stored sanitised)" : ""}.`
      : `${basename(file)} is already in the media store; nothing changed.`,
    `Token: ${stored.token}`,
    `URL: /crm/media/${stored.token}?app_id=${appId}`,
  ].join("\n");
}

export async function mediaList(services: Services, args: string[]): Promise<string> {
  parseCommandArgs(MEDIA_LIST_USAGE, [], () =>
    parseArgs({ args, allowPositionals: true, strict: true, options: {} }),
  );
  const media = await services.media.list();
  if (media.length === 0) return "The media store is empty.";
  return [
    "token  type  bytes  added  original name",
    ...media.map(
      (item) =>
        `${item.token}  ${item.content_type}  ${item.byte_size}  ${new Date(item.created_at).toISOString()}  ${item.original_name}`,
    ),
  ].join("\n");
}
