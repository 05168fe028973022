import { LeaveOrDownloadActions } from "../../components/leave-or-download-actions.tsx";
import { SuccessScreen } from "../../components/success-screen.tsx";
import { config } from "../../lib/config.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** /register/success: on to the shop (or the allowed redirect target), or get the coin app. */
export function Component() {
  const { t } = useTranslation(["register", "common"]);
  return (
    <SuccessScreen
      title={t("register:titles.registerSuccess")}
      heading={t("successHeading")}
      message={t("successBody")}
    >
      <LeaveOrDownloadActions
        texts={{
          continue: t("continue"),
          goShopping: t("goShopping"),
          download: t("downloadCoinApp"),
          opensNewTab: t("opensNewTab"),
        }}
        downloadUrl={config.coinAppDownloadUrl}
      />
    </SuccessScreen>
  );
}
