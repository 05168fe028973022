import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { askBanners, WELCOME_BANNERS } from "../../api/banners.ts";
import { PageFrame } from "../../components/page-frame.tsx";
import { config } from "../../lib/config.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { session, useToken } from "../../lib/session.ts";
import { waitForData } from "../../lib/wait-for-data.ts";
import { payChannelTarget } from "./pay-channel.ts";
import { WelcomeBanners } from "./welcome-banners.tsx";

/**
 * The route's loader: the banners, so the page draws with them rather than with a placeholder
 * where the first paint (#boot) already showed the first banner. A slow CMS does not hold the
 * page back (waitForData): the placeholder then stands in, as before.
 */
export const loader = () => waitForData(askBanners(WELCOME_BANNERS));

const BENEFITS = ["qr", "earn", "offers", "privileges", "birthday", "redeem"] as const;

/**
 * `/`: banner, Register and Login, and what membership gives. `?state=` is kept as
 * the session's state url; a pay-channel state opens the native app instead.
 */
export function Component() {
  const { t } = useTranslation(["welcome", "common"]);
  const [search] = useSearchParams();
  const state = search.get("state");
  const appTarget = state ? payChannelTarget(state, config, window.location.origin) : null;
  const loggedIn = useToken() !== null;

  useEffect(() => {
    if (state) session.setStateUrl(state);
    // replace: Back from the app must not land here and open the app again.
    if (appTarget) window.location.replace(appTarget);
  }, [state, appTarget]);

  if (appTarget) {
    return (
      <PageFrame>
        <div className="notice" role="status">
          <span className="spinner app-open-spinner" aria-hidden="true" />
          <p>{t("openingApp")}</p>
        </div>
        <p className="welcome-app-fallback">
          <a href={appTarget}>{t("openApp")}</a>
        </p>
      </PageFrame>
    );
  }

  return (
    <div className="welcome">
      <WelcomeBanners />
      <PageFrame wide>
        <div className="welcome-body">
          <h1 className="page-title">{t("heading")}</h1>
          <p className="page-intro">{t("intro")}</p>
          {/* A member has nothing to register or log in to: their QR code and coins instead. */}
          <div className="welcome-actions">
            <Link className="button button-primary" to={loggedIn ? paths.qrcode : paths.register}>
              {t(loggedIn ? "welcome:qrcodeLink" : "common:register")}
            </Link>
            <Link className="button button-secondary" to={loggedIn ? paths.coins : paths.login}>
              {t(loggedIn ? "welcome:coinsLink" : "common:login")}
            </Link>
          </div>
          <h2 className="welcome-subtitle">{t("benefitsHeading")}</h2>
          <ul className="welcome-benefits">
            {BENEFITS.map((benefit) => (
              <li key={benefit}>
                <strong>{t(`benefits.${benefit}.title`)}</strong>
                <span>{t(`benefits.${benefit}.text`)}</span>
              </li>
            ))}
          </ul>
        </div>
      </PageFrame>
    </div>
  );
}
