import type { MissionStatus } from "@hcoins/domain/mission-rules";
import { useTranslation } from "../../lib/i18n.ts";

/** A mission's status as a badge: the campaigns' four statuses, their words and colours. */
export function MissionStatusBadge({ status }: { status: MissionStatus }) {
  const { t } = useTranslation();
  return <span className={`badge badge-campaign-${status}`}>{t(`campaigns.statuses.${status}`)}</span>;
}
