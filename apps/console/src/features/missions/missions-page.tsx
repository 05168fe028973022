import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { missionsQuery } from "../../api/missions.ts";
import { useHolds } from "../../api/session.ts";
import { ListTable } from "../../components/list-table.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { formatNumber, formatTime } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { MissionStatusBadge } from "./mission-status-badge.tsx";

/** The e-stamp missions, every status: name, status, goal, schedule (Hong Kong time), completions of the budget. */
export function Component() {
  const { t } = useTranslation();
  const missions = useQuery(missionsQuery());
  const canEdit = useHolds("programme.edit");
  const language = currentLanguage();

  return (
    <section className="page">
      <h1>{t("missions.title")}</h1>
      <p>{t("missions.intro")}</p>
      {canEdit ? (
        <p>
          <Link className="button" to="/missions/new">
            {t("missions.new")}
          </Link>
        </p>
      ) : null}
      <QueryState query={missions} />
      {missions.data ? (
        <ListTable
          caption={t("missions.title")}
          head={[
            t("missions.name"),
            t("missions.status"),
            t("missions.goal"),
            t("missions.schedule"),
            t("missions.completions"),
          ]}
          empty={t("missions.none")}
          count={missions.data.missions.length}
        >
          {missions.data.missions.map((mission) => (
            <tr key={mission.id}>
              <td>
                <Link to={`/missions/${mission.id}`}>{mission.name[language]}</Link>
              </td>
              <td>
                <MissionStatusBadge status={mission.status} />
              </td>
              <td>{t(`missions.goalText.${mission.kind}`, { goal: mission.goal })}</td>
              <td>
                {t("missions.scheduleText", {
                  from: formatTime(mission.starts_at),
                  to: formatTime(mission.ends_at),
                })}
              </td>
              <td className="nowrap">
                {mission.budget_completions === null
                  ? t("missions.completionsNoBudget", { done: formatNumber(mission.completions) })
                  : t("missions.completionsOf", {
                      done: formatNumber(mission.completions),
                      budget: formatNumber(mission.budget_completions),
                    })}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
    </section>
  );
}
