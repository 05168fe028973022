import { HTML_LANG, LANGUAGES, type Language } from "@hcoins/domain/languages";
import { useId } from "react";
import { changeLanguage, currentLanguage, useTranslation } from "../lib/i18n.ts";

/** Each language named in itself, as an operator who does not read the current one looks for it. */
const NAMES: Record<Language, string> = { en: "English", tc: "繁體中文", sc: "简体中文" };

export function LanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="language-select">
      <label htmlFor={id}>{t("app.language")}</label>
      <select
        id={id}
        value={currentLanguage()}
        onChange={(event) => void changeLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={HTML_LANG[language]}>
            {NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
