import { currentLanguage, translator } from "./i18n.ts";
import { SERVICE_WORKER_FILE } from "./service-worker-file.ts";

/**
 * What makes the web app installable with a card that opens offline: the service worker
 * (src/service-worker.ts, built to /sw.js) and the web app manifest in the page's language
 * (public/manifest/<language>.webmanifest: a manifest holds one language, so the page links the
 * one it speaks, and a member who installs the app gets its name in theirs). Loaded by main.tsx
 * once the page has loaded, so that none of it weighs on the first screen.
 */
export function startInstallableApp() {
  linkManifest();
  translator.subscribe(linkManifest); // again on each language change (and texts added: the same link)
  if ("serviceWorker" in navigator) {
    // No worker is no offline card, and nothing else changes: the app works as before.
    navigator.serviceWorker.register(`/${SERVICE_WORKER_FILE}`, { scope: "/" }).catch(() => undefined);
  }
}

function linkManifest() {
  let link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "manifest";
    document.head.append(link);
  }
  link.href = `/manifest/${currentLanguage()}.webmanifest`;
}
