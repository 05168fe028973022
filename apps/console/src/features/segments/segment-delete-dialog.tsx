import type { ConsoleSegment } from "@hcoins/domain/api/console-segments";
import { ErrorCode } from "@hcoins/domain/codes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { campaignsQuery } from "../../api/campaigns.ts";
import { ApiError } from "../../api/client.ts";
import { errorMessage } from "../../api/error-message.ts";
import { rewardsQuery } from "../../api/programme.ts";
import { useSegmentChange } from "../../api/segments.ts";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog.tsx";
import { formatList } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";

/** The ids a refusal to delete (4304) names under `key`; none for any other failure. */
function keptBy(error: unknown, key: "campaign_ids" | "reward_ids"): number[] {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.segmentInUse) return [];
  const ids: unknown = (error.details as Record<string, unknown>)[key];
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === "number") : [];
}

/**
 * Asks before a segment is deleted (from the list or its own page). A segment a campaign not
 * ended or an active reward names is kept (4304): the refusal names them, by the campaign's name
 * and the reward's title in the operator's language (by number until those are known).
 */
export function SegmentDeleteDialog({
  segment,
  onDeleted,
  onCancel,
}: {
  segment: ConsoleSegment;
  onDeleted: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { remove } = useSegmentChange();
  const [failure, setFailure] = useState<unknown>(null);
  const campaignIds = keptBy(failure, "campaign_ids");
  const rewardIds = keptBy(failure, "reward_ids");
  const campaigns = useQuery({ ...campaignsQuery(), enabled: campaignIds.length > 0 });
  const rewards = useQuery({ ...rewardsQuery(), enabled: rewardIds.length > 0 });

  const campaignName = (id: number) =>
    campaigns.data?.campaigns.find((campaign) => campaign.id === id)?.name[language] ?? `#${id}`;
  const rewardTitle = (id: number) =>
    rewards.data?.rewards.find((reward) => reward.id === id)?.title[language] ?? `#${id}`;
  // Sentences run on after a space in English and with none in Chinese ("segments.sentences").
  const refusal =
    failure === null
      ? null
      : [
          campaignIds.length > 0
            ? t("segments.usedByCampaigns", { names: formatList(campaignIds.map(campaignName)) })
            : "",
          rewardIds.length > 0
            ? t("segments.usedByRewards", { names: formatList(rewardIds.map(rewardTitle)) })
            : "",
        ]
          .filter(Boolean)
          .reduce((first, next) => t("segments.sentences", { first, next }), errorMessage(failure, t));

  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(segment.id);
      onDeleted();
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <ConfirmActionDialog
      title={t("segments.deleteTitle")}
      text={t("segments.deleteText", { name: segment.name[language] })}
      confirm={t("segments.delete")}
      danger
      refusal={refusal}
      pending={remove.isPending}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    />
  );
}
