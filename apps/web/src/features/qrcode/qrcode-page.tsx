import type { UserInfo } from "@hcoins/domain/api/profile";
import { useTranslation } from "react-i18next";
import { useUser } from "../../api/profile.ts";
import { PageFrame } from "../../components/page-frame.tsx";
import { loadLazyTexts } from "../../lib/i18n.ts";
import { CoinBalanceLine } from "./coin-balance-line.tsx";
import { useMemberQr } from "./use-member-qr.ts";

/** The route's loader: the balance's texts (the balance itself draws from this device's copy, then refreshes). */
export const qrcodeLoader = () => loadLazyTexts();

export const QR_WIDTH = 200;

/** /qrcode (login required): the member's QR code for the till, with the member number beneath. */
export function QrCodePage() {
  const { t } = useTranslation(["qrcode", "common"]);
  const { data: user, isPending } = useUser();
  return (
    <PageFrame title={t("common:titles.qrcode")}>
      {user ? (
        <MemberQr user={user} />
      ) : (
        <p className={isPending ? "muted" : undefined} role={isPending ? "status" : "alert"}>
          {t(isPending ? "common:loading" : "common:serverError")}
        </p>
      )}
    </PageFrame>
  );
}

function MemberQr({ user }: { user: UserInfo }) {
  const { t } = useTranslation(["qrcode", "common"]);
  const { image, covered } = useMemberQr(user);
  const memberNumber = user.member_no || String(user.id);

  return (
    <div className="card qr-card">
      <p className="page-intro">{t("instruction")}</p>
      <CoinBalanceLine user={user} />
      <div className="qr-frame" aria-busy={covered || undefined}>
        {image && (
          <img src={image.src} width={QR_WIDTH} height={QR_WIDTH} alt={t("alt")} data-qr-text={image.text} />
        )}
        {covered && <div className="qr-mask" data-testid="qr-mask" aria-hidden="true" />}
      </div>
      <p className="qr-number">
        <span className="muted">{t("memberNumber")}</span> <strong>{memberNumber}</strong>
      </p>
      <p className="muted qr-refresh-note">{t("refreshNote")}</p>
    </div>
  );
}
