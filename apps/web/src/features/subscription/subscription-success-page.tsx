import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageFrame } from "../../components/page-frame.tsx";
import { paths } from "../../lib/paths.ts";

/** /subscription-success: the preferences were saved. */
export function SubscriptionSuccessPage() {
  const { t } = useTranslation(["subscription", "common"]);
  return (
    <PageFrame title={t("common:titles.subscriptionSuccess")}>
      <div className="notice" role="status">
        <svg className="notice-icon" viewBox="0 0 48 48" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
          <path
            d="M14 25l7 7 13-15"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h2>{t("successHeading")}</h2>
        <p>{t("successBody")}</p>
      </div>
      <div className="actions">
        <Link className="button button-secondary button-block" to={paths.home}>
          {t("backHome")}
        </Link>
      </div>
    </PageFrame>
  );
}
