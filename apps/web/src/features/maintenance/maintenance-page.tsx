import { PageFrame } from "../../components/page-frame.tsx";
import { useTranslation } from "../../lib/i18n.ts";

export function Component() {
  const { t } = useTranslation("common");
  return (
    <PageFrame title={t("common:maintenance.title")}>
      <div className="notice">
        <svg className="notice-icon" viewBox="0 0 48 48" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M24 12v14l9 6" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <h2>{t("maintenance.heading")}</h2>
        <p>{t("maintenance.body")}</p>
      </div>
    </PageFrame>
  );
}
