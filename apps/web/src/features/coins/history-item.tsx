import type { HistoryEntry } from "../../api/member-coins.ts";
import { formatDateTime, formatHkd, formatLastDay, formatNumber, localized } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { StatementLines } from "./statement-lines.tsx";

/** A glyph per kind, beside its label (decoration: the label says it). */
const ICONS: Record<HistoryEntry["kind"], string> = {
  purchase: "+",
  refund: "↺",
  adjustment: "±",
  expiry: "↓",
  redemption: "★",
  cancellation: "↩",
  forfeit: "×",
};

/** One line of the member's history: what happened, where and when, and the coins it moved. */
export function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation("coins");
  const store = entry.store_name ? localized(entry.store_name) : entry.store_code;
  const reward = entry.reward_title ? localized(entry.reward_title) : null;
  const title =
    (entry.kind === "purchase" || entry.kind === "refund") && store
      ? t(`kinds.${entry.kind}At`, { store })
      : entry.gift && reward
        ? t("kinds.giftOf", { reward })
        : (entry.kind === "redemption" || entry.kind === "cancellation") && reward
          ? t(`kinds.${entry.kind}Of`, { reward })
          : t(`kinds.${entry.kind}`);
  const sign = entry.coins > 0 ? "+" : entry.coins < 0 ? "−" : "";

  return (
    <li className={`card history-item history-${entry.kind}`}>
      <span className="history-icon" aria-hidden="true">
        {ICONS[entry.kind]}
      </span>
      <div className="history-body">
        <p className="history-title">{title}</p>
        <p className="history-meta muted">
          <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
        </p>
        {entry.receipt_no && <p className="history-meta">{t("receipt", { receipt: entry.receipt_no })}</p>}
        {entry.net_amount && (
          <p className="history-meta">{t("netAmount", { amount: formatHkd(entry.net_amount) })}</p>
        )}
        {/* An entry recorded before the scheme kept lines still says how much was bonus. */}
        {entry.lines.length === 0 && entry.bonus_coins > 0 && (
          <p className="history-meta">{t("bonus", { coins: formatNumber(entry.bonus_coins) })}</p>
        )}
        {entry.reason && <p className="history-meta">{t("reason", { reason: localized(entry.reason) })}</p>}
        {entry.gift && <p className="history-meta">{t(`gifts.${entry.gift}`)}</p>}
        {entry.voucher_code && (
          <p className="history-meta">{t("voucherCode", { code: entry.voucher_code })}</p>
        )}
        {entry.expires_at && entry.coins > 0 && (
          <p className="history-meta muted">
            {t("creditUsableUntil", { date: formatLastDay(entry.expires_at) })}
          </p>
        )}
      </div>
      {/* A gift moved no coins: a 0 beside it would read as a redemption that cost nothing by mistake. */}
      {!entry.gift && (
        <p className={entry.coins < 0 ? "history-coins history-debit" : "history-coins history-credit"}>
          {sign}
          {formatNumber(Math.abs(entry.coins))}
          <span className="visually-hidden"> H Coins</span>
        </p>
      )}
      {/* Under the whole entry, so each line's coins stand under the total they add up to. */}
      {entry.lines.length > 0 && <StatementLines lines={entry.lines} />}
    </li>
  );
}
