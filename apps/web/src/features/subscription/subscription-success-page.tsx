import { Link } from "react-router";
import { SuccessScreen } from "../../components/success-screen.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";

/** /subscription-success: the preferences were saved. */
export function Component() {
  const { t } = useTranslation(["subscription", "common"]);
  return (
    <SuccessScreen
      title={t("subscription:titles.subscriptionSuccess")}
      heading={t("successHeading")}
      message={t("successBody")}
      role="status"
    >
      <Link className="button button-secondary button-block" to={paths.home}>
        {t("backHome")}
      </Link>
    </SuccessScreen>
  );
}
