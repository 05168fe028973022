/// <reference lib="webworker" />

/**
 * The web app's service worker (/sw.js, scope /): the member card opens at a till with no signal.
 * Built on its own by service-worker-plugin.ts, which puts the build's facts in BUILD.
 *
 * - The app's files (every built script, style, icon, the manifest) are fetched at install and
 *   answered from this device: their names carry a hash of their content, so they never go stale.
 * - /qrcode's page is answered from this device at once and refreshed behind (the code must be
 *   on screen before any network answer); other screens' pages come from the network, and from
 *   this device only when there is no network.
 * - Nothing else is touched: API answers (user info, coins) go to the network and are never kept
 *   here. What the card needs is kept by the app itself (api/member-card.ts) and goes at logout.
 */

declare const self: ServiceWorkerGlobalScope;

interface Build {
  /** Changes with any file of the build: a new version installs beside the old one. */
  version: string;
  /** The app's files, as /paths. */
  files: string[];
  /** The app's screens (app/screens.ts): the pages this worker may answer. */
  screens: string[];
  /** The page that is answered from this device first. */
  cardPage: string;
}

declare const __SERVICE_WORKER_BUILD__: Build;
const BUILD = __SERVICE_WORKER_BUILD__;

const FILES = `files-${BUILD.version}`;
const PAGES = `pages-${BUILD.version}`;
const files = new Set(BUILD.files);
const screens = new Set(BUILD.screens);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await (await caches.open(FILES)).addAll(BUILD.files);
      // The card's page now, so it opens offline even if the member never loads it again online.
      await refreshPage(new Request(BUILD.cardPage, { credentials: "same-origin" })).catch(() => undefined);
      // A new version takes over at once (docs/decisions/160-a-new-version-takes-over-at-once.md
      // says why no prompt): the pages already open keep the files they started with, which stay
      // until the version after this one.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const olderFiles = names.filter((name) => name.startsWith("files-") && name !== FILES);
      // Caches list in the order they were made: the last of the older ones is the previous version's.
      const keep = new Set([FILES, PAGES, olderFiles.at(-1)]);
      await Promise.all(names.filter((name) => !keep.has(name)).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // The console, the API's documentation and the like are not this app's pages.
    if (!screens.has(url.pathname)) return;
    event.respondWith(
      url.pathname === BUILD.cardPage ? cacheFirstPage(event, url) : networkFirstPage(request, url),
    );
    return;
  }
  if (files.has(url.pathname)) event.respondWith(file(request, url));
});

async function file(request: Request, url: URL): Promise<Response> {
  // Any version's copy: a page the previous version drew asks for that version's files.
  return (await caches.match(url.pathname)) ?? fetch(request);
}

/** A page kept per path and chosen language: its first paint is in that language. */
function pageKey(url: URL): string {
  const language = url.searchParams.get("lang");
  return language ? `${url.pathname}?lang=${encodeURIComponent(language)}` : url.pathname;
}

/** This path's page in any language, then the card's page: the router draws whichever screen the address names. */
async function keptPage(url: URL): Promise<Response | undefined> {
  const pages = await caches.open(PAGES);
  return (
    (await pages.match(pageKey(url))) ??
    (await pages.match(url.pathname)) ??
    (await pages.match(BUILD.cardPage))
  );
}

async function refreshPage(request: Request): Promise<Response> {
  const response = await fetch(request);
  const isPage =
    response.status === 200 &&
    response.type === "basic" &&
    !response.redirected &&
    (response.headers.get("content-type") ?? "").startsWith("text/html");
  if (isPage) await (await caches.open(PAGES)).put(pageKey(new URL(request.url)), response.clone());
  return response;
}

async function cacheFirstPage(event: FetchEvent, url: URL): Promise<Response> {
  const kept = await (await caches.open(PAGES)).match(pageKey(url));
  const fresh = refreshPage(event.request);
  if (kept) {
    event.waitUntil(fresh.catch(() => undefined));
    return kept;
  }
  return fresh.catch(async () => (await keptPage(url)) ?? Response.error());
}

async function networkFirstPage(request: Request, url: URL): Promise<Response> {
  try {
    return await refreshPage(request);
  } catch {
    return (await keptPage(url)) ?? Response.error();
  }
}

// A module for the type checker (its names stay its own); the plugin builds it as a classic script.
export {};
