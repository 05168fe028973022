import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { PageFrame } from "../../components/page-frame.tsx";
import { paths } from "../../lib/paths.ts";

/** /reset-pw/success and /forget-pwd/success: a reset ends every session, so the way on is to log in again. */
export function ResetSuccessPage() {
  const { t } = useTranslation(["resetPassword", "common"]);
  const { pathname } = useLocation();
  const title = pathname.startsWith(paths.forgetPassword) ? "forgetPasswordSuccess" : "resetSuccess";
  return (
    <PageFrame title={t(`common:titles.${title}`)}>
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
        <h2>{t("resetPassword:successHeading")}</h2>
        <p>{t("resetPassword:successBody")}</p>
      </div>
      <div className="actions">
        <Link className="button button-primary button-block" to={paths.login}>
          {t("resetPassword:goToLogin")}
        </Link>
      </div>
    </PageFrame>
  );
}
