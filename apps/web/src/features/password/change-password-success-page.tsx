import { SuccessScreen } from "../../components/success-screen.tsx";
import { config } from "../../lib/config.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** /update-password/success: back to the member section, the shop's VIP member page. */
export function Component() {
  const { t } = useTranslation(["password", "common"]);
  return (
    <SuccessScreen title={t("password:titles.updatePasswordSuccess")} heading={t("password:changedHeading")}>
      <a className="button button-primary button-block" href={config.vipUrl}>
        {t("password:backToMember")}
      </a>
    </SuccessScreen>
  );
}
