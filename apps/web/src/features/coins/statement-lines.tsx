import type { StatementLine } from "../../api/member-coins.ts";
import { formatNumber, localized } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** A line's label: a tier or campaign is named in the member's language, the others by kind. */
function useLineLabel() {
  const { t } = useTranslation("coins");
  return (line: StatementLine) => {
    if (line.kind === "tier")
      return line.name ? t("lines.tierNamed", { tier: localized(line.name) }) : t("lines.tier");
    if (line.kind === "campaign") return line.name ? localized(line.name) : t("lines.campaign");
    return t(`lines.${line.kind}`);
  };
}

/**
 * What a purchase's coins were earned for (or a refund's taken back), one line each, under the
 * entry: the statement a member can check against the total. A screen reader hears each as
 * "Birthday month: +88 H Coins".
 */
export function StatementLines({ lines }: { lines: readonly StatementLine[] }) {
  const { t } = useTranslation("coins");
  const label = useLineLabel();
  return (
    <ul className="statement-lines" aria-label={t("lines.heading")}>
      {lines.map((line, index) => (
        // Lines have no id; their order is the scheme's and never changes for an entry.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index} className="statement-line">
          <span className="statement-line-label">{label(line)}</span>{" "}
          <span className="statement-line-coins">
            {line.coins > 0 ? "+" : line.coins < 0 ? "−" : ""}
            {formatNumber(Math.abs(line.coins))}
            <span className="visually-hidden"> H Coins</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
