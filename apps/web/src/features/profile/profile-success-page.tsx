import { LeaveOrDownloadActions } from "../../components/leave-or-download-actions.tsx";
import { SuccessScreen } from "../../components/success-screen.tsx";
import { config } from "../../lib/config.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** /update-user/success: on to the shop (or the allowed redirect target), or the app's download page. */
export function Component() {
  const { t } = useTranslation(["profile", "common"]);
  return (
    <SuccessScreen
      title={t("profile:titles.updateSuccess")}
      heading={t("successHeading")}
      message={t("successBody")}
    >
      <LeaveOrDownloadActions
        texts={{
          continue: t("continue"),
          goShopping: t("goShopping"),
          download: t("downloadApp"),
          opensNewTab: t("opensNewTab"),
        }}
        downloadUrl={config.downloadPageUrl}
      />
    </SuccessScreen>
  );
}
