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
 * Namespaces of screens a visitor of the landing pages never sees (a member's coins, rewards,
 * vouchers, the member menu): src/locales/<language>/lazy/<namespace>.json, each its own small
 * chunk, loaded by the screens that show them (their route loaders) so that the catalogue every
 * first load downloads does not grow with them.
 */
const lazyCatalogues = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/lazy/*.json");
const lazyNamespaces = new Set<string>();

async function addLazyNamespace(language: Language, namespace: string) {
  if (i18next.hasResourceBundle(language, namespace)) return;
  const load = lazyCatalogues[`../locales/${language}/lazy/${namespace}.json`];
  if (!load) throw new Error(`no ${namespace} texts for ${language}`);
  i18next.addResourceBundle(language, namespace, (await load()).default);
}

/** Loads a lazy namespace in the current language; a language switch then loads it too. */
export async function loadNamespace(namespace: string, language: Language = currentLanguage()) {
  lazyNamespaces.add(namespace);
  await addLazyNamespace(language, namespace);
}

/** Adds the language's namespaces to i18next, once. */
export async function loadCatalogue(language: Language) {
  if (i18next.hasResourceBundle(language, "common")) return;
  const load = catalogues[`../locales/${language}.ts`];
  if (!load) throw new Error(`no catalogue for ${language}`);
  const files = (await load()).default;
  for (const [file, namespace] of Object.entries(files)) {
    const name = /(\w+)\.json$/.exec(file)?.[1];
    if (name) i18next.addResourceBundle(language, name, namespace);
  }
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
  await Promise.all([
    loadCatalogue(language),
    ...[...lazyNamespaces].map((namespace) => addLazyNamespace(language, namespace)),
  ]);
  await i18next.changeLanguage(language);
  document.documentElement.lang = HTML_LANG[language];
}

export { i18next };
