import type { CoinTier } from "@hcoins/domain/api/member-coins";
import { formatDate, formatHkd, localized } from "../lib/format.ts";
import { useTranslation } from "../lib/i18n.ts";

/**
 * The member's tier, its multiplier and benefits, and what it takes to reach the next: on the
 * coins page and above the QR code. Nothing for a number with no account, or a programme with
 * no tiers. Its texts are the coins namespace's (lazy: the pages' loaders load them).
 */
export function CoinTierCard({ tier, compact = false }: { tier: CoinTier; compact?: boolean }) {
  const { t } = useTranslation("coins");
  if (!tier.linked || (tier.tier === null && tier.next === null)) return null;
  const held = tier.tier;
  const next = tier.next;
  const benefits = held ? localized(held.benefits) : "";
  return (
    <section
      className={compact ? "coin-tier coin-tier-compact" : "card coin-tier"}
      aria-labelledby="tier-heading"
    >
      <h2 id="tier-heading" className="coin-tier-label">
        {t("tier.heading")}
      </h2>
      <p className="coin-tier-name">
        <strong className="coin-tier-title">{held ? localized(held.name) : t("tier.none")}</strong>
        {held && held.multiplier !== "1" && (
          <span className="coin-tier-multiplier">
            {" "}
            {t("tier.multiplier", { multiplier: held.multiplier })}
          </span>
        )}
      </p>
      {!compact && benefits !== "" && <p className="coin-tier-benefits">{benefits}</p>}
      <p className="coin-tier-next">
        {next === null
          ? t("tier.top")
          : next.by === null
            ? t("tier.nextRolling", {
                amount: formatHkd(next.spend_needed_amount),
                tier: localized(next.tier.name),
              })
            : t("tier.nextBy", {
                amount: formatHkd(next.spend_needed_amount),
                tier: localized(next.tier.name),
                date: formatDate(next.by),
              })}
      </p>
      {!compact && tier.review_at !== null && (
        <p className="muted coin-tier-review">{t("tier.review", { date: formatDate(tier.review_at) })}</p>
      )}
    </section>
  );
}
