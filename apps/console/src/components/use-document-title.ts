import { useEffect } from "react";
import { type Key, useTranslation } from "../lib/i18n.ts";

/** The tab's title: the screen's, then the console's name (in the operator's language). */
export function useDocumentTitle(key: Key | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = key ? `${t(key)} · ${t("app.name")}` : t("app.name");
  }, [key, t]);
}
