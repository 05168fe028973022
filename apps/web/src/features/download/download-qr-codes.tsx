import { generate } from "lean-qr";
import { toSvgDataURL } from "lean-qr/extras/svg";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { config } from "../../lib/config.ts";
import { paths } from "../../lib/paths.ts";

const QR_SIZE = 160;

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
  // An SVG stays sharp at any size; the quiet zone (pad) keeps phone cameras reading it.
  const src = useMemo(() => toSvgDataURL(generate(url), { on: "black", off: "white", pad: 4 }), [url]);
  return (
    <li className="card download-qr">
      <img src={src} width={QR_SIZE} height={QR_SIZE} alt={alt} data-qr-text={url} />
      <p>{title}</p>
    </li>
  );
}
