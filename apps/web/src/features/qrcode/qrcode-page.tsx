import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError } from "../../api/client.ts";
import { cardOf, keptCard, type MemberCard } from "../../api/member-card.ts";
import { coinTierQuery } from "../../api/member-coins.ts";
import { useUser } from "../../api/profile.ts";
import { CoinTierCard } from "../../components/coin-tier-card.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { loadLazyTexts, useTranslation } from "../../lib/i18n.ts";
import { useOnline } from "../../lib/online.ts";
import { CoinBalanceLine } from "./coin-balance-line.tsx";
import { QrMissionLines } from "./qr-mission-lines.tsx";
import { useMemberQr } from "./use-member-qr.ts";

/** The route's loader: the balance's texts (the balance itself draws from this device's copy, then refreshes). */
export const loader = () => loadLazyTexts();

export const QR_WIDTH = 200;

/**
 * /qrcode (login required): the member's QR code for the till, with the member number beneath.
 * It draws from the member card this device keeps (api/member-card.ts) when there is one, and
 * only then asks for fresh user info and balance: at a till with no signal the code is there at
 * once, and says the page is offline.
 */
export function Component() {
  const { t } = useTranslation(["qrcode", "common"]);
  const [kept] = useState(keptCard);
  const [drawn, setDrawn] = useState(false);
  const ask = kept === null || drawn;
  const { data: user, isPending, error } = useUser({ ask });
  const online = useOnline();
  const card = user ? cardOf(user) : kept;
  // No answer at all (ApiError status 0): offline as far as the member can tell, whatever the browser says.
  const offline = !online || (error instanceof ApiError && error.status === 0);

  return (
    <PageFrame title={t("qrcode:titles.qrcode")}>
      {offline && (
        <p className="qr-offline" role="status">
          {t(card ? "offline" : "offlineNoCard")}
        </p>
      )}
      {card ? (
        <MemberQr card={card} ask={ask} onDrawn={() => setDrawn(true)} />
      ) : (
        !offline && (
          <p className={isPending ? "muted" : undefined} role={isPending ? "status" : "alert"}>
            {t(isPending ? "common:loading" : "common:serverError")}
          </p>
        )
      )}
    </PageFrame>
  );
}

interface MemberQrProps {
  card: MemberCard;
  /** Whether the balance may be asked for. */
  ask: boolean;
  onDrawn: () => void;
}

function MemberQr({ card, ask, onDrawn }: MemberQrProps) {
  const { t } = useTranslation(["qrcode", "common"]);
  const { image, covered } = useMemberQr(card);
  const memberNumber = card.memberNo || String(card.id);
  const isDrawn = image !== undefined;

  useEffect(() => {
    if (isDrawn) onDrawn();
  }, [isDrawn, onDrawn]);

  return (
    <div className="card qr-card">
      <p className="page-intro">{t("instruction")}</p>
      <CoinBalanceLine memberId={card.id} ask={ask} />
      <QrTierLine ask={ask} />
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
      <QrMissionLines ask={ask} />
    </div>
  );
}

/** The member's tier under the balance: what a cashier may ask about. Asked for once the code is drawn. */
function QrTierLine({ ask }: { ask: boolean }) {
  const tier = useQuery({ ...coinTierQuery(), enabled: ask });
  return tier.data ? <CoinTierCard tier={tier.data} compact /> : null;
}
