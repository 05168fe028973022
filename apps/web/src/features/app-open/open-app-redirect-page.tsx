import { useEffect } from "react";
import { PageFrame } from "../../components/page-frame.tsx";
import { config } from "../../lib/config.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { storeUrlFor } from "./detect-device.ts";

/**
 * /open-cu-app: sends the device to its app store. `replace` keeps this page out of
 * the history, so Back from the store does not bounce the visitor there again.
 */
export function Component() {
  const { t } = useTranslation(["appOpen", "common"]);
  const target = storeUrlFor(navigator.userAgent, config);

  useEffect(() => {
    window.location.replace(target);
  }, [target]);

  return (
    <PageFrame>
      <div className="notice app-open-redirect" role="status">
        <span className="spinner app-open-spinner" aria-hidden="true" />
        <p>{t("redirecting")}</p>
      </div>
      <p className="app-open-fallback">
        {t("notRedirected")} <a href={target}>{t("goToStore")}</a>
      </p>
    </PageFrame>
  );
}
