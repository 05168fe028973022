import type { ConsoleMemberSummary } from "@hcoins/domain/api/console";
import { useTranslation } from "../lib/i18n.ts";

export function StatusBadge({ status }: { status: ConsoleMemberSummary["status"] }) {
  const { t } = useTranslation();
  return <span className={`badge badge-${status}`}>{t(`status.${status}`)}</span>;
}
