import type { MemberLedgerEntry } from "@hcoins/domain/api/console-ledger";
import { formatNumber } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";

type EarnLine = MemberLedgerEntry["lines"][number];

/**
 * What a purchase's coins were earned for (a refund's, taken back), as the member's statement
 * lists them, so customer service can answer "why did I get this?": each line with its coins, a
 * tier by name, a campaign by name and id (to find it among the campaigns).
 */
export function EarnLinesCell({ lines }: { lines: readonly EarnLine[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (lines.length === 0) return <>—</>;
  const label = (line: EarnLine) => {
    const name = line.name?.[language];
    if (line.kind === "tier")
      return name ? t("ledger.lines.tierNamed", { tier: name }) : t("ledger.lines.tier");
    if (line.kind === "campaign")
      return name
        ? t("ledger.lines.campaignNamed", { id: line.campaign_id, name })
        : t("ledger.lines.campaign", { id: line.campaign_id });
    return t(`ledger.lines.${line.kind}`);
  };
  return (
    <ul className="earn-lines">
      {lines.map((line, index) => (
        // Lines have no id of their own; an entry's never change order.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index}>
          <span>{label(line)}</span>{" "}
          <span className="nowrap">{`${line.coins > 0 ? "+" : ""}${formatNumber(line.coins)}`}</span>
        </li>
      ))}
    </ul>
  );
}
