import { useQuery } from "@tanstack/react-query";
import { type LoaderFunctionArgs, useParams } from "react-router";
import { imageAddress } from "../../api/media.ts";
import { coinBalanceQuery, type MemberReward, rewardQuery } from "../../api/member-coins.ts";
import { FetchStatus } from "../../components/fetch-status.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { formatDate, formatHkd, formatNumber, localized } from "../../lib/format.ts";
import { loadLazyTexts, useTranslation } from "../../lib/i18n.ts";
import { queryClient } from "../../lib/query-client.ts";
import { session } from "../../lib/session.ts";
import { waitForData } from "../../lib/wait-for-data.ts";
import { RedeemPanel } from "./redeem-panel.tsx";
import { REWARD_IMAGE } from "./reward-card.tsx";
import { ForYouBadge, RewardStateBadge } from "./reward-state.tsx";

const idOf = (value: string | undefined) => Math.max(0, Math.floor(Number(value)) || 0);

/** The route's loader: the texts, the reward and a member's balance. */
export const loader = ({ params }: LoaderFunctionArgs) =>
  Promise.all([
    loadLazyTexts(),
    waitForData(
      queryClient.ensureQueryData(rewardQuery(idOf(params.id))),
      ...(session.getToken() ? [queryClient.ensureQueryData(coinBalanceQuery())] : []),
    ),
  ]);

/** `/rewards/:id`: one reward, all it says, and its redemption. */
export function Component() {
  const { t } = useTranslation(["rewards", "common"]);
  const id = idOf(useParams().id);
  const reward = useQuery(rewardQuery(id));
  if (!reward.data) {
    return (
      <PageFrame title={t("rewards:titles.reward")}>
        <FetchStatus
          loading={reward.isPending}
          error={reward.error}
          retryLabel={t("retry")}
          onRetry={() => reward.refetch()}
        />
      </PageFrame>
    );
  }
  return <RewardDetail reward={reward.data} />;
}

function RewardDetail({ reward }: { reward: MemberReward }) {
  const { t } = useTranslation(["rewards", "common"]);
  const title = localized(reward.title);
  const stores = reward.stores.map((store) => (store.name ? localized(store.name) : store.store_code));
  return (
    <PageFrame wide>
      <article className="reward-detail">
        {reward.image_url ? (
          <img
            className="reward-image reward-detail-image"
            src={imageAddress(reward.image_url)}
            width={REWARD_IMAGE}
            height={REWARD_IMAGE}
            alt={title}
            decoding="async"
          />
        ) : (
          <div className="reward-image reward-image-missing reward-detail-image" aria-hidden="true" />
        )}
        <div className="reward-detail-body">
          <h1 className="page-title">{title}</h1>
          <p className="reward-price reward-detail-price">
            {t("price", { coins: formatNumber(reward.coins) })}
          </p>
          {reward.value_amount && (
            <p className="muted">{t("value", { amount: formatHkd(reward.value_amount) })}</p>
          )}
          <ForYouBadge reward={reward} /> <RewardStateBadge reward={reward} />
          <RedeemPanel reward={reward} />
          {localized(reward.description) && <p className="reward-text">{localized(reward.description)}</p>}
          <h2 className="reward-section-title">{t("details")}</h2>
          <dl className="reward-facts">
            <dt>{t("validStores")}</dt>
            <dd>{stores.length > 0 ? stores.join(t("listSeparator")) : t("allStores")}</dd>
            <dt>{t("validity")}</dt>
            <dd>{t("validDays", { count: reward.voucher_valid_days })}</dd>
            {(reward.starts_at || reward.ends_at) && (
              <>
                <dt>{t("window")}</dt>
                <dd>
                  <RewardWindow reward={reward} />
                </dd>
              </>
            )}
            {reward.per_member_limit !== null && (
              <>
                <dt>{t("limit")}</dt>
                <dd>{t("perMember", { count: reward.per_member_limit })}</dd>
              </>
            )}
          </dl>
          {localized(reward.terms) && (
            <>
              <h2 className="reward-section-title">{t("terms")}</h2>
              <p className="reward-text">{localized(reward.terms)}</p>
            </>
          )}
        </div>
      </article>
    </PageFrame>
  );
}

/** When the reward may be redeemed. */
function RewardWindow({ reward }: { reward: MemberReward }) {
  const { t } = useTranslation("rewards");
  if (reward.starts_at && reward.ends_at) {
    return <>{t("windowBetween", { from: formatDate(reward.starts_at), to: formatDate(reward.ends_at) })}</>;
  }
  if (reward.ends_at) return <>{t("windowUntil", { date: formatDate(reward.ends_at) })}</>;
  return <>{t("windowFrom", { date: formatDate(reward.starts_at ?? "") })}</>;
}
