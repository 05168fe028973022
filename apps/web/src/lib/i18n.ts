import { HTML_LANG, type Language } from "@hcoins/domain/languages";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { storeLanguage } from "./language.ts";

/**
 * i18next with one catalogue chunk per language (src/locales/<en|tc|sc>.ts, holding
 * src/locales/<language>/<namespace>.json): the first screen loads its own language only,
 * and a switch to another one waits for that language's chunk (about 5 KB).
 */
const catalogues = import.meta.glob<{ default: Record<string, Record<string, unknown>> }>("../locales/*.ts");

/**
 * The texts of screens a visitor of the landing pages never sees (a member's coins, rewards,
 * vouchers, the member menu): src/locales/<language>/lazy/*.json, one chunk per language
 * (src/locales/lazy/<language>.ts), loaded by those screens (their route loaders, the menu) so
 * that the catalogue every first load downloads does not grow with them.
 */
const lazyCatalogues = import.meta.glob<{ default: Record<string, Record<string, unknown>> }>(
  "../locales/lazy/*.ts",
);
let lazyWanted = false;
const lazyLoaded = new Set<Language>();

async function addLazyTexts(language: Language) {
  if (lazyLoaded.has(language)) return;
  const load = lazyCatalogues[`../locales/lazy/${language}.ts`];
  if (!load) throw new Error(`no lazy catalogue for ${language}`);
  addNamespaces(language, (await load()).default);
  lazyLoaded.add(language);
}

/** Loads the lazy texts in the current language; a language switch then loads them too. */
export async function loadLazyTexts(language: Language = currentLanguage()) {
  lazyWanted = true;
  await addLazyTexts(language);
}

function addNamespaces(language: Language, files: Record<string, Record<string, unknown>>) {
  for (const [file, namespace] of Object.entries(files)) {
    const name = /(\w+)\.json$/.exec(file)?.[1];
    if (name) i18next.addResourceBundle(language, name, namespace);
  }
}

/** Adds the language's namespaces to i18next, once. */
export async function loadCatalogue(language: Language) {
  if (i18next.hasResourceBundle(language, "common")) return;
  const load = catalogues[`../locales/${language}.ts`];
  if (!load) throw new Error(`no catalogue for ${language}`);
  addNamespaces(language, (await load()).default);
}

export async function initI18n(language: Language) {
  await i18next.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: false,
    defaultNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadCatalogue(language);
  // i18next settled on the language before its texts arrived: render them now.
  await i18next.changeLanguage(language);
}

export function currentLanguage(): Language {
  const language = i18next.language;
  return language === "en" || language === "sc" ? language : "tc";
}

export const currentAcceptLanguage = () => HTML_LANG[currentLanguage()];

export async function changeLanguage(language: Language) {
  storeLanguage(language);
  await Promise.all([loadCatalogue(language), ...(lazyWanted ? [addLazyTexts(language)] : [])]);
  await i18next.changeLanguage(language);
  document.documentElement.lang = HTML_LANG[language];
}

export { i18next };
