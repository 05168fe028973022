import { Link, useLocation } from "react-router";
import { SuccessScreen } from "../../components/success-screen.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";

/** /reset-pw/success and /forget-pwd/success: a reset ends every session, so the way on is to log in again. */
export function Component() {
  const { t } = useTranslation(["resetPassword", "common"]);
  const { pathname } = useLocation();
  const title = pathname.startsWith(paths.forgetPassword) ? "forgetPasswordSuccess" : "resetSuccess";
  return (
    <SuccessScreen
      title={t(`resetPassword:titles.${title}`)}
      heading={t("resetPassword:successHeading")}
      message={t("resetPassword:successBody")}
    >
      <Link className="button button-primary button-block" to={paths.login}>
        {t("resetPassword:goToLogin")}
      </Link>
    </SuccessScreen>
  );
}
