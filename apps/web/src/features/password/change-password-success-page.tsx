import { useTranslation } from "react-i18next";
import { SuccessScreen } from "../../components/success-screen.tsx";
import { config } from "../../lib/config.ts";

/** /update-password/success: back to the member section, the shop's VIP member page. */
export function ChangePasswordSuccessPage() {
  const { t } = useTranslation(["password", "common"]);
  return (
    <SuccessScreen title={t("common:titles.updatePasswordSuccess")} heading={t("password:changedHeading")}>
      <a className="button button-primary button-block" href={config.vipUrl}>
        {t("password:backToMember")}
      </a>
    </SuccessScreen>
  );
}
