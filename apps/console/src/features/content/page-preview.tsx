import type { ConsolePage } from "@hcoins/domain/api/console-content";
import { HTML_LANG, LANGUAGES, type Language } from "@hcoins/domain/languages";
import { useId, useState } from "react";
import { useTranslation } from "../../lib/i18n.ts";

/**
 * The member's page as it will show: the title and the HTML the server stored after sanitising
 * (the same as the member call answers), one language at a time. No iframe: the HTML is the
 * server's sanitised output, never the editor's raw text.
 */
export function PagePreview({ page, onClose }: { page: ConsolePage; onClose: () => void }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Language>("tc");
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{t("content.pages.previewTitle", { slug: page.slug })}</h2>
      <fieldset className="segmented">
        <legend>{t("content.pages.previewLanguage")}</legend>
        {LANGUAGES.map((code) => (
          <button
            key={code}
            type="button"
            className={code === lang ? "button" : "button secondary"}
            aria-pressed={code === lang}
            onClick={() => setLang(code)}
          >
            {t(`content.languages.${code}`)}
          </button>
        ))}
      </fieldset>
      <article
        className="member-preview"
        lang={HTML_LANG[lang]}
        aria-label={t("content.pages.previewRegion")}
      >
        <h3>{page.title[lang] || page.title.tc}</h3>
        <div
          className="cms-content"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised HTML, as the member page shows it
          dangerouslySetInnerHTML={{ __html: page.content[lang] || page.content.tc }}
        />
      </article>
      <button type="button" className="button secondary" onClick={onClose}>
        {t("content.pages.closePreview")}
      </button>
    </section>
  );
}
