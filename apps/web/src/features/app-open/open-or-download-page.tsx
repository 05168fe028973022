import { PageFrame } from "../../components/page-frame.tsx";
import { StoreBadges } from "../../components/store-badges.tsx";
import { useTranslation } from "../../lib/i18n.ts";

/** /reward, /offer, /egift and every unknown path: the app's content lives in the app. */
export function Component() {
  const { t } = useTranslation(["appOpen", "common"]);
  return (
    <PageFrame title={t("appOpen:titles.openApp")}>
      <div className="card app-open-card">
        <svg className="app-open-icon" viewBox="0 0 64 64" width="72" height="72" aria-hidden="true">
          <rect width="64" height="64" rx="14" fill="var(--accent)" />
          <circle cx="32" cy="32" r="17" fill="none" stroke="#fff" strokeWidth="4" />
          <path d="M26 24v16m12-16v16M26 32h12" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
        </svg>
        <p>{t("intro")}</p>
        <StoreBadges
          className="app-open-badges"
          appStore={{ caption: t("appStore.caption") }}
          googlePlay={{ caption: t("googlePlay.caption") }}
        />
      </div>
    </PageFrame>
  );
}
