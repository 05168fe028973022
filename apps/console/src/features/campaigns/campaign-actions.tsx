import type { ConsoleCampaign } from "@hcoins/domain/api/console-campaigns";
import { useCampaignChange } from "../../api/campaigns.ts";
import { LifecycleActions } from "../../components/lifecycle-actions.tsx";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";

/**
 * What a saved campaign's status allows (LifecycleActions). The activation request carries
 * `dryRunDays`, the days of the form's last dry run, for the dry run the approver reads.
 */
export function CampaignActions({ campaign, dryRunDays }: { campaign: ConsoleCampaign; dryRunDays: number }) {
  const { t } = useTranslation();
  const { requestActivation, pause, end } = useCampaignChange();
  const name = campaign.name[currentLanguage()];
  return (
    <LifecycleActions
      status={campaign.status}
      texts={{
        requestTitle: t("campaigns.requestTitle", { name }),
        pauseTitle: t("campaigns.pauseTitle", { name }),
        pauseConfirm: t("campaigns.pauseConfirm"),
        endTitle: t("campaigns.endTitle", { name }),
        endConfirm: t("campaigns.endConfirm"),
        end: t("campaigns.end"),
        paused: t("campaigns.paused", { name }),
        ended: t("campaigns.ended", { name }),
      }}
      request={{
        run: (note) => requestActivation.mutateAsync({ id: campaign.id, note, dryRunDays }),
        pending: requestActivation.isPending,
      }}
      pause={{ run: () => pause.mutateAsync(campaign.id), pending: pause.isPending }}
      end={{ run: () => end.mutateAsync(campaign.id), pending: end.isPending }}
    />
  );
}
