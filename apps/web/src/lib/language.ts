import { resolveLanguage } from "@hcoins/domain/languages";
import type { Language } from "@hcoins/domain/profile-options";

const STORAGE_KEY = "lang";

/** The `lang` query wins (and is stored), then the stored choice, else Traditional Chinese. */
export function initialLanguage(search: string): Language {
  const chosen =
    resolveLanguage(new URLSearchParams(search).get("lang")) ??
    resolveLanguage(localStorage.getItem(STORAGE_KEY));
  // Stored again each time: a choice made before the cookie existed reaches the server too.
  if (chosen) storeLanguage(chosen);
  return chosen ?? "tc";
}

/** Kept in localStorage for the app, and in a cookie for the server, which preloads the language's texts. */
export function storeLanguage(language: Language) {
  localStorage.setItem(STORAGE_KEY, language);
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser the members use
  document.cookie = `${STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
}
