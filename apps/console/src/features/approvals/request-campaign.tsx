import type { ApprovalRequest } from "@hcoins/domain/api/console-coin-controls";
import type { TFunction } from "@hcoins/i18n/translator";
import { Link } from "react-router";
import { formatNumber, formatTime } from "../../lib/format.ts";
import { currentLanguage, type Key, useTranslation } from "../../lib/i18n.ts";

type Campaign = NonNullable<ApprovalRequest["campaign"]>;

/** A campaign's name, schedule, budget and cap as the approver reads them, in the operator's language. */
export const campaignFacts = (campaign: Campaign, t: TFunction<Key>) => ({
  name: campaign.name[currentLanguage()],
  from: formatTime(campaign.starts_at),
  to: formatTime(campaign.ends_at),
  budget: campaign.budget_coins === null ? t("campaigns.noBudget") : formatNumber(campaign.budget_coins),
  cap: campaign.per_member_cap === null ? t("campaigns.noCap") : formatNumber(campaign.per_member_cap),
});

/**
 * What a campaign activation request would switch on: the campaign (linked), its schedule, budget
 * and cap, and what it would have issued over the last days (the dry run made with the request).
 */
export function RequestCampaign({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const facts = campaignFacts(campaign, t);
  return (
    <span className="request-campaign">
      <Link to={`/campaigns/${campaign.id}`}>{facts.name}</Link>
      <br />
      <span className="hint">{t("approvals.campaign.schedule", facts)}</span>
      <br />
      <span className="hint">{t("approvals.campaign.budget", facts)}</span>
      <br />
      <span className="hint">
        {t("approvals.campaign.dryRun", {
          days: campaign.dry_run.days,
          matched: formatNumber(campaign.dry_run.purchases_matched),
          members: formatNumber(campaign.dry_run.members),
          coins: formatNumber(campaign.dry_run.coins),
          within: formatNumber(campaign.dry_run.coins_within_budget),
        })}
      </span>
    </span>
  );
}
