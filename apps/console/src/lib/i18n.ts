import { HTML_LANG, type Language, resolveLanguage } from "@hcoins/domain/languages";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";

/** One catalogue per language (src/locales/<en|tc|sc>.json), each its own chunk, loaded when chosen. */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*.json");

const STORAGE_KEY = "console-language";

/** The operator's last choice, else the browser's language, else Traditional Chinese (the product's default). */
export function initialLanguage(): Language {
  return resolveLanguage(localStorage.getItem(STORAGE_KEY)) ?? resolveLanguage(navigator.language) ?? "tc";
}

async function loadCatalogue(language: Language) {
  if (i18next.hasResourceBundle(language, "translation")) return;
  const load = catalogues[`../locales/${language}.json`];
  if (!load) throw new Error(`no catalogue for ${language}`);
  i18next.addResourceBundle(language, "translation", (await load()).default);
}

export async function initI18n(language: Language) {
  await i18next.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadCatalogue(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = HTML_LANG[language];
}

export async function changeLanguage(language: Language) {
  localStorage.setItem(STORAGE_KEY, language);
  await loadCatalogue(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = HTML_LANG[language];
}

export function currentLanguage(): Language {
  const language = i18next.language;
  return language === "en" || language === "sc" ? language : "tc";
}

export { i18next };
