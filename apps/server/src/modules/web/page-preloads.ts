import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { resolveLanguage } from "@hcoins/domain/languages";
import type { Language } from "@hcoins/domain/profile-options";

/**
 * The <link> tags that let a page's HTML start everything its first screen needs: the
 * screen's chunks and the language's catalogue (from dist/.vite/screens.json, which the web
 * build writes: apps/web/screen-preloads.ts), and on the welcome page the first banner's image.
 * Without them the browser finds each only after the app shell has run. Also what the page
 * draws before the app runs (#boot): the first banner, or the screen's heading and intro.
 */
interface ScreenPreloads {
  screens: { path: string; files: string[]; boot?: Partial<Record<Language, BootText>> }[];
  catalogues: Partial<Record<Language, string[]>>;
}

/** A screen's heading and intro in one language (apps/web/screen-preloads.ts). */
interface BootText {
  title: string;
  intro: string;
}

type Screen = Omit<ScreenPreloads["screens"][number], "path"> & { segments: string[] };

export interface Banner {
  image_mobile_media_token: string;
  image_desktop_media_token: string;
}

/** The width from which the welcome banner shows its desktop image (DESKTOP_MEDIA in the web app). */
const DESKTOP_MIN_WIDTH = 768;

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
const escapeText = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

export class PagePreloads {
  private readonly screens: Screen[];
  private readonly catalogues: ScreenPreloads["catalogues"];

  constructor(distDir: string) {
    const file = join(distDir, ".vite/screens.json");
    const preloads: ScreenPreloads = existsSync(file)
      ? JSON.parse(readFileSync(file, "utf8"))
      : { screens: [], catalogues: {} };
    // A catch-all matches last, as in the router.
    this.screens = preloads.screens
      .map(({ path, ...screen }) => ({ ...screen, segments: segmentsOf(path) }))
      .sort((a, b) => Number(a.segments.includes("*")) - Number(b.segments.includes("*")));
    this.catalogues = preloads.catalogues;
  }

  /** The page's language as the app will pick it: `?lang=`, else the `lang` cookie it sets, else tc. */
  static language(query: URLSearchParams, cookieHeader: string | undefined): Language {
    const fromQuery = resolveLanguage(query.get("lang"));
    const fromCookie = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? "")?.[1];
    return fromQuery ?? resolveLanguage(fromCookie) ?? "tc";
  }

  /** modulepreload tags for the screen the router shows at this path, and for the catalogue. */
  scripts(path: string, language: Language): string {
    const files = [...(this.screenAt(path)?.files ?? []), ...(this.catalogues[language] ?? [])];
    return files.map((file) => `<link rel="modulepreload" href="${escapeAttribute(file)}">`).join("");
  }

  /**
   * The screen's heading and intro as its page draws them, for the #boot first paint: on a
   * slow connection the visitor reads them while the app downloads, and the app's own copy
   * then takes their place unchanged. Empty for screens without a fixed intro.
   */
  boot(path: string, language: Language): string {
    const text = this.screenAt(path)?.boot?.[language];
    if (!text) return "";
    return `<section class="page"><h1 class="page-title">${escapeText(text.title)}</h1><p class="page-intro">${escapeText(text.intro)}</p></section>`;
  }

  private screenAt(path: string): Screen | undefined {
    const segments = segmentsOf(path);
    return this.screens.find((candidate) => matches(candidate.segments, segments));
  }
}

/**
 * The first welcome banner in the page itself: preloads of its phone and desktop images, each
 * for its widths, and the #boot first paint's copy of it, drawn as the app's WelcomeBanners
 * will draw it, in the same place. Empty without a banner with an image.
 */
export function welcomeBanner(
  banner: Banner | undefined,
  mediaUrl: (token: string) => string,
): { preloads: string; boot: string } {
  const mobileToken = banner?.image_mobile_media_token || banner?.image_desktop_media_token;
  if (!banner || !mobileToken) return { preloads: "", boot: "" };
  const mobile = escapeAttribute(mediaUrl(mobileToken));
  const desktop = escapeAttribute(mediaUrl(banner.image_desktop_media_token || mobileToken));
  const preload = (href: string, media: string) =>
    `<link rel="preload" as="image" fetchpriority="high" href="${href}" media="${media}">`;
  return {
    preloads:
      preload(mobile, `(max-width: ${DESKTOP_MIN_WIDTH - 0.02}px)`) +
      preload(desktop, `(min-width: ${DESKTOP_MIN_WIDTH}px)`),
    boot: [
      '<div class="welcome-banner"><picture>',
      `<source media="(min-width: ${DESKTOP_MIN_WIDTH}px)" srcset="${desktop}" width="1920" height="600">`,
      `<img src="${mobile}" width="750" height="560" alt="" fetchpriority="high">`,
      "</picture></div>",
    ].join(""),
  };
}

const segmentsOf = (path: string) => path.split("/").filter(Boolean);

/** React Router's matching as far as the screens use it: static segments, `:params` and a final `*`. */
function matches(pattern: string[], path: string[]): boolean {
  if (pattern[pattern.length - 1] === "*") return pattern.slice(0, -1).every((part, i) => part === path[i]);
  return (
    pattern.length === path.length && pattern.every((part, i) => part.startsWith(":") || part === path[i])
  );
}
