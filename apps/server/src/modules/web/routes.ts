import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import { mediaAddress } from "@hcoins/domain/api/route-table";
import { API_BASES } from "@hcoins/domain/api/routes";
import { ErrorCode } from "@hcoins/domain/codes";
import { HTML_LANG } from "@hcoins/domain/languages";
import {
  bannerPaint,
  configScript,
  FirstPaint,
  type FirstPaintManifest,
  MANIFEST_FILE,
  pageLanguage,
  SLOTS,
} from "@hcoins/web/app/first-paint";
import { SERVICE_WORKER_FILE } from "@hcoins/web/lib/service-worker-file";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";
import { LIMITED_PAGE_CSP, limitedPage } from "./limited-page.ts";

/** What the web app reads as its runtime configuration (apps/web/src/lib/config.ts). */
export function webAppConfig(config: Config) {
  return {
    crmBase: config.WEB_CRM_BASE,
    customBase: config.WEB_CUSTOM_BASE,
    appId: config.WEB_APP_ID,
    shopUrl: config.WEB_SHOP_URL,
    vipUrl: config.WEB_VIP_URL,
    eshopUrl: config.WEB_ESHOP_URL,
    coinAppDownloadUrl: config.WEB_COIN_APP_DOWNLOAD_URL,
    downloadPageUrl: config.WEB_DOWNLOAD_PAGE_URL,
    downloadEndpointUrl: config.WEB_DOWNLOAD_ENDPOINT_URL,
    appStoreUrl: config.WEB_APP_STORE_URL,
    googlePlayUrl: config.WEB_GOOGLE_PLAY_URL,
    nativeAppScheme: config.WEB_NATIVE_APP_SCHEME,
    payChannelPath: config.WEB_PAY_CHANNEL_PATH,
    payChannelReturnUrl: config.WEB_PAY_CHANNEL_RETURN_URL,
    redirectAllowlist: config.WEB_REDIRECT_ALLOWLIST,
    maintenanceWindows: config.WEB_MAINTENANCE_WINDOWS,
  };
}

// Paths that are never a screen: the APIs, and built assets (a missing chunk is a 404, not the page).
const NOT_SCREENS = [
  ...Object.values(API_BASES),
  "/dev/",
  "/docs",
  "/coin-scheme",
  "/healthz",
  "/readyz",
  "/metrics",
  "/assets/",
];

const queryOf = (request: FastifyRequest) => new URLSearchParams(request.url.split("?")[1] ?? "");

/**
 * A page the per-address limit refused (plugins/rate-limit.ts) answers as a page, in the language
 * the app would have shown it in; any other failure goes on to the envelope.
 */
function limitedPageHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof AppError && error.errorCode === ErrorCode.rateLimited)) throw error;
  const retryAfter = Number(error.details.retry_after_seconds);
  return reply
    .status(429)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("content-security-policy", LIMITED_PAGE_CSP)
    .header("retry-after", String(retryAfter))
    .send(limitedPage(pageLanguage(queryOf(request), request.headers.cookie), retryAfter));
}

/**
 * Serves the built web app on the API's origin: hashed assets with a year of
 * caching, and index.html (configuration injected, never cached) for every other
 * GET that is not an API path, so the router can take over.
 */
export const webRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const root = resolve(config.WEB_DIST_DIR);
  const indexFile = join(root, "index.html");
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, "web app not built: run `npm run build` (npm start does)");
    return;
  }
  const html = inlineStylesheets(readFileSync(indexFile, "utf8"), root).replace(
    SLOTS.config,
    `<script>${configScript(webAppConfig(config))}</script>`,
  );
  // Every inline script of the page (the configuration, index.html's own) is allowed by its hash.
  const scriptHashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body = ""]) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`,
  );
  const manifestFile = join(root, MANIFEST_FILE);
  const paint = new FirstPaint(
    existsSync(manifestFile)
      ? (JSON.parse(readFileSync(manifestFile, "utf8")) as FirstPaintManifest)
      : { screens: [], catalogues: {} },
  );
  // The address the web app gives a media token (apps/web/src/api/media.ts).
  const mediaUrl = (token: string) => mediaAddress(config.WEB_CRM_BASE, config.WEB_APP_ID, token);
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    // The QR code's worker and the offline card's service worker (/sw.js), and the web app manifest.
    "worker-src 'self'",
    "manifest-src 'self'",
    // No <object> or <embed>, not even from the app's origin: nothing the app shows needs a plugin.
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");

  // Each file of the build is a route of its own (wildcard: false), marked as a static file: a page
  // pulls a dozen of them, and none counts toward the request limit.
  await app.register(async (files) => {
    files.addHook("onRoute", (route) => {
      route.config = { ...route.config, staticFile: true };
    });
    await files.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text asset: sent as is to clients that accept them.
      preCompressed: true,
      // index.html only ever goes out with its configuration and CSP (below), and the compressed
      // copies only in place of their originals.
      globIgnore: ["index.html", "**/*.br", "**/*.gz"],
      setHeaders: (reply, path) => {
        // Vite's hashed file names change with their content, so they can be cached for good.
        if (path.startsWith(join(root, "assets")))
          reply.header("cache-control", "public, max-age=31536000, immutable");
        // The service worker's own script is checked on every visit: a new version of the app must
        // reach members at once, not after an HTTP cache's day. Its scope is the whole app.
        if (path === join(root, SERVICE_WORKER_FILE)) {
          reply.header("cache-control", "no-cache");
          reply.header("service-worker-allowed", "/");
        }
      },
    });
  });

  app.get("/*", { schema: { hide: true }, errorHandler: limitedPageHandler }, async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (NOT_SCREENS.some((prefix) => path === prefix || path.startsWith(prefix))) return reply.callNotFound();
    const query = queryOf(request);
    const language = pageLanguage(query, request.headers.cookie);
    let links = paint.links(path, language);
    let boot = paint.boot(path, language);
    // The welcome page's largest element is its first banner: fetched and shown with the page, not
    // after the app has started. Not with a ?state= (a pay-channel one opens the app instead).
    if (path === "/" && !query.has("state")) {
      const [banner] = await app.services.cms.banners("welcome", language).catch(() => []);
      const first = bannerPaint(banner, mediaUrl);
      links += first.links;
      boot = first.boot;
    }
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .header("content-security-policy", csp)
      .send(
        html
          .replace('<html lang="zh-HK">', `<html lang="${HTML_LANG[language]}">`)
          .replace("</head>", `${links}</head>`)
          .replace(SLOTS.boot, boot),
      );
  });
};

/**
 * The app's stylesheet (a few KB) goes inside the page: a linked one blocks the first paint
 * until it arrives, a round trip after the HTML on a slow mobile connection, and meanwhile
 * the #boot first paint waits. Vite links it as /assets/<name>.css.
 */
function inlineStylesheets(html: string, root: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (_, file: string) => {
      const css = readFileSync(join(root, file), "utf8");
      return `<style>${css.replaceAll("</style", "<\\/style")}</style>`;
    },
  );
}
