import { Link } from "react-router";
import { imageAddress } from "../../api/media.ts";
import type { MemberReward } from "../../api/member-coins.ts";
import { formatHkd, formatNumber, localized } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { ForYouBadge, RewardStateBadge } from "./reward-state.tsx";

/** Reward pictures are square (600 × 600); width and height keep their box from the first paint. */
export const REWARD_IMAGE = 600;

/** One reward of the catalogue: its picture, title (the link), price, value and state. */
export function RewardCard({ reward }: { reward: MemberReward }) {
  const { t } = useTranslation("rewards");
  const title = localized(reward.title);
  return (
    <li className={`card reward-card${reward.state === "available" ? "" : " reward-card-unavailable"}`}>
      {reward.image_url ? (
        <img
          className="reward-image"
          src={imageAddress(reward.image_url)}
          width={REWARD_IMAGE}
          height={REWARD_IMAGE}
          alt={title}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <div className="reward-image reward-image-missing" aria-hidden="true" />
      )}
      <div className="reward-card-body">
        <h2 className="reward-card-title">
          <Link to={paths.reward(reward.id)}>{title}</Link>
        </h2>
        <p className="reward-price">{t("price", { coins: formatNumber(reward.coins) })}</p>
        {reward.value_amount && (
          <p className="muted">{t("value", { amount: formatHkd(reward.value_amount) })}</p>
        )}
        <ForYouBadge reward={reward} /> <RewardStateBadge reward={reward} />
      </div>
    </li>
  );
}
