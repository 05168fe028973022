import { ROUTES } from "@hcoins/domain/api/route-table";
import { PROFILE_QUERY } from "@hcoins/domain/api/routes";
import { HTML_LANG, LANGUAGES, type Language } from "@hcoins/domain/languages";
import { matchRoutes } from "react-router";
import { CARD_STORAGE_KEY } from "../api/member-card.ts";
import { APP_CONFIG_GLOBAL, type AppConfig, EARLY_RESPONSES } from "../lib/config.ts";
import { chooseLanguage, LANGUAGE_KEY } from "../lib/language.ts";
import { paths } from "../lib/paths.ts";
import { TOKEN_KEY } from "../lib/session.ts";
import { SCREENS, type Screen } from "./screens.ts";

/**
 * The first paint: what a page's HTML carries before the app's code has run. One contract for
 * the three that make it: the web build (first-paint-plugin.ts) writes the manifest below and
 * puts earlyScript() into index.html; the server (apps/server, modules/web) reads the manifest
 * and draws each page with FirstPaint; the app then takes over what they started.
 *
 * Per page: <link rel="modulepreload"> for the chunks of the screen the router will show at its
 * path and for the catalogue of its language, so they load with the app shell instead of after
 * it; the screen's heading and intro in #boot, on screens that open with fixed text (and on the
 * welcome page its first banner); and a returning member's profile, asked for at once.
 */

/** Where the build leaves the manifest, in the web app's dist folder. */
export const MANIFEST_FILE = ".vite/first-paint.json";

/** The marks in index.html the server fills: the runtime configuration, and #boot's content. */
export const SLOTS = { config: "<!--app-config-->", boot: "<!--boot-->" } as const;

/** A screen's heading and intro in one language, as its page draws them. */
export interface BootText {
  title: string;
  intro: string;
}

export interface FirstPaintManifest {
  screens: { path: Screen["path"]; files: string[]; boot?: Partial<Record<Language, BootText>> }[];
  catalogues: Partial<Record<Language, string[]>>;
}

/** What the build knows that the manifest needs (first-paint-plugin.ts). */
export interface BuiltApp {
  /** The chunks a module under src/ needs beyond those index.html already loads, as /paths. */
  filesOf(module: string): string[];
  /** The text of `namespace:dotted.key` in a language's catalogue. */
  text(language: Language, key: string): string;
}

/**
 * What each page needs first: its screen's chunks, each language's catalogue, and on screens
 * that open with fixed text their heading (the title of the tab) and intro in each language.
 */
export function firstPaintManifest(app: BuiltApp): FirstPaintManifest {
  return {
    screens: SCREENS.map(({ path, page, title, intro, landing }) => ({
      path,
      // Every screen but a landing one draws in the query client the router wraps it in.
      files: [
        ...new Set([
          ...app.filesOf(`features/${page}`),
          ...(landing ? [] : app.filesOf("lib/query-client-provider.tsx")),
        ]),
      ],
      ...(intro && {
        boot: Object.fromEntries(
          LANGUAGES.map((language) => [
            language,
            { title: app.text(language, title), intro: app.text(language, intro) },
          ]),
        ),
      }),
    })),
    catalogues: Object.fromEntries(
      LANGUAGES.map((language) => [language, app.filesOf(`locales/${language}.ts`)]),
    ),
  };
}

/** A CMS banner's images, as the welcome page shows its first one. */
export interface BannerImages {
  image_mobile_media_token: string;
  image_desktop_media_token: string;
}

/** The width from which the welcome banner shows its desktop image (welcome-banners.tsx). */
export const DESKTOP_MIN_WIDTH = 768;

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
const escapeText = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

const STORED_LANGUAGE = new RegExp(`(?:^|;\\s*)${LANGUAGE_KEY}=([^;]*)`);

/** The page's language as the app will choose it: `?lang=`, else the stored choice (a cookie here). */
export function pageLanguage(query: URLSearchParams, cookieHeader: string | undefined): Language {
  const stored = STORED_LANGUAGE.exec(cookieHeader ?? "")?.[1];
  return chooseLanguage(query.get("lang"), stored ?? null);
}

type ScreenPaint = FirstPaintManifest["screens"][number];
type PaintRoute = { path: string; screen?: ScreenPaint; children?: PaintRoute[] };

/** What the server puts in a page for one path and language. */
export class FirstPaint {
  // The router's own tree (router.tsx): the screens under the root layout at "/".
  private readonly routes: PaintRoute[];

  constructor(private readonly manifest: FirstPaintManifest) {
    this.routes = [
      { path: "/", children: manifest.screens.map((screen) => ({ path: screen.path, screen })) },
    ];
  }

  /** modulepreload tags for the screen the router shows at `path`, and for the language's catalogue. */
  links(path: string, language: Language): string {
    const files = [...(this.screenAt(path)?.files ?? []), ...(this.manifest.catalogues[language] ?? [])];
    return files.map((file) => `<link rel="modulepreload" href="${escapeAttribute(file)}">`).join("");
  }

  /**
   * The screen's heading and intro for #boot: on a slow connection the visitor reads them while
   * the app downloads, and the app's own copy then takes their place unchanged. Empty for
   * screens without a fixed intro.
   */
  boot(path: string, language: Language): string {
    const text = this.screenAt(path)?.boot?.[language];
    if (!text) return "";
    return `<section class="page"><h1 class="page-title">${escapeText(text.title)}</h1><p class="page-intro">${escapeText(text.intro)}</p></section>`;
  }

  private screenAt(path: string) {
    return matchRoutes(this.routes, path)?.at(-1)?.route.screen;
  }
}

/**
 * The welcome page's first banner: preloads of its phone and desktop images, each for its
 * widths, and its copy for #boot, drawn as the app's WelcomeBanners draws it, in the same
 * place. Empty without a banner with an image.
 */
export function bannerPaint(
  banner: BannerImages | undefined,
  mediaUrl: (token: string) => string,
): { links: string; boot: string } {
  const mobileToken = banner?.image_mobile_media_token || banner?.image_desktop_media_token;
  if (!banner || !mobileToken) return { links: "", boot: "" };
  const mobile = escapeAttribute(mediaUrl(mobileToken));
  const desktop = escapeAttribute(mediaUrl(banner.image_desktop_media_token || mobileToken));
  const preload = (href: string, media: string) =>
    `<link rel="preload" as="image" fetchpriority="high" href="${href}" media="${media}">`;
  return {
    links:
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

/** The runtime configuration as the page's first script (lib/config.ts reads it). */
export const configScript = (config: AppConfig) =>
  `window.${APP_CONFIG_GLOBAL}=${JSON.stringify(config).replaceAll("<", "\\u003c")};`;

/**
 * index.html's inline script, run before the app's code arrives. It checks the first paint's
 * language: the server drew #boot in the language of the `lang` cookie, and a visitor whose
 * stored choice differs (from before the cookie existed) sees only the header until the app
 * draws (styles.css), rather than a heading in another language. And it asks for a returning
 * member's profile at once, exactly as the api client would (api/profile.ts, api/client.ts),
 * which then takes this answer instead of asking again. Not on the card's screen when this
 * device keeps the member card: that screen draws from it, and asks once its code is drawn.
 */
export function earlyScript(): string {
  const headerLanguage = Object.fromEntries(LANGUAGES.map((language) => [language, HTML_LANG[language]]));
  const profile = `${ROUTES.profile.path}?${new URLSearchParams(PROFILE_QUERY)}`;
  return `try {
  const token = localStorage.getItem(${JSON.stringify(TOKEN_KEY)});
  const config = window.${APP_CONFIG_GLOBAL};
  const language = ${JSON.stringify(headerLanguage)}[localStorage.getItem(${JSON.stringify(LANGUAGE_KEY)})] || ${JSON.stringify(HTML_LANG.tc)};
  const chosenInUrl = new URLSearchParams(location.search).has("lang");
  if (!chosenInUrl && language !== document.documentElement.lang) document.documentElement.classList.add("boot-header-only");
  const drawsFromCard = location.pathname === ${JSON.stringify(paths.qrcode)} && localStorage.getItem(${JSON.stringify(CARD_STORAGE_KEY)});
  if (token && config && !drawsFromCard) {
    const url = config.crmBase + ${JSON.stringify(profile)};
    const authorization = "Bearer " + config.appId + ":" + token;
    const response = fetch(url, { headers: { authorization, "accept-language": language } });
    window.${EARLY_RESPONSES} = [{ url, authorization, response }];
  }
} catch {
  // No storage (private mode, blocked): the app asks for the profile itself.
}`;
}
