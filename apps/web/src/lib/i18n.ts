import { HTML_LANG, type Language } from "@hcoins/domain/languages";
import { Trans, type Translation, useTranslator } from "@hcoins/i18n/react";
import { type Catalogue, type NamespacedKey, Translator } from "@hcoins/i18n/translator";
import { storeLanguage } from "./language.ts";

/** The app's texts, in the language of the page (tc until initI18n says otherwise). */
export const translator = new Translator({
  language: "tc",
  defaultNamespace: "common",
  locale: (language) => HTML_LANG[language as Language] ?? language,
});

/**
 * The namespaces as the English catalogues declare them: the type check knows every key, and the
 * other languages are held to the same keys by the catalogue tests.
 */
export interface Namespaces {
  appOpen: typeof import("../locales/en/appOpen.json");
  cmsPages: typeof import("../locales/en/cmsPages.json");
  common: typeof import("../locales/en/common.json");
  download: typeof import("../locales/en/download.json");
  login: typeof import("../locales/en/login.json");
  password: typeof import("../locales/en/password.json");
  profile: typeof import("../locales/en/profile.json");
  qrcode: typeof import("../locales/en/qrcode.json");
  register: typeof import("../locales/en/register.json");
  resetPassword: typeof import("../locales/en/resetPassword.json");
  stores: typeof import("../locales/en/stores.json");
  subscription: typeof import("../locales/en/subscription.json");
  welcome: typeof import("../locales/en/welcome.json");
  coins: typeof import("../locales/en/lazy/coins.json");
  menu: typeof import("../locales/en/lazy/menu.json");
  referrals: typeof import("../locales/en/lazy/referrals.json");
  rewards: typeof import("../locales/en/lazy/rewards.json");
  vouchers: typeof import("../locales/en/lazy/vouchers.json");
}

export type Namespace = keyof Namespaces;

/** The keys `t` takes when `N` is the first namespace (`common` when none is named). */
export type Key<N extends Namespace = "common"> = NamespacedKey<Namespaces, N>;

/** `const { t } = useTranslation(["login", "common"])`: keys of the first namespace, others by prefix. */
export function useTranslation<N extends Namespace = "common">(
  namespaces?: N | readonly [N, ...Namespace[]],
): Translation<Key<N>> {
  // The translator looks keys up by string; the keys' type is the catalogues' (Namespaces).
  return useTranslator(translator, namespaces) as Translation<Key<N>>;
}

export { Trans };

/**
 * The translator with one catalogue chunk per language (src/locales/<en|tc|sc>.ts, holding
 * src/locales/<language>/<namespace>.json): the first screen loads its own language only,
 * and a switch to another one waits for that language's chunk (about 5 KB).
 */
const catalogues = import.meta.glob<{ default: Record<string, Catalogue> }>("../locales/*.ts");

/**
 * The texts of screens a visitor of the landing pages never sees (a member's coins, rewards,
 * vouchers, the member menu): src/locales/<language>/lazy/*.json, one chunk per language
 * (src/locales/lazy/<language>.ts), loaded by those screens (their route loaders, the menu) so
 * that the catalogue every first load downloads does not grow with them.
 */
const lazyCatalogues = import.meta.glob<{ default: Record<string, Catalogue> }>("../locales/lazy/*.ts");
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

function addNamespaces(language: Language, files: Record<string, Catalogue>) {
  for (const [file, namespace] of Object.entries(files)) {
    const name = /(\w+)\.json$/.exec(file)?.[1];
    if (name) translator.addCatalogue(language, name, namespace);
  }
}

/** Adds the language's namespaces to the translator, once. */
export async function loadCatalogue(language: Language) {
  if (translator.hasCatalogue(language, "common")) return;
  const load = catalogues[`../locales/${language}.ts`];
  if (!load) throw new Error(`no catalogue for ${language}`);
  addNamespaces(language, (await load()).default);
}

export async function initI18n(language: Language) {
  await loadCatalogue(language);
  translator.changeLanguage(language);
}

export function currentLanguage(): Language {
  const language = translator.language;
  return language === "en" || language === "sc" ? language : "tc";
}

export const currentAcceptLanguage = () => HTML_LANG[currentLanguage()];

export async function changeLanguage(language: Language) {
  storeLanguage(language);
  await Promise.all([loadCatalogue(language), ...(lazyWanted ? [addLazyTexts(language)] : [])]);
  translator.changeLanguage(language);
  document.documentElement.lang = HTML_LANG[language];
}
