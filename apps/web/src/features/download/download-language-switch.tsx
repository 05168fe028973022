import { changeLanguage, currentLanguage, useTranslation } from "../../lib/i18n.ts";

/**
 * The download page's own EN / 中 switch. 中 is Hong Kong Traditional Chinese (the
 * product's default); a visitor reading Simplified already reads Chinese, so 中 shows
 * as chosen for both. changeLanguage stores the choice under `lang`.
 */
export function DownloadLanguageSwitch() {
  const { t, i18n } = useTranslation("download");
  const english = i18n.language === "en";
  return (
    <nav className="download-language" aria-label={t("languageSwitch")}>
      <button type="button" lang="en" aria-pressed={english} onClick={() => changeLanguage("en")}>
        EN
      </button>
      <button
        type="button"
        lang="zh-HK"
        aria-pressed={!english}
        onClick={() => {
          if (english || currentLanguage() !== "tc") changeLanguage("tc");
        }}
      >
        中
      </button>
    </nav>
  );
}
