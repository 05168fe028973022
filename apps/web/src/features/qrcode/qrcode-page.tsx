import type { UserInfo } from "@hcoins/domain/api/profile";
import { memberQrText } from "@hcoins/domain/member-qr";
import { useTranslation } from "react-i18next";
import { useUser } from "../../api/profile.ts";
import { PageFrame } from "../../components/page-frame.tsx";
import { useQrImage } from "./use-qr-image.ts";
import { useQrRefresh } from "./use-qr-refresh.ts";

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
  const { seconds, masked } = useQrRefresh(user);
  const text = memberQrText({
    memberNo: user.member_no,
    id: user.id,
    birthdayMonth: user.birthday_month,
    unixSeconds: seconds,
  });
  const image = useQrImage(text);
  // The mask stays past its 300 ms until the new code is drawn (a worker draws it), so the
  // old code is never shown unmasked once it has been renewed.
  const covered = masked || image?.text !== text;
  const memberNumber = user.member_no || String(user.id);

  return (
    <div className="card qr-card">
      <p className="page-intro">{t("instruction")}</p>
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
