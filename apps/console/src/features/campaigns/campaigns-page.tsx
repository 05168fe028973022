import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { campaignsQuery } from "../../api/campaigns.ts";
import { useHolds } from "../../api/session.ts";
import { ListTable } from "../../components/list-table.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { formatNumber, formatTime } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { CampaignStatusBadge } from "./campaign-status-badge.tsx";

/** The campaigns, every status: name, status, schedule (Hong Kong time), coins spent of the budget, members who earned. */
export function Component() {
  const { t } = useTranslation();
  const campaigns = useQuery(campaignsQuery());
  const canEdit = useHolds("programme.edit");
  const language = currentLanguage();

  return (
    <section className="page">
      <h1>{t("campaigns.title")}</h1>
      <p>{t("campaigns.intro")}</p>
      {canEdit ? (
        <p>
          <Link className="button" to="/campaigns/new">
            {t("campaigns.new")}
          </Link>
        </p>
      ) : null}
      <QueryState query={campaigns} />
      {campaigns.data ? (
        <ListTable
          caption={t("campaigns.title")}
          head={[
            t("campaigns.name"),
            t("campaigns.status"),
            t("campaigns.schedule"),
            t("campaigns.spent"),
            t("campaigns.members"),
          ]}
          empty={t("campaigns.none")}
          count={campaigns.data.campaigns.length}
        >
          {campaigns.data.campaigns.map((campaign) => (
            <tr key={campaign.id}>
              <td>
                <Link to={`/campaigns/${campaign.id}`}>{campaign.name[language]}</Link>
                {campaign.programme_rule ? (
                  <span className="hint"> {t("campaigns.programmeRuleTag")}</span>
                ) : null}
              </td>
              <td>
                <CampaignStatusBadge status={campaign.status} />
              </td>
              <td>
                {t("campaigns.scheduleText", {
                  from: formatTime(campaign.starts_at),
                  to: formatTime(campaign.ends_at),
                })}
              </td>
              <td className="nowrap">
                {campaign.budget_coins === null
                  ? t("campaigns.spentNoBudget", { spent: formatNumber(campaign.spent_coins) })
                  : t("campaigns.spentOf", {
                      spent: formatNumber(campaign.spent_coins),
                      budget: formatNumber(campaign.budget_coins),
                    })}
              </td>
              <td>{formatNumber(campaign.members_earned)}</td>
            </tr>
          ))}
        </ListTable>
      ) : null}
    </section>
  );
}
