import { HTML_LANG, type Language, resolveLanguage } from "@hcoins/domain/languages";
import { type Translation, useTranslator } from "@hcoins/i18n/react";
import { type Catalogue, type TextKey, Translator } from "@hcoins/i18n/translator";

/** The console's texts: one namespace per language, in the operator's language. */
export const translator = new Translator({
  language: "tc",
  defaultNamespace: "translation",
  locale: (language) => HTML_LANG[language as Language] ?? language,
});

/**
 * The keys as the English catalogue declares them: the type check knows every key, and tc and
 * sc are held to the same keys by the catalogue test (i18n.test.ts).
 */
export type Key = TextKey<typeof import("../locales/en.json")>;

/** `const { t } = useTranslation()`: `t` takes the catalogue's keys only. */
export function useTranslation(): Translation<Key> {
  // The translator looks keys up by string; the keys' type is the English catalogue's.
  return useTranslator(translator) as Translation<Key>;
}

/** One catalogue per language (src/locales/<en|tc|sc>.json), each its own chunk, loaded when chosen. */
const catalogues = import.meta.glob<{ default: Catalogue }>("../locales/*.json");

const STORAGE_KEY = "console-language";

/** The operator's last choice, else the browser's language, else Traditional Chinese (the product's default). */
export function initialLanguage(): Language {
  return resolveLanguage(localStorage.getItem(STORAGE_KEY)) ?? resolveLanguage(navigator.language) ?? "tc";
}

async function loadCatalogue(language: Language) {
  if (translator.hasCatalogue(language, "translation")) return;
  const load = catalogues[`../locales/${language}.json`];
  if (!load) throw new Error(`no catalogue for ${language}`);
  translator.addCatalogue(language, "translation", (await load()).default);
}

export async function initI18n(language: Language) {
  await loadCatalogue(language);
  translator.changeLanguage(language);
  document.documentElement.lang = HTML_LANG[language];
}

export async function changeLanguage(language: Language) {
  localStorage.setItem(STORAGE_KEY, language);
  await loadCatalogue(language);
  translator.changeLanguage(language);
  document.documentElement.lang = HTML_LANG[language];
}

export function currentLanguage(): Language {
  const language = translator.language;
  return language === "en" || language === "sc" ? language : "tc";
}
