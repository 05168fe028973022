import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { PageFrame } from "../../components/page-frame.tsx";
import { StoreBadges } from "../../components/store-badges.tsx";
import { config } from "../../lib/config.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { BenefitTiles } from "./benefit-tiles.tsx";
import { DownloadLanguageSwitch } from "./download-language-switch.tsx";
import { DownloadQrCodes } from "./download-qr-codes.tsx";
import { PhoneMockup } from "./phone-mockup.tsx";

// The brands arrive from the server after the first paint anyway: their list (with the image
// addresses) loads alongside, outside this landing page's first-load budget.
const BrandList = lazy(() => import("./brand-list.tsx").then((module) => ({ default: module.BrandList })));

/**
 * /download: the app's landing page. Everything on it is drawn in the project (badges,
 * phone, QR codes) or comes from this server (the brands and their logos): nothing is
 * fetched from another site.
 */
export function Component() {
  const { t } = useTranslation(["download", "common"]);
  return (
    <PageFrame wide>
      <div className="download">
        <div className="download-bar">
          <DownloadLanguageSwitch />
          {/* The spec's login button leads to the store list at /index. */}
          <Link className="button button-secondary download-login" to={paths.storeIndex}>
            {t("common:login")}
          </Link>
        </div>

        <section className="download-hero" aria-labelledby="download-heading">
          <div className="download-hero-text">
            <h1 id="download-heading" className="page-title download-title">
              {t("heading")}
            </h1>
            <p className="download-intro">{t("intro")}</p>
            <StoreBadges
              appStore={{ caption: t("appStore.caption") }}
              googlePlay={{ caption: t("googlePlay.caption") }}
            />
          </div>
          <PhoneMockup label={t("phoneAlt")} />
        </section>

        <section className="download-section" aria-labelledby="download-chains">
          <h2 id="download-chains">{t("chainsHeading")}</h2>
          <Suspense fallback={null}>
            <BrandList />
          </Suspense>
          <a
            className="button button-primary download-shop"
            href={config.eshopUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("shop")}
            <span className="visually-hidden"> ({t("newTab")})</span>
          </a>
        </section>

        <section className="download-section" aria-labelledby="download-benefits">
          <h2 id="download-benefits">{t("benefitsHeading")}</h2>
          <BenefitTiles />
        </section>

        <section className="download-section" aria-labelledby="download-scan">
          <h2 id="download-scan">{t("scanHeading")}</h2>
          <DownloadQrCodes />
        </section>
      </div>
    </PageFrame>
  );
}
