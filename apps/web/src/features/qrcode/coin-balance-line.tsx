import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { coinBalanceQuery, keepBalance, keptBalance } from "../../api/member-coins.ts";
import { formatDateTime, formatNumber } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/**
 * The member's H Coins balance above their code: what they check at the till. The balance this
 * device last saw shows at once and stays, with its time, when the scheme cannot be reached; a
 * number with no account linked shows none. The scheme is asked once `ask` (the code is drawn).
 */
export function CoinBalanceLine({ memberId, ask }: { memberId: number; ask: boolean }) {
  const { t } = useTranslation("coins");
  const query = useQuery({ ...coinBalanceQuery(), enabled: ask });
  const fresh = query.data;

  useEffect(() => {
    if (fresh) keepBalance(memberId, fresh);
  }, [fresh, memberId]);

  // The balance call answers `linked: false` for such a number (no error). The page does not
  // import the error texts (api/error-message.ts) for the rest: the QR page must open fast.
  if (fresh?.linked === false) return null;
  const shown =
    fresh?.balance != null ? { balance: fresh.balance, asOf: fresh.as_of } : keptBalance(memberId);
  const stale = query.isError;
  if (!shown && !stale) return null;

  return (
    <div className="qr-balance" aria-live="polite">
      {shown && (
        <>
          <p className="qr-balance-label">{t("qrBalance")}</p>
          <p className="qr-balance-figure">{formatNumber(shown.balance)}</p>
          <p className="muted qr-balance-time">{t("asOf", { time: formatDateTime(shown.asOf) })}</p>
        </>
      )}
      {stale && <p className="qr-balance-note">{t(shown ? "qrStale" : "qrUnavailable")}</p>}
    </div>
  );
}
