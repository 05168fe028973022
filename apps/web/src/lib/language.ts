import { type Language, resolveLanguage } from "@hcoins/domain/languages";

/** Where the language choice is kept: localStorage for the app, a cookie of the same name for the server. */
export const LANGUAGE_KEY = "lang";

/** The `lang` query wins, then the stored choice, else Traditional Chinese (the server chooses alike). */
export const chooseLanguage = (fromQuery: string | null, stored: string | null): Language =>
  resolveLanguage(fromQuery) ?? resolveLanguage(stored) ?? "tc";

/** The language to start in; a choice is stored again each time, so one made before the cookie existed reaches the server too. */
export function initialLanguage(search: string): Language {
  const query = new URLSearchParams(search).get("lang");
  const stored = localStorage.getItem(LANGUAGE_KEY);
  const language = chooseLanguage(query, stored);
  if (resolveLanguage(query) || resolveLanguage(stored)) storeLanguage(language);
  return language;
}

/** Kept in localStorage for the app, and in a cookie for the server, which preloads the language's texts. */
export function storeLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser the members use
  document.cookie = `${LANGUAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
}
