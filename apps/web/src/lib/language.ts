import { resolveLanguage } from "@hcoins/domain/languages";
import type { Language } from "@hcoins/domain/profile-options";

const STORAGE_KEY = "lang";

/** `<html lang>` and Accept-Language per app language. */
export const HTML_LANG: Record<Language, string> = { en: "en", tc: "zh-HK", sc: "zh-CN" };

/** The `lang` query wins (and is stored), then the stored choice, else Traditional Chinese. */
export function initialLanguage(search: string): Language {
  const fromQuery = resolveLanguage(new URLSearchParams(search).get("lang"));
  if (fromQuery) {
    localStorage.setItem(STORAGE_KEY, fromQuery);
    return fromQuery;
  }
  return resolveLanguage(localStorage.getItem(STORAGE_KEY)) ?? "tc";
}

export function storeLanguage(language: Language) {
  localStorage.setItem(STORAGE_KEY, language);
}
