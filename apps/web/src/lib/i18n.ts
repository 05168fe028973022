import type { Language } from "@hcoins/domain/profile-options";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { HTML_LANG, storeLanguage } from "./language.ts";

/**
 * i18next with every catalogue bundled: the three languages of every namespace are
 * small, and a language switch must not wait for the network.
 * Catalogues: src/locales/<en|tc|sc>/<namespace>.json.
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json", {
  eager: true,
});

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, module] of Object.entries(catalogues)) {
  const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  resources[language] ??= {};
  resources[language][namespace] = module.default;
}

export function initI18n(language: Language) {
  return i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: "tc",
    defaultNS: "common",
    ns: Object.keys(resources.tc ?? {}),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export function currentLanguage(): Language {
  const language = i18next.language;
  return language === "en" || language === "sc" ? language : "tc";
}

export const currentAcceptLanguage = () => HTML_LANG[currentLanguage()];

export async function changeLanguage(language: Language) {
  storeLanguage(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = HTML_LANG[language];
}

export { i18next };
