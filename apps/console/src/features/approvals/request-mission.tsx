import type { ApprovalRequest } from "@hcoins/domain/api/console-coin-controls";
import type { TFunction } from "@hcoins/i18n/translator";
import { Link } from "react-router";
import { formatNumber, formatTime } from "../../lib/format.ts";
import { currentLanguage, type Key, useTranslation } from "../../lib/i18n.ts";

type Mission = NonNullable<ApprovalRequest["mission"]>;

/** A mission's name, goal, schedule, reward and budget as the approver reads them, in the operator's language. */
export const missionFacts = (mission: Mission, t: TFunction<Key>) => ({
  name: mission.name[currentLanguage()],
  goal: t(`missions.goalText.${mission.kind}`, { goal: mission.goal }),
  from: formatTime(mission.starts_at),
  to: formatTime(mission.ends_at),
  reward: mission.reward_id,
  budget:
    mission.budget_completions === null ? t("campaigns.noBudget") : formatNumber(mission.budget_completions),
});

/** What a mission activation request would switch on: the mission (linked), its goal, schedule, reward and budget. */
export function RequestMission({ mission }: { mission: Mission }) {
  const { t } = useTranslation();
  const facts = missionFacts(mission, t);
  return (
    <span className="request-campaign">
      <Link to={`/missions/${mission.id}`}>{facts.name}</Link>
      <br />
      <span className="hint">{facts.goal}</span>
      <br />
      <span className="hint">{t("approvals.campaign.schedule", facts)}</span>
      <br />
      <span className="hint">{t("approvals.mission.reward", facts)}</span>
    </span>
  );
}
