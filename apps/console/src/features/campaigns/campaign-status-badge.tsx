import type { CampaignStatus } from "@hcoins/domain/campaign-rules";
import { useTranslation } from "../../lib/i18n.ts";

/** A campaign's status as a badge: draft, active, paused, ended (styles.css colours each). */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return <span className={`badge badge-campaign-${status}`}>{t(`campaigns.statuses.${status}`)}</span>;
}
