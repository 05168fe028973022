import { isAdjustmentReason } from "@hcoins/domain/adjustment-reasons";
import { useTranslation } from "../../lib/i18n.ts";

/**
 * A ledger entry's reason on the member page: an adjustment's code as its label in the console's
 * language, with the internal note beneath for operators; an older free text or the scheme's own
 * wording as it is.
 */
export function LedgerReason({ reason, note }: { reason: string; note: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      {isAdjustmentReason(reason) ? t(`adjustmentReasons.${reason}`) : reason}
      {note ? <span className="hint ledger-note">{t("coinControls.ledgerNote", { note })}</span> : null}
    </>
  );
}
