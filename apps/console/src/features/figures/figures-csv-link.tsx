import { consoleFigures } from "@hcoins/domain/api/console-figures";
import { callUrl } from "../../api/client.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** The shown range's days as a CSV file (UTF-8 with a byte-order mark, so Excel keeps Chinese intact). */
export function FiguresCsvLink({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  return (
    <p>
      <a
        className="button secondary"
        href={callUrl(consoleFigures.exportCsv, { query: { from, to } })}
        download
      >
        {t("figuresExport.csv")}
      </a>
    </p>
  );
}
