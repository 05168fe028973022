import { useTranslation } from "react-i18next";
import { PageFrame } from "../../components/page-frame.tsx";
import { config } from "../../lib/config.ts";

/** /update-password/success: back to the member section, the shop's VIP member page. */
export function ChangePasswordSuccessPage() {
  const { t } = useTranslation(["password", "common"]);
  return (
    <PageFrame title={t("common:titles.updatePasswordSuccess")}>
      <div className="notice">
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
        <h2>{t("password:changedHeading")}</h2>
      </div>
      <div className="actions">
        <a className="button button-primary button-block" href={config.vipUrl}>
          {t("password:backToMember")}
        </a>
      </div>
    </PageFrame>
  );
}
