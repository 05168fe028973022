import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "../../components/button.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { config } from "../../lib/config.ts";
import { isInternal, leaveTarget } from "../../lib/redirect-target.ts";
import { session } from "../../lib/session.ts";

/** /update-user/success: on to the shop (or the allowed redirect target), or the app's download page. */
export function ProfileSuccessPage() {
  const { t } = useTranslation(["profile", "common"]);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = search.get("redirect");

  const goOn = () => {
    const target = leaveTarget(redirect, session.getToken());
    if (isInternal(target)) navigate(target);
    else window.location.assign(target);
  };

  return (
    <PageFrame title={t("common:titles.updateSuccess")}>
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
        <h2>{t("successHeading")}</h2>
        <p>{t("successBody")}</p>
      </div>
      <div className="actions">
        <Button className="button button-primary button-block" onClick={goOn}>
          {t(redirect ? "continue" : "goShopping")}
        </Button>
        <a
          className="button button-secondary button-block"
          href={config.downloadPageUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("downloadApp")}
          <span className="visually-hidden"> {t("opensNewTab")}</span>
        </a>
      </div>
    </PageFrame>
  );
}
