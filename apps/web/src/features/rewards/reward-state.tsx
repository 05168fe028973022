import type { MemberReward } from "../../api/member-coins.ts";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** At or below this many units left, the catalogue says "only N left". */
export const LOW_STOCK = 10;

/** An offer to a segment the member is in, said as such; nothing for everyone's rewards. */
export function ForYouBadge({ reward }: { reward: MemberReward }) {
  const { t } = useTranslation("rewards");
  return reward.for_you ? <p className="reward-badge reward-badge-for-you">{t("forYou")}</p> : null;
}

/** What a reward's state means to the member, as a short badge; nothing for a plentiful available reward. */
export function RewardStateBadge({ reward }: { reward: MemberReward }) {
  const { t } = useTranslation("rewards");
  if (reward.state === "available") {
    if (reward.stock > LOW_STOCK) return null;
    return (
      <p className="reward-badge reward-badge-low">
        {t("state.onlyLeft", { count: reward.stock, formatted: formatNumber(reward.stock) })}
      </p>
    );
  }
  const text =
    reward.state === "notStarted" && reward.starts_at
      ? t("state.startsOn", { date: formatDate(reward.starts_at) })
      : t(`state.${reward.state}`);
  return <p className={`reward-badge reward-badge-${reward.state}`}>{text}</p>;
}
