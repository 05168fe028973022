import { lazy, Suspense } from "react";
import { config } from "../../lib/config.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";

// The encoder loads after the page's first render; meanwhile each code's box keeps its size.
const QrImage = lazy(() => import("./qr-drawings.tsx").then((module) => ({ default: module.QrImage })));

/**
 * Two codes for a visitor reading this page on a computer: one opens this site's
 * /open-cu-app on the phone (which picks the phone's store), one the configured
 * download endpoint.
 */
export function DownloadQrCodes() {
  const { t } = useTranslation("download");
  const openAppUrl = new URL(paths.openApp, window.location.origin).toString();
  return (
    <ul className="download-qr-codes">
      <QrCode url={openAppUrl} title={t("qr.openApp.title")} alt={t("qr.openApp.alt")} />
      <QrCode url={config.downloadEndpointUrl} title={t("qr.download.title")} alt={t("qr.download.alt")} />
    </ul>
  );
}

function QrCode({ url, title, alt }: { url: string; title: string; alt: string }) {
  return (
    <li className="card download-qr">
      <Suspense fallback={<span className="download-qr-pending" />}>
        <QrImage url={url} alt={alt} />
      </Suspense>
      <p>{title}</p>
    </li>
  );
}
