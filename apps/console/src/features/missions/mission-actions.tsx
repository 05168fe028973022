import type { ConsoleMission } from "@hcoins/domain/api/console-missions";
import { useMissionChange } from "../../api/missions.ts";
import { LifecycleActions } from "../../components/lifecycle-actions.tsx";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";

/** What a saved mission's status allows, as a campaign's (LifecycleActions). */
export function MissionActions({ mission }: { mission: ConsoleMission }) {
  const { t } = useTranslation();
  const { requestActivation, pause, end } = useMissionChange();
  const name = mission.name[currentLanguage()];
  return (
    <LifecycleActions
      status={mission.status}
      texts={{
        requestTitle: t("missions.requestTitle", { name }),
        pauseTitle: t("campaigns.pauseTitle", { name }),
        pauseConfirm: t("missions.pauseConfirm"),
        endTitle: t("campaigns.endTitle", { name }),
        endConfirm: t("missions.endConfirm"),
        end: t("missions.end"),
        paused: t("missions.paused", { name }),
        ended: t("missions.ended", { name }),
      }}
      request={{
        run: (note) => requestActivation.mutateAsync({ id: mission.id, note }),
        pending: requestActivation.isPending,
      }}
      pause={{ run: () => pause.mutateAsync(mission.id), pending: pause.isPending }}
      end={{ run: () => end.mutateAsync(mission.id), pending: end.isPending }}
    />
  );
}
