import type { ConsoleMemberSummary } from "@hcoins/domain/api/console";
import { useTranslation } from "react-i18next";

export function StatusBadge({ status }: { status: ConsoleMemberSummary["status"] }) {
  const { t } = useTranslation();
  return <span className={`badge badge-${status}`}>{t(`status.${status}`)}</span>;
}
