import type { Banner } from "@hcoins/domain/api/cms";
import { currentLanguage } from "../lib/i18n.ts";
import { call } from "./client.ts";

/**
 * CMS banners, asked for without TanStack Query: the welcome page is a landing screen, and the
 * query library stays out of its first load (lib/query-client-provider.tsx). The answer per
 * location and language is kept, and asked for again after a minute (the query client's
 * staleTime for every other call) while the last one still shows. A language switch asks in
 * the new language: the titles are the images' alt texts.
 */

export const WELCOME_BANNERS = "welcome";

const FRESH_MS = 60_000;

interface Kept {
  askedAt: number;
  asking: Promise<void>;
  /** The last answer; null when the CMS failed, absent until the first answer. */
  banners?: Banner[] | null;
}
const kept = new Map<string, Kept>();
const keyOf = (location: string) => `${location}:${currentLanguage()}`;

/** Asks for a location's active banners in the current language, unless a fresh answer is kept. */
export function askBanners(location: string): Promise<void> {
  const key = keyOf(location);
  const known = kept.get(key);
  if (known && Date.now() - known.askedAt < FRESH_MS) return known.asking;
  const entry: Kept = {
    askedAt: Date.now(),
    asking: Promise.resolve(),
    ...(known && { banners: known.banners }),
  };
  entry.asking = call("banners", { query: { cms_location_code: location } }).then(
    (answer) => {
      entry.banners = answer.payload;
    },
    () => {
      entry.banners = null;
    },
  );
  kept.set(key, entry);
  return entry.asking;
}

/** The kept banners of a location in the current language: undefined until asked and answered. */
export const keptBanners = (location: string): Banner[] | null | undefined =>
  kept.get(keyOf(location))?.banners;

/** For tests: every kept answer forgotten, as the query client's clear() forgets the rest. */
export const forgetBanners = () => kept.clear();
